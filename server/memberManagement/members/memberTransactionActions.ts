// A member's ledger transaction explained (/member/form/{ID}/transaction/detail/{trxid}): the
// lot a credit created and what is left of it, the debits that consumed it, the lots a debit consumed, and an
// accrual's criteria (ledger_detail: which rule gave how many miles).
// The transaction row itself is the generic detail of the MEMTRX child screen; this is the part no table holds.
import type { Kysely } from 'kysely';
import { CODES } from '../../../engine/api/responseCodes';
import { actionFunctionCode, readOnlyMenus } from '../../../engine/definition/compile';
import type { Catalogue } from '../../../engine/definition/catalogue';
import { TRANSACTION_LOTS_PATH, type TransactionLots } from '../../../engine/definition/views';
import { defineAction, type Action } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import { SERIAL_MAX } from '../../platform/db/columnTypes';
import type { Schema } from '../../platform/db/schema';


const num = (value: unknown) => Number(value);

/** What the lots answer (engine/definition/views.ts TransactionLots), for the API reference. */
const NUMBER = { type: 'number' };
const LOT_LINE = {
  type: 'object',
  required: ['lotid', 'trxid', 'trxtype', 'amount'],
  properties: { lotid: NUMBER, trxid: NUMBER, trxtype: { type: 'string' }, activitydate: { type: ['string', 'null'] }, expirydate: { type: ['string', 'null'] }, amount: NUMBER, awardmiles: NUMBER, remaining: NUMBER },
};
const DETAIL_LINE = { type: 'object', properties: { lineno: NUMBER, criterion: { type: 'string' }, ruletype: { type: 'string' }, rulecode: { type: 'string' }, description: { type: ['string', 'null'] }, awardmiles: NUMBER, tiermiles: NUMBER, segments: NUMBER } };
const TRANSACTION_LOTS = {
  title: 'transaction lots',
  type: 'object',
  required: ['created', 'consumedBy', 'consumed', 'detail'],
  properties: { created: { anyOf: [LOT_LINE, { type: 'null' }] }, consumedBy: { type: 'array', items: LOT_LINE }, consumed: { type: 'array', items: LOT_LINE }, detail: { type: 'array', items: DETAIL_LINE } },
};

export async function transactionLots(db: Kysely<Schema>, memberid: string, trxid: number): Promise<TransactionLots> {
  const trx = await db.selectFrom('ledger_transaction').select(['trxid', 'trxtype', 'activitydate']).where('trxid', '=', trxid).where('memberid', '=', memberid).executeTakeFirst();
  if (!trx) throw new ApiError(CODES.NOT_FOUND, `Transaction "${trxid}" of member "${memberid}" was not found`);
  const lot = await db.selectFrom('ledger_lot').selectAll().where('lotid', '=', trxid).executeTakeFirst();
  const consumedBy = lot
    ? await db
        .selectFrom('ledger_lot_use as u')
        .innerJoin('ledger_transaction as t', 't.trxid', 'u.trxid')
        .select(['u.lotid', 'u.trxid', 'u.amount', 't.trxtype', 't.activitydate', 't.expirydate'])
        .where('u.lotid', '=', trxid)
        .orderBy('u.trxid')
        .execute()
    : [];
  const consumed = await db
    .selectFrom('ledger_lot_use as u')
    .innerJoin('ledger_lot as l', 'l.lotid', 'u.lotid')
    .innerJoin('ledger_transaction as t', 't.trxid', 'u.lotid')
    .select(['u.lotid', 'u.amount', 'l.expirydate', 'l.awardmiles', 'l.remaining', 't.trxtype', 't.activitydate'])
    .where('u.trxid', '=', trxid)
    .orderBy('l.expirydate')
    .orderBy('u.lotid')
    .execute();
  const detail = await db.selectFrom('ledger_detail').selectAll().where('trxid', '=', trxid).orderBy('lineno').execute();
  return {
    detail: detail.map((d) => ({ lineno: num(d.lineno), criterion: d.criterion, ruletype: d.ruletype, rulecode: d.rulecode, description: d.description, awardmiles: num(d.awardmiles), tiermiles: num(d.tiermiles), segments: num(d.segments) })),
    created: lot
      ? { lotid: num(lot.lotid), trxid, trxtype: trx.trxtype, activitydate: trx.activitydate, expirydate: lot.expirydate, amount: num(lot.awardmiles), awardmiles: num(lot.awardmiles), remaining: num(lot.remaining) }
      : null,
    consumedBy: consumedBy.map((u) => ({ lotid: num(u.lotid), trxid: num(u.trxid), trxtype: u.trxtype, activitydate: u.activitydate, expirydate: u.expirydate, amount: num(u.amount) })),
    consumed: consumed.map((u) => ({ lotid: num(u.lotid), trxid: num(u.lotid), trxtype: u.trxtype, activitydate: u.activitydate, expirydate: u.expirydate, amount: num(u.amount), awardmiles: num(u.awardmiles), remaining: num(u.remaining) })),
  };
}

/** Guarded like the ledger's child screen: its parent's ACCESS, or a read-only menu of it (BOD's Member Data). */
export function memberTransactionActions(catalogue: Catalogue): Action[] {
  const screen = catalogue.screenByResource.get('ledger-transaction');
  if (!screen) return [];
  return [
    defineAction({
      path: TRANSACTION_LOTS_PATH,
      guard: { function: actionFunctionCode(screen, 'access'), orFunctions: readOnlyMenus(catalogue.pages, screen).map((menu) => `${menu}_ACCESS`) },
      data: {
        type: 'object',
        additionalProperties: false,
        required: ['memberid', 'trxid'],
        properties: { memberid: { type: 'string', minLength: 1, maxLength: 20 }, trxid: { type: 'integer', minimum: 1, maximum: SERIAL_MAX } },
      },
      reference: { summary: 'A ledger transaction explained: the lot it created and who consumed it, the lots it consumed, and its criteria', result: TRANSACTION_LOTS, codes: [CODES.NOT_FOUND] },
      handler: async (ctx) => {
        const { memberid, trxid } = ctx.parameter.data as { memberid: string; trxid: number };
        return { result: await transactionLots(ctx.db, memberid, trxid) };
      },
    }),
  ];
}
