// Promotion registrations: the promotions a member is registered to (read by accrual), the member a card
// belongs to, and a member's registration written once per promotion (by staff on Member Promo, or by a
// Promo File upload).
import type { Kysely } from 'kysely';
import { resourceModelOf, type Catalogue } from '../../../engine/definition/catalogue';
import { compiledOnce, fill, slot } from '../../platform/db/compiledQueries';
import { readRows } from '../../platform/db/database';
import type { Schema } from '../../platform/db/schema';
import { definitionDb } from '../../platform/db/definitionDb';
import * as moduleTexts from './texts.json';

type Row = Record<string, unknown>;

export const REGISTRATION_RESOURCE = 'member-promo';
export const PROMO_FILE_RESOURCE = 'promo-file';
export const REGISTERED = 'REGISTERED';

// not in spec: the product's own texts of registrations.
export const PROMOTION_TEXTS = moduleTexts.promotion;

export const promotionText = (text: keyof typeof PROMOTION_TEXTS, values: { card?: string; promo?: string; code?: string }) =>
  PROMOTION_TEXTS[text].replace('{card}', values.card ?? '').replace('{promo}', values.promo ?? '').replace('{code}', values.code ?? '');

/** The table a resource of the catalogue writes (its model compiled once per catalogue: every post reads registrations). */
const tableOf = (catalogue: Catalogue, resource: string): string => resourceModelOf(catalogue, resource).table;

/** The promotions a member is registered to (each post reads them: one statement, compiled once). */
export async function registeredPromotions(db: Kysely<Schema>, catalogue: Catalogue, memberid: string): Promise<string[]> {
  const table = tableOf(catalogue, REGISTRATION_RESOURCE);
  const compiled = compiledOnce(db, `promotions|registered|${table}`, () =>
    definitionDb(db).selectFrom(table).select('promocode').where('memberid', '=', slot(0)).where('status', '=', slot(1)).compile(),
  );
  const rows = await readRows<{ promocode: string }>(definitionDb(db), fill(compiled, [memberid, REGISTERED]));
  return rows.map((r) => r.promocode);
}

/** The promotions each of some members is registered to (an activity file's chunk reads them at once). */
export async function registrationsOf(db: Kysely<Schema>, catalogue: Catalogue, memberids: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (memberids.length === 0) return out;
  const rows = (await definitionDb(db).selectFrom(tableOf(catalogue, REGISTRATION_RESOURCE)).select(['memberid', 'promocode']).where('memberid', 'in', memberids).where('status', '=', REGISTERED).execute()) as { memberid: string; promocode: string }[];
  for (const r of rows) out.set(r.memberid, [...(out.get(r.memberid) ?? []), r.promocode]);
  return out;
}

/** Of some promotions, those ACTIVE that need registration (the only ones members register to). */
export async function registrablePromotions(db: Kysely<Schema>, catalogue: Catalogue, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = (await definitionDb(db).selectFrom(tableOf(catalogue, 'promotion')).select(['promocode', 'needregister', 'status']).where('promocode', 'in', codes).execute()) as Row[];
  return new Set(rows.filter((r) => (r.needregister === true || Number(r.needregister) === 1) && r.status === 'ACTIVE').map((r) => String(r.promocode)));
}

/** Whether a registration code is ACTIVE (Promo Registration). */
export async function activeCode(db: Kysely<Schema>, catalogue: Catalogue, code: string): Promise<boolean> {
  const row = (await definitionDb(db).selectFrom(tableOf(catalogue, 'registration-code')).select('status').where('registrationcode', '=', code).executeTakeFirst()) as Row | undefined;
  return row?.status === 'ACTIVE';
}

/** The members holding some cards (any of their cards): card number -> member ID. */
export async function membersOfCards(db: Kysely<Schema>, cards: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < cards.length; i += 500) {
    const part = cards.slice(i, i + 500);
    const rows = await db.selectFrom('member_card').select(['cardnumber', 'memberid']).where('cardnumber', 'in', part).execute();
    for (const row of rows) out.set(String(row.cardnumber), String(row.memberid));
  }
  return out;
}

/** The members of these (promotion, member) pairs that are registered already, by any card: 'promo|member'. */
export async function registeredPairs(db: Kysely<Schema>, catalogue: Catalogue, pairs: { promocode: string; memberid: string }[]): Promise<Set<string>> {
  const out = new Set<string>();
  const members = [...new Set(pairs.map((p) => p.memberid))];
  for (let i = 0; i < members.length; i += 500) {
    const rows = (await definitionDb(db)
      .selectFrom(tableOf(catalogue, REGISTRATION_RESOURCE))
      .select(['promocode', 'memberid'])
      .where('memberid', 'in', members.slice(i, i + 500))
      .execute()) as { promocode: string; memberid: string }[];
    for (const row of rows) out.add(`${row.promocode}|${row.memberid}`);
  }
  return out;
}

/** Registers a member to a promotion (a Promo File row), in the caller's transaction. */
export async function register(trx: Kysely<Schema>, catalogue: Catalogue, row: { promocode: string; cardnumber: string; memberid: string; channel: string; user: string; at: string }): Promise<void> {
  await definitionDb(trx)
    .insertInto(tableOf(catalogue, REGISTRATION_RESOURCE))
    .values({ promocode: row.promocode, cardnumber: row.cardnumber, memberid: row.memberid, registrationcode: null, channel: row.channel, status: REGISTERED, createdby: row.user, createddate: row.at, updatedby: row.user, updateddate: row.at })
    .execute();
}

/** Sets the member of a new row (Member Promo, Promo File). */
export async function setMember(trx: Kysely<Schema>, catalogue: Catalogue, resource: string, row: { promocode: string; cardnumber: string }, memberid: string): Promise<void> {
  await definitionDb(trx).updateTable(tableOf(catalogue, resource)).set({ memberid }).where('promocode', '=', row.promocode).where('cardnumber', '=', row.cardnumber).execute();
}
