// Card number inventory (Card Inventory, CARDINVE): ranges of card numbers per membership, each a prefix and
// sequence numbers first..last. Enrollment takes the next number of its membership's range in its own
// transaction with one guarded UPDATE (row-locked on PostgreSQL, serialized on SQLite), so no two members
// ever get one number; a number a card already holds (demo data) is skipped. Issued = numbers taken from the
// range, used = those now on a member's card, left = numbers not yet taken.
import type { Kysely } from 'kysely';
import { CODES } from '../../../engine/api/responseCodes';
import { ApiError } from '../../platform/core/apiError';
import type { Schema } from '../../platform/db/schema';
import type { ResourceHooks } from '../../platform/resources/hooks';
import type { Row } from '../../platform/resources/records';
import { CARD_SEQUENCE_MAX, cardNumberOf, cardParts, isValidCardNumber } from './cardNumbers';
import { definitionDb } from '../../platform/db/definitionDb';
import { formatMessage } from '../../../engine/rules/messages';
import * as moduleTexts from './texts.json';

export const CARD_INVENTORY_RESOURCE = 'card-inventory';
const TABLE = 'card_inventory';
const ACTIVE = 'ACTIVE';
/** Numbers held by other cards skipped in one enrollment before it gives up (demo data in a new range). */
const MAX_SKIPS = 10_000;

// not in spec: the product's own texts.
export const CARD_TEXTS = moduleTexts.card;

const say = (template: string, params: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (_, key: string) => String(params[key] ?? ''));

interface RangeRow {
  inventorycode: string;
  membershipid: string;
  prefix: string;
  firstnumber: number;
  lastnumber: number;
  nextnumber: number;
}

const asRange = (row: Row): RangeRow => ({
  inventorycode: String(row.inventorycode),
  membershipid: String(row.membershipid),
  prefix: String(row.prefix),
  firstnumber: Number(row.firstnumber),
  lastnumber: Number(row.lastnumber),
  nextnumber: Number(row.nextnumber ?? row.firstnumber),
});

/** Whether a member card holds this number already. */
export async function cardTaken(db: Kysely<Schema>, cardnumber: string): Promise<boolean> {
  return !!(await db.selectFrom('member_card').select('cardnumber').where('cardnumber', '=', cardnumber).executeTakeFirst());
}

/**
 * The next free card number of the membership's active ranges (lowest range first), taken in `trx`: the
 * range's next number moves on, issued and used go up by one and left down by one. No number left in any
 * range: an ApiError on `field`.
 */
export async function issueCardNumber(trx: Kysely<Schema>, membershipid: string, now: Date, field = 'cardnumber'): Promise<string> {
  const db = definitionDb(trx);
  for (let skipped = 0; skipped < MAX_SKIPS; skipped++) {
    const ranges = (await db
      .selectFrom(TABLE)
      .select('inventorycode')
      .where('membershipid', '=', membershipid)
      .where('status', '=', ACTIVE)
      .where('leftcount', '>', 0)
      .orderBy('firstnumber')
      .orderBy('inventorycode')
      .execute()) as { inventorycode: string }[];
    let taken: { prefix: string; nextnumber: number | string; inventorycode: string } | undefined;
    for (const { inventorycode } of ranges) {
      // Guarded: another enrollment that emptied the range meanwhile makes this one update nothing.
      taken = await db
        .updateTable(TABLE)
        .set((eb: any) => ({ nextnumber: eb('nextnumber', '+', 1), issuedcount: eb('issuedcount', '+', 1), leftcount: eb('leftcount', '-', 1), updateddate: now.toISOString() }))
        .where('inventorycode', '=', inventorycode)
        .where('status', '=', ACTIVE)
        .where('leftcount', '>', 0)
        .returning(['prefix', 'nextnumber', 'inventorycode'])
        .executeTakeFirst();
      if (taken) break;
    }
    if (!taken) throw new ApiError(CODES.VALIDATION, say(CARD_TEXTS.noNumberLeft, { membership: membershipid }), 200, { [field]: say(CARD_TEXTS.noNumberLeft, { membership: membershipid }) });
    const cardnumber = cardNumberOf(taken.prefix, Number(taken.nextnumber) - 1);
    if (await cardTaken(trx, cardnumber)) continue;
    await db.updateTable(TABLE).set((eb: any) => ({ usedcount: eb('usedcount', '+', 1) })).where('inventorycode', '=', taken.inventorycode).execute();
    return cardnumber;
  }
  throw new ApiError(CODES.VALIDATION, say(CARD_TEXTS.noNumberLeft, { membership: membershipid }), 200, { [field]: say(CARD_TEXTS.noNumberLeft, { membership: membershipid }) });
}

/**
 * A card number typed at enrollment (a pre-printed card handed over at a counter) may be used: valid, of an
 * active range of the membership, and held by no card. Answers its range; each refusal is an ApiError on `field`.
 */
