// Demo members (not production), filled once while the member table is empty: cards in the demo
// memberships and tiers, account periods, most activated, some still to activate, one inactive.
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { hashPassword } from '../session/passwordHash';
import { sha256Hex } from '../session/sessionStore';
import { tierId, type MembershipId } from './tierData';

/** The password of every activated demo member. */
export const DEMO_MEMBER_PASSWORD = 'Member#2026';

interface DemoMember {
  firstname: string;
  lastname: string;
  gender: 'MALE' | 'FEMALE';
  membershipid: MembershipId;
  tier: 'Blue' | 'Silver' | 'Gold' | 'Platinum';
  /** Months since enrollment. */
  months: number;
  /** active: password set; toActivate: no password yet; inactive: status INACTIVE. */
  state: 'active' | 'toActivate' | 'inactive';
  /** Signs in with the e-mail instead of the card number. */
  byEmail?: boolean;
  /** Also holds a co-brand card. */
  cobrand?: boolean;
}

const DEMO_MEMBERS: DemoMember[] = [
  { firstname: 'Budi', lastname: 'Santoso', gender: 'MALE', membershipid: 'FFP', tier: 'Gold', months: 70, state: 'active', cobrand: true },
  { firstname: 'Siti', lastname: 'Rahmawati', gender: 'FEMALE', membershipid: 'FFP', tier: 'Platinum', months: 96, state: 'active', byEmail: true },
  { firstname: 'Agus', lastname: 'Setiawan', gender: 'MALE', membershipid: 'FFP', tier: 'Blue', months: 2, state: 'toActivate' },
  { firstname: 'Dewi', lastname: 'Lestari', gender: 'FEMALE', membershipid: 'FFP', tier: 'Silver', months: 30, state: 'active' },
  { firstname: 'Rizky', lastname: 'Pratama', gender: 'MALE', membershipid: 'FFP', tier: 'Blue', months: 1, state: 'toActivate' },
  { firstname: 'Putri', lastname: 'Handayani', gender: 'FEMALE', membershipid: 'COBRAND', tier: 'Silver', months: 14, state: 'active' },
  { firstname: 'Andi', lastname: 'Wijaya', gender: 'MALE', membershipid: 'FFP', tier: 'Gold', months: 48, state: 'active', cobrand: true },
  { firstname: 'Nur', lastname: 'Hidayah', gender: 'FEMALE', membershipid: 'FFP', tier: 'Blue', months: 9, state: 'active' },
  { firstname: 'Made', lastname: 'Suartana', gender: 'MALE', membershipid: 'FFP', tier: 'Silver', months: 26, state: 'active' },
  { firstname: 'Wayan', lastname: 'Sudarsana', gender: 'MALE', membershipid: 'FFP', tier: 'Blue', months: 3, state: 'toActivate' },
  { firstname: 'Fitri', lastname: 'Anggraini', gender: 'FEMALE', membershipid: 'COBRAND', tier: 'Gold', months: 40, state: 'active', byEmail: true },
  { firstname: 'Hendra', lastname: 'Gunawan', gender: 'MALE', membershipid: 'CORPORATE', tier: 'Platinum', months: 60, state: 'active' },
  { firstname: 'Rina', lastname: 'Kusumawati', gender: 'FEMALE', membershipid: 'CORPORATE', tier: 'Gold', months: 36, state: 'active' },
  { firstname: 'Yusuf', lastname: 'Hakim', gender: 'MALE', membershipid: 'CORPORATE', tier: 'Silver', months: 5, state: 'toActivate' },
  { firstname: 'Ayu', lastname: 'Permatasari', gender: 'FEMALE', membershipid: 'FFP', tier: 'Blue', months: 18, state: 'active' },
  { firstname: 'Bambang', lastname: 'Susilo', gender: 'MALE', membershipid: 'FFP', tier: 'Silver', months: 84, state: 'inactive' },
  { firstname: 'Indah', lastname: 'Purnamasari', gender: 'FEMALE', membershipid: 'FFP', tier: 'Platinum', months: 110, state: 'active' },
  { firstname: 'Fajar', lastname: 'Nugroho', gender: 'MALE', membershipid: 'COBRAND', tier: 'Blue', months: 6, state: 'active' },
  { firstname: 'Lina', lastname: 'Marlina', gender: 'FEMALE', membershipid: 'FFP', tier: 'Gold', months: 55, state: 'active' },
  { firstname: 'Eko', lastname: 'Prasetyo', gender: 'MALE', membershipid: 'FFP', tier: 'Blue', months: 4, state: 'toActivate' },
];

/** A 10-digit card number: programme prefix (54: corporate accounts), a 7-digit sequence and a Luhn check digit, as card printers expect. */
export function cardNumber(prefix: '51' | '52' | '53' | '54', sequence: number): string {
  const body = `${prefix}${String(sequence).padStart(7, '0')}`;
  let sum = 0;
  [...body].reverse().forEach((digit, i) => {
    let d = Number(digit);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  });
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const CARD_PREFIX: Record<MembershipId, '51' | '52' | '53'> = { FFP: '51', COBRAND: '52', CORPORATE: '53' };
const day = (date: Date) => date.toISOString().slice(0, 10);

const monthsBefore = (now: Date, months: number): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, Math.min(now.getUTCDate(), 28)));

/** Inserts the demo members once; returns how many were inserted. */
export async function seedMemberData(db: Kysely<Schema>, now = new Date()): Promise<number> {
  if (await db.selectFrom('member').select('memberid').limit(1).executeTakeFirst()) return 0;
  const at = now.toISOString();
  const passwordhash = await hashPassword(sha256Hex(DEMO_MEMBER_PASSWORD));
  await db.transaction().execute(async (trx) => {
    for (const [i, m] of DEMO_MEMBERS.entries()) {
      const memberid = `MBR${String(i + 1).padStart(7, '0')}`;
      const card = cardNumber(CARD_PREFIX[m.membershipid], i + 1);
      const email = `${m.firstname}.${m.lastname}@example.com`.toLowerCase();
      const enrolled = monthsBefore(now, m.months);
      const inserted = await trx
        .insertInto('member')
        .values({
          memberid,
          firstname: m.firstname,
          lastname: m.lastname,
          gender: m.gender,
          status: m.state === 'inactive' ? 'INACTIVE' : 'ACTIVE',
          email,
          username: m.byEmail ? email : card,
          passwordhash: m.state === 'toActivate' ? null : passwordhash,
          emailverified: m.state === 'active' ? 1 : 0,
          createddate: enrolled.toISOString(),
          updateddate: at,
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) continue;
      const cards = [{ cardnumber: card, membershipid: m.membershipid, tierid: tierId(m.membershipid, m.tier) }];
      if (m.cobrand) cards.push({ cardnumber: cardNumber('52', 100 + i), membershipid: 'COBRAND', tierid: tierId('COBRAND', m.tier) });
      await trx
        .insertInto('member_card')
        .values(cards.map((c) => ({ ...c, memberid, status: m.state === 'inactive' ? 'INACTIVE' : 'ACTIVE', issuedate: day(enrolled) })))
        .execute();
      // The tier's current 12-month period, counted from the enrollment day.
      const start = monthsBefore(now, m.months % 12);
      const end = new Date(Date.UTC(start.getUTCFullYear() + 1, start.getUTCMonth(), start.getUTCDate() - 1));
      await trx.insertInto('member_account').values({ memberid, startperiod: day(start), endperiod: day(end) }).execute();
    }
  });
  return DEMO_MEMBERS.length;
}
