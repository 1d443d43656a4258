// Voucher verification (spec 000 §2: /voucher-verification, for users with a partner code): a partner's user
// checks a voucher code of a non-air redemption certificate and marks it used, once. Only that partner's
// vouchers are found; an unknown code, another partner's, a used, cancelled or expired one answer a message on
// the code and change nothing.
import { formatDate } from '../../../engine/definition/format';
import type { Kysely } from 'kysely';
import { CODES } from '../../../engine/api/responseCodes';
import { resourceModelOf, type Catalogue } from '../../../engine/definition/catalogue';
import { formatMessage } from '../../../engine/rules';
import type { ActionContext } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import type { Schema } from '../../platform/db/schema';
import { isoDay } from '../../../engine/definition/dates';
import { rowToRecord, type Row } from '../../platform/resources/records';
import { LEGENDS, writeUserLog } from '../../platform/userlog/userLog';
import { CERTIFICATE_RESOURCE, CERTIFICATE_STATUS } from './redemptionStore';
import { definitionDb } from '../../platform/db/definitionDb';
import * as moduleTexts from './texts.json';

type Db = Kysely<Schema>;

export const VOUCHER_MENU = 'VOUCHVER';
export const VOUCHER_STEP = 'voucher';

// not in spec: the product's own messages for a voucher's verification.
export const VOUCHER_TEXTS = moduleTexts.voucher;

const onCode = (message: string, code: string = CODES.VALIDATION) => new ApiError(code, message, 200, { vouchercode: message });

/** The partner's voucher by code, usable today; otherwise a message on the code. */
export async function usableVoucher(db: Db, catalogue: Catalogue, ctx: ActionContext, vouchercode: unknown): Promise<Row> {
  const partner = ctx.user?.partnercode;
  if (!partner) throw onCode(VOUCHER_TEXTS.noPartner);
  const code = typeof vouchercode === 'string' ? vouchercode.trim().toUpperCase() : '';
  const model = resourceModelOf(catalogue, CERTIFICATE_RESOURCE);
  const row = (await definitionDb(db).selectFrom(model.table).selectAll().where('vouchercode', '=', code).where('partnercode', '=', partner).executeTakeFirst()) as Row | undefined;
  if (!row) throw onCode(formatMessage(VOUCHER_TEXTS.notFound, { code, partner }), CODES.NOT_FOUND);
  const voucher = rowToRecord(model, row);
  if (voucher.status === CERTIFICATE_STATUS.USED) throw onCode(formatMessage(VOUCHER_TEXTS.used, { code, date: formatDate(String(voucher.useddate ?? '').slice(0, 10)) }));
  if (voucher.status === CERTIFICATE_STATUS.CANCELLED) throw onCode(formatMessage(VOUCHER_TEXTS.cancelled, { code }));
  if (voucher.status === CERTIFICATE_STATUS.PENDING) throw onCode(formatMessage(VOUCHER_TEXTS.pending, { code }));
  if (voucher.validitydate && String(voucher.validitydate) < isoDay(ctx.now())) throw onCode(formatMessage(VOUCHER_TEXTS.expired, { code, date: formatDate(String(voucher.validitydate)) }));
  return voucher;
}

/** What the partner sees of a voucher before marking it used. */
export const voucherShown = (voucher: Row): Row => ({
  vouchercode: voucher.vouchercode,
  awardcode: voucher.awardcode,
  name: `${String(voucher.name ?? '')} ${String(voucher.familyname ?? '')}`.trim(),
  validitydate: voucher.validitydate,
  status: voucher.status,
});

/** Marks the voucher used, once: of two partners' users at the same moment only one finds it still ISSUED. */
export async function useVoucher(ctx: ActionContext, trx: Db, catalogue: Catalogue, vouchercode: unknown): Promise<{ message: string; result: Row }> {
  const voucher = await usableVoucher(trx, catalogue, ctx, vouchercode);
  const model = resourceModelOf(catalogue, CERTIFICATE_RESOURCE);
  const at = ctx.now();
  const used = await definitionDb(trx)
    .updateTable(model.table)
    .set({ status: CERTIFICATE_STATUS.USED, useddate: at.toISOString(), usedby: ctx.user!.username })
    .where('memberid', '=', voucher.memberid)
    .where('certificateid', '=', voucher.certificateid)
    .where('status', '=', CERTIFICATE_STATUS.ISSUED)
    .executeTakeFirst();
  const code = String(voucher.vouchercode);
  if (Number(used.numUpdatedRows) !== 1) throw onCode(formatMessage(VOUCHER_TEXTS.used, { code, date: formatDate(isoDay(at)) }));
  await writeUserLog(trx, { username: ctx.user!.username, module: VOUCHER_MENU, legend: LEGENDS.UPDATE, recordkey: String(voucher.certificateid), before: { status: voucher.status }, after: { status: CERTIFICATE_STATUS.USED }, ip: ctx.ip }, at);
  return { message: formatMessage(VOUCHER_TEXTS.marked, { code }), result: { ...voucherShown(voucher), status: CERTIFICATE_STATUS.USED } };
}
