// Duplicate detection at enrollment: a new member whose name and date of birth, e-mail, ID card number or
// passport number match another member's is enrolled all the same, and each match is recorded on the
// Suspect Duplicate screen (SUSPDUP) for staff to mark as not a duplicate or to ask for a merge.
import type { Kysely } from 'kysely';
import { CODES } from '../../../engine/api/responseCodes';
import { formatMessage } from '../../../engine/rules';
import { ApiError } from '../../platform/core/apiError';
import type { Schema } from '../../platform/db/schema';
import type { ResourceHooks } from '../../platform/resources/hooks';
import { definitionDb } from '../../platform/db/definitionDb';
import * as moduleTexts from './texts.json';

export const SUSPECT_RESOURCE = 'suspect-duplicate';
export const SUSPECT_TABLE = 'suspect_duplicate';
/** The merged-away accounts are not members any more. */
const CLOSED = 'CLOSED';
/** Matches recorded per rule at most (a very common name on one birthday). */
const MAX_MATCHES = 20;

/** The rules (screens/member-management/suspect-duplicate.json, field matchrule). */
export const MATCH_RULES = { NAME_BIRTHDATE: 'NAME_BIRTHDATE', EMAIL: 'EMAIL', IDCARD: 'IDCARD', PASSPORT: 'PASSPORT' } as const;
/** Statuses of screens/member-management/suspect-duplicate.json: decided once; a merge request's then follow its decision. */
export const SUSPECT_STATUS = { OPEN: 'OPEN', NOT_DUPLICATE: 'NOT_DUPLICATE', MERGE_REQUESTED: 'MERGE_REQUESTED', MERGED: 'MERGED', MERGE_REJECTED: 'MERGE_REJECTED' } as const;

// not in spec: the product's own texts.
export const SUSPECT_TEXTS = moduleTexts.suspect;

export interface NewMember {
  memberid: string;
  cardnumber: string;
  memberfullname: string;
  firstname: string;
  lastname: string;
  birthdate: string | null;
  email: string | null;
  idcardno: string | null;
  passportno: string | null;
}

export interface DuplicateMatch {
  matchedmemberid: string;
  matchedcardnumber: string | null;
  matchedmembername: string | null;
  matchrule: string;
  matchedvalue: string;
}

type Probe = { rule: string; value: string | null; where: (db: Kysely<any>) => any };

/** Every other member (not closed) matching the new one by a rule, one entry per member and rule. */
export async function findDuplicates(db: Kysely<Schema>, member: NewMember): Promise<DuplicateMatch[]> {
  const anyDb = definitionDb(db);
  const base = () => anyDb.selectFrom('member').select(['memberid', 'cardnumber', 'memberfullname', 'firstname', 'lastname']).where('memberid', '<>', member.memberid).where('status', '<>', CLOSED);
  const email = member.email?.trim();
  const probes: Probe[] = [
    {
      rule: MATCH_RULES.NAME_BIRTHDATE,
      value: member.birthdate ? `${member.memberfullname} ${member.birthdate}` : null,
      // The birth date's index narrows; the names compare without case.
      where: () =>
        base()
          .where('birthdate', '=', member.birthdate)
          .where((eb: any) => eb(eb.fn('lower', ['firstname']), '=', member.firstname.toLowerCase()))
          .where((eb: any) => eb(eb.fn('lower', [eb.fn.coalesce('lastname', eb.val(''))]), '=', member.lastname.toLowerCase())),
    },
    { rule: MATCH_RULES.EMAIL, value: email || null, where: () => base().where('email', 'in', [...new Set([email, email?.toLowerCase()])]) },
    { rule: MATCH_RULES.IDCARD, value: member.idcardno, where: () => base().where('idcardno', '=', member.idcardno) },
    { rule: MATCH_RULES.PASSPORT, value: member.passportno, where: () => base().where('passportno', '=', member.passportno) },
  ];
  const matches: DuplicateMatch[] = [];
  for (const probe of probes) {
    if (!probe.value) continue;
    const rows = (await probe.where(anyDb).orderBy('memberid').limit(MAX_MATCHES).execute()) as Record<string, string | null>[];
    for (const row of rows) {
      matches.push({
        matchedmemberid: String(row.memberid),
        matchedcardnumber: row.cardnumber ?? null,
        matchedmembername: row.memberfullname ?? `${row.firstname ?? ''} ${row.lastname ?? ''}`.trim(),
        matchrule: probe.rule,
        matchedvalue: probe.value.slice(0, 255),
      });
    }
  }
  return matches;
}

/** Records the matches of a new member as OPEN suspects, in the enrollment's transaction. */
export async function recordSuspects(trx: Kysely<Schema>, member: NewMember, matches: DuplicateMatch[], user: string, now: Date): Promise<void> {
  if (matches.length === 0) return;
  const at = now.toISOString();
  await definitionDb(trx)
    .insertInto(SUSPECT_TABLE)
    .values(
      matches.map((match) => ({
        memberid: member.memberid,
        cardnumber: member.cardnumber,
        membername: member.memberfullname,
        ...match,
        detecteddate: at.slice(0, 10),
        status: SUSPECT_STATUS.OPEN,
        createdby: user,
        createddate: at,
        updatedby: user,
        updateddate: at,
      })),
    )
    .execute();
}

/** A suspect is decided once: Not Duplicate and Request Merge apply to an OPEN one only. */
export const suspectDuplicateHooks: ResourceHooks = {
  async checkChange(_ctx, _trx, { before, after }) {
    if (after && before.status !== SUSPECT_STATUS.OPEN) {
      throw new ApiError(CODES.ALREADY_DECIDED, formatMessage(SUSPECT_TEXTS.alreadyDecided, { status: String(before.status) }));
    }
  },
};
