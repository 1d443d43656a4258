// Demo data of the member checks, once, after the demo members: a few members whose names fail the
// name check (drawn members renamed as a careless import would have them), suspect duplicates (drawn members
// enrolled a second time: the same name and birth date, the same e-mail, the same ID card number, recorded by
// the enrollment's own duplicate check), ID documents waiting for review, locked members (from failed one-time
// codes and from staff), and referral codes with members who enrolled with them. Deterministic: the same
// members every time (newest member ids first: drawn members when there are any).
import type { Kysely } from 'kysely';
import type { Catalogue } from '../../engine/definition/catalogue';
import type { Schema } from '../platform/db/schema';
import { LOCK_REASONS, PUBLIC_LOCKER, lockMember } from '../memberManagement/members/memberLocks';
import { checkUncheckedNames } from '../memberManagement/memberChecks/memberChecksStore';
import { MEMBER_MENU } from '../memberManagement/memberChecks/memberChecksHooks';
import { referralCode } from '../memberManagement/memberChecks/referralCode';
import { MATCH_RULES, findDuplicates, recordSuspects } from '../memberManagement/enrollment/duplicateCheck';
import { memberFullName } from '../../domain/memberRecord';
import { NAMED_MEMBERS } from './memberData';
import { definitionDb } from '../platform/db/definitionDb';

/** Beyond this many members (a volume database) the names are left to the daily name-check job. */
const DEMO_CHECK_LIMIT = 20_000;

/** Names as careless data entry or an old import leaves them (each fails pattern.name or the suspicious list). */
const BAD_NAMES: readonly [string, string][] = [
  ['Test', 'Member'],
  ['Dummy', 'Santoso'],
  ['R!zky', 'Pratama'],
  ['Sri', 'W@hyuni'],
  ['XXX', 'Wijaya'],
  ['Dewi_', 'Kartika'],
];
const LOCKS: readonly { reason: string; by: string }[] = [
  { reason: LOCK_REASONS.otp, by: PUBLIC_LOCKER },
  { reason: LOCK_REASONS.otp, by: PUBLIC_LOCKER },
  { reason: 'Card reported lost by the member', by: 'admin' },
  { reason: 'Suspicious redemption activity under review', by: 'admin' },
];
const PENDING_IDENTITIES = 6;
/** Renamed members are this far apart in member id order (oldest drawn members first). */
const BAD_NAME_SPACING = 7;
const REFERRERS = 5;
/**
 * Suspect duplicates: [rule, the older member's place among the drawn members, the newer one's], as fractions
 * of the drawn members (clear of the renamed ones at the start). The newer member takes the older one's name and
 * birth date, e-mail or ID card number, as a second enrollment of the same person would.
 */
const SUSPECT_PAIRS: readonly [string, number, number][] = [
  [MATCH_RULES.NAME_BIRTHDATE, 0.3, 0.6],
  [MATCH_RULES.NAME_BIRTHDATE, 0.35, 0.65],
  [MATCH_RULES.EMAIL, 0.4, 0.7],
  [MATCH_RULES.EMAIL, 0.45, 0.75],
  [MATCH_RULES.IDCARD, 0.5, 0.8],
  [MATCH_RULES.IDCARD, 0.55, 0.85],
];
/** Fewer drawn members than this: no suspects (the pairs would meet the renamed members). */
const SUSPECT_MIN_DRAWN = 100;const REFERRED_PER_CODE = 2;