export async function checkCardNumber(db: Kysely<Schema>, membershipid: string, cardnumber: string, field = 'cardnumber'): Promise<string> {
  const refuse = (message: string, code: string = CODES.VALIDATION) => new ApiError(code, message, 200, { [field]: message });
  if (!isValidCardNumber(cardnumber)) throw refuse(say(CARD_TEXTS.notValid, { value: cardnumber }));
  const { prefix, sequence } = cardParts(cardnumber);
  const range = (await definitionDb(db)
    .selectFrom(TABLE)
    .select('inventorycode')
    .where('membershipid', '=', membershipid)
    .where('prefix', '=', prefix)
    .where('firstnumber', '<=', sequence)
    .where('lastnumber', '>=', sequence)
    .where('status', '=', ACTIVE)
    .executeTakeFirst()) as { inventorycode: string } | undefined;
  if (!range) throw refuse(say(CARD_TEXTS.notInRange, { value: cardnumber, membership: membershipid }));
  if (await cardTaken(db, cardnumber)) throw refuse(say(CARD_TEXTS.taken, { value: cardnumber }), CODES.DUPLICATE);
  return range.inventorycode;
}

/** Takes a typed card number in `trx` (checkCardNumber's rules): counted as used in its range; the range's counter skips it when it gets there. */
export async function claimCardNumber(trx: Kysely<Schema>, membershipid: string, cardnumber: string, field = 'cardnumber'): Promise<void> {
  const inventorycode = await checkCardNumber(trx, membershipid, cardnumber, field);
  await definitionDb(trx).updateTable(TABLE).set((eb: any) => ({ usedcount: eb('usedcount', '+', 1) })).where('inventorycode', '=', inventorycode).execute();
}

/** A range's numbers are within the sequence, last not before first, and overlap no other range of the prefix. */
async function checkRange(trx: Kysely<Schema>, range: RangeRow): Promise<void> {
  const refuse = (field: string, message: string) => new ApiError(CODES.VALIDATION, message, 200, { [field]: message });
  if (range.lastnumber < range.firstnumber) throw refuse('lastnumber', CARD_TEXTS.lastBeforeFirst);
  if (range.lastnumber > CARD_SEQUENCE_MAX) throw refuse('lastnumber', formatMessage(CARD_TEXTS.beyondSequence, { max: CARD_SEQUENCE_MAX }));
  if (range.lastnumber < range.nextnumber - 1) throw refuse('lastnumber', say(CARD_TEXTS.lastBeforeIssued, { value: range.nextnumber - 1 }));
  const other = (await definitionDb(trx)
    .selectFrom(TABLE)
    .select(['inventorycode', 'prefix', 'firstnumber', 'lastnumber'])
    .where('prefix', '=', range.prefix)
    .where('inventorycode', '<>', range.inventorycode)
    .where('firstnumber', '<=', range.lastnumber)
    .where('lastnumber', '>=', range.firstnumber)
    .executeTakeFirst()) as Row | undefined;
  if (other) throw refuse('firstnumber', say(CARD_TEXTS.overlap, { code: String(other.inventorycode), prefix: range.prefix, first: Number(other.firstnumber), last: Number(other.lastnumber) }));
}

/** The counters of a range as its numbers say (left = last - next + 1). */
async function writeCounters(trx: Kysely<Schema>, range: RangeRow, fresh: boolean): Promise<void> {
  await definitionDb(trx)
    .updateTable(TABLE)
    .set({
      nextnumber: range.nextnumber,
      leftcount: range.lastnumber - range.nextnumber + 1,
      ...(fresh ? { issuedcount: 0, usedcount: 0 } : {}),
    })
    .where('inventorycode', '=', range.inventorycode)
    .execute();
}

/** Card Inventory's hooks: a new range starts at its first number; a changed last number keeps what is issued. */
export const cardInventoryHooks: ResourceHooks = {
  async afterCreate(_ctx, trx, record) {
    const range = { ...asRange(record), nextnumber: Number(record.firstnumber) };
    await checkRange(trx, range);
    await writeCounters(trx, range, true);
  },
  async checkChange(_ctx, trx, { after }) {
    if (!after) return;
    const stored = (await definitionDb(trx).selectFrom(TABLE).selectAll().where('inventorycode', '=', after.inventorycode).executeTakeFirst()) as Row | undefined;
    if (!stored) return;
    const range = asRange(stored);
    await checkRange(trx, range);
    await writeCounters(trx, range, false);
  },
};

/** The active ranges' numbers left per membership (for tests and the summary). */
export async function numbersLeft(db: Kysely<Schema>, membershipid: string): Promise<number> {
  const row = (await definitionDb(db).selectFrom(TABLE).select((eb: any) => eb.fn.sum('leftcount').as('left')).where('membershipid', '=', membershipid).where('status', '=', ACTIVE).executeTakeFirst()) as { left: unknown } | undefined;
  return Number(row?.left ?? 0);
}