export async function seedMemberCheckData(db: Kysely<Schema>, catalogue: Catalogue, now: Date): Promise<void> {
  const memberScreen = catalogue.screenByMenu.get(MEMBER_MENU);
  if (!memberScreen) return;
  const done = await definitionDb(db).selectFrom('member').select('memberid').where('namecheckstatus', 'is not', null).limit(1).executeTakeFirst();
  if (done) return;
  const { n } = (await definitionDb(db).selectFrom('member').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as { n: number | string };
  if (Number(n) === 0 || Number(n) > DEMO_CHECK_LIMIT) return;
  const members = (await definitionDb(db).selectFrom('member').select(['memberid', 'firstname', 'status']).orderBy('memberid', 'desc').execute()) as { memberid: string; firstname: string; status: string }[];
  const active = members.filter((m) => m.status === 'ACTIVE');
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString();
  // Who takes which part: distinct members, drawn ones first (the named members keep their names).
  let next = 0;
  const take = (count: number, from = members) => {
    const picked = from.slice(next, next + count);
    next += count;
    return picked;
  };

  await db.transaction().execute(async (trx) => {
    // Only drawn members are renamed: the named ones' names are what the public pages' tests type.
    const drawn = members.filter((m) => Number(m.memberid.replace(/\D/g, '')) > NAMED_MEMBERS.length).reverse();
    if (drawn.length >= BAD_NAMES.length * BAD_NAME_SPACING) {
      for (const [i, [firstname, lastname]] of BAD_NAMES.entries()) {
        const member = drawn[i * BAD_NAME_SPACING]!;
        await definitionDb(trx).updateTable('member').set({ firstname, lastname, memberfullname: memberFullName(firstname, lastname) }).where('memberid', '=', member.memberid).execute();
      }
    }
    if (drawn.length >= SUSPECT_MIN_DRAWN) await seedSuspects(trx, drawn.map((m) => m.memberid), now);
    for (const [i, member] of take(PENDING_IDENTITIES).entries()) {
      await definitionDb(trx).updateTable('member').set({ identitystatus: 'PENDING', identitysubmitteddate: at(1 + i * 2) }).where('memberid', '=', member.memberid).execute();
    }
    for (const [i, member] of take(LOCKS.length).entries()) await lockMember(trx, { memberid: member.memberid, ...LOCKS[i]!, now: new Date(at(i * 3)) });
    const referrers = take(REFERRERS, active);
    for (const [i, referrer] of referrers.entries()) {
      const code = referralCode(referrer.firstname, Uint8Array.from([i * 7 + 1, i * 11 + 2, i * 13 + 3, i * 17 + 4]));
      await definitionDb(trx).updateTable('member').set({ referralcode: code }).where('memberid', '=', referrer.memberid).execute();
      for (const referred of take(REFERRED_PER_CODE)) await definitionDb(trx).updateTable('member').set({ referredby: code }).where('memberid', '=', referred.memberid).execute();
    }
  });
  // Every member's names checked once: the renamed ones land on Invalid Name Check.
  while ((await checkUncheckedNames(db, memberScreen, { now, batch: 1000 })).checked > 0);
}

type Identity = { memberid: string; cardnumber: string | null; firstname: string; lastname: string | null; memberfullname: string | null; birthdate: string | null; email: string | null; idcardno: string | null; passportno: string | null };

/** The pairs of SUSPECT_PAIRS made duplicates, each newer member checked as an enrollment checks it. */
async function seedSuspects(trx: Kysely<Schema>, drawn: string[], now: Date): Promise<void> {
  const read = async (memberid: string) =>
    (await definitionDb(trx).selectFrom('member').select(['memberid', 'cardnumber', 'firstname', 'lastname', 'memberfullname', 'birthdate', 'email', 'idcardno', 'passportno']).where('memberid', '=', memberid).executeTakeFirstOrThrow()) as Identity;
  for (const [rule, olderPart, newerPart] of SUSPECT_PAIRS) {
    const newerAt = Math.floor(drawn.length * newerPart);
    let olderAt = Math.floor(drawn.length * olderPart);
    // The first member from that place on who has what the rule compares (a foreign member may have no ID card).
    let older = await read(drawn[olderAt]!);
    while (!(rule === MATCH_RULES.NAME_BIRTHDATE ? older.birthdate : rule === MATCH_RULES.EMAIL ? older.email : older.idcardno) && olderAt + 1 < newerAt) older = await read(drawn[++olderAt]!);
    const copied: Partial<Identity> =
      rule === MATCH_RULES.NAME_BIRTHDATE
        ? { firstname: older.firstname, lastname: older.lastname, memberfullname: memberFullName(older.firstname, older.lastname), birthdate: older.birthdate }
        : rule === MATCH_RULES.EMAIL
          ? { email: older.email }
          : { idcardno: older.idcardno };
    await definitionDb(trx).updateTable('member').set(copied).where('memberid', '=', drawn[newerAt]!).execute();
    const newer = await read(drawn[newerAt]!);
    const member = { ...newer, cardnumber: newer.cardnumber ?? '', memberfullname: newer.memberfullname ?? memberFullName(newer.firstname, newer.lastname), lastname: newer.lastname ?? '' };
    await recordSuspects(trx, member, await findDuplicates(trx, member), 'system', now);
  }
}
