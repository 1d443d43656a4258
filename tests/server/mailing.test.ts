// The mailing catalogue and buy-product on both databases (spec 001 §3.6, §4.5, §4.7, §8): letters,
// paper and envelope inventory (the selectors filtered by category), product variants with stock, a product's
// 'Total Price (Include Tax)' derived from its price and tax; a member's product purchase paid in miles (a ledger
// debit, stock taken, Success at once, all in one transaction) or in cash (Waiting For Payment, confirmed before
// its verification time, or failed with its stock back), and each bad input answering its field's message with
// nothing changed: no vendor for the product or region, out of stock, not enough miles, a method the product does
// not take, an inactive member or product.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { loadCatalogue } from '../../server/platform/definitions';
import { checkLedger } from '../../server/ledger/ledgerStore';
import { PAYMENT_EXPIRY_JOB, mailingJobHandlers } from '../../server/mailingProduct/mailing/mailingJobs';
import { startTestServer, testDatabases, type TestServer } from './harness';

type Row = Record<string, unknown>;

const ASIA = '142';
const ADDRESS = 'Jl. Thamrin No. 1, Jakarta';
/** Andi Wijaya, an active Gold member with miles (the demo's own purchases are his and Indah's). */
const BUYER = 'MBR0000007';

describe.each(testDatabases)('mailing catalogue and buy-product on $name', (target) => {
  let server: TestServer;
  let call: (path: string, data?: unknown, extra?: Record<string, unknown>) => ReturnType<TestServer['call']>;
  const db = () => server.database.db as unknown as import('kysely').Kysely<any>;
  const options = async (selector: string) => (await call('/api/selector/options', { selector })).body.result as Row[];
  const purchases = async (memberid: string) =>
    (await call('/api/member-buy-product/list', undefined, { paging: { limit: -1, page: 1 }, parameter: { criteria: { memberid } } })).body.result as Row[];
  const stock = async (mailingproductcode: string, inventoryvariantid: string) =>
    Number((await db().selectFrom('mailing_product_variant').select('quantity').where('mailingproductcode', '=', mailingproductcode).where('inventoryvariantid', '=', inventoryvariantid).executeTakeFirst())?.quantity);
  const balance = async (memberid: string) => Number((await db().selectFrom('member').select('awardmiles').where('memberid', '=', memberid).executeTakeFirst())?.awardmiles);
  const buy = (values: Row) => call('/api/member-buy-product/create', { memberid: BUYER, quantity: 1, address: ADDRESS, city: 'Jakarta', country: 'ID', postalcode: '10310', ...values });
  const orderOf = (purchaseid: unknown) => db().selectFrom('card_order').selectAll().where('referenceid', '=', String(purchaseid)).execute();

  beforeAll(async () => {
    server = await startTestServer(target);
    const token = (await server.login('admin')).body.result.bearer as string;
    call = (path, data, extra = {}) => server.call(path, data, { token, ...extra });
  });
  afterAll(async () => server?.close());

  it('serves letters, and paper and envelope inventory each to its own selector (spec 001 §4.7)', async () => {
    expect((await options('inventory-paper')).map((o) => o.value).sort()).toEqual(['A4-LETTERHEAD', 'PVC-CARD']);
    expect((await options('inventory-envelope')).map((o) => o.value).sort()).toEqual(['ENV-C5', 'ENV-DL']);
    expect((await options('letter')).find((o) => o.value === 'LTR-WELCOME')).toMatchObject({ label: 'Welcome Letter', lettertype: 'WELCOME' });
    const variants = (await options('mailing-product-variant')).filter((o) => o.mailingproductcode === 'UMBRELLA');
    expect(variants.map((o) => [o.value, o.quantity])).toEqual(expect.arrayContaining([['BLACK', 0]]));
    const stockRows = (await call('/api/inventory-variant/list', undefined, { paging: { limit: -1, page: 1 }, parameter: { criteria: { inventorycode: 'ENV-DL' } } })).body.result as Row[];
    expect(stockRows.map((r) => [r.inventoryvariantid, r.quantity])).toEqual([['DL-PLAIN', 8000], ['DL-WINDOW', 0]]);
  });

  it('derives the Total Price (Include Tax) of a product whenever its price or tax is saved', async () => {
    const saved = await call('/api/mailing-product/section-price', { mailingproductcode: 'CARDSILV', paymenttype: 'CASH', currencycode: 'IDR', price: 80000, taxpercent: 11, mileageprice: null });
    expect(saved.body.status.responsecode).toBe(CODES.SUCCESS);
    expect(saved.body.result).toMatchObject({ price: 80000, taxpercent: 11, totalprice: 88800 });
    // A total sent by the client is not taken: the price section derives it.
    const sent = await call('/api/mailing-product/section-price', { mailingproductcode: 'CARDSILV', paymenttype: 'CASH', currencycode: 'IDR', price: 60000, taxpercent: 10, totalprice: 1, mileageprice: null });
    expect(sent.body.result).toMatchObject({ price: 60000, taxpercent: 10, totalprice: 66000 });
    const cash = await call('/api/mailing-product/section-price', { mailingproductcode: 'CARDSILV', paymenttype: 'CASH', currencycode: null, price: null, taxpercent: 0, mileageprice: null });
    // Paid in cash, a product needs its currency and price.
    expect(cash.body.status.responsecode).toBe(CODES.VALIDATION);
    expect(Object.keys(cash.body.result?.fields ?? {}).sort()).toEqual(['currencycode', 'price']);
  });

  it('pays a purchase in miles in one transaction: the ledger debit, the stock, Success with its payment time and receipt', async () => {
    const before = await balance(BUYER);
    const stockBefore = await stock('LUGTAG', 'NAVY');
    const answer = await buy({ mailingproductcode: 'LUGTAG', inventoryvariantid: 'NAVY', quantity: 3, paymentmethod: 'MILEAGE' });
    expect(answer.body.status.responsecode).toBe(CODES.SUCCESS);
    const purchase = answer.body.result as Row;
    expect(purchase).toMatchObject({ status: 'SUCCESS', unitprice: 1500, totalamount: 4500, pricetext: '4,500 Miles', currencycode: null, receiptnumber: `BP${String(purchase.purchaseid)}` });
    expect(purchase.paymenttime).toEqual(expect.any(String));
    expect(await balance(BUYER)).toBe(before - 4500);
    expect(await stock('LUGTAG', 'NAVY')).toBe(stockBefore - 3);
    const ledger = await db().selectFrom('ledger_transaction').selectAll().where('trxid', '=', Number(purchase.trxid)).executeTakeFirst();
    expect(ledger).toMatchObject({ memberid: BUYER, trxtype: 'BUYPRODUCT' });
    expect(Math.abs(Number(ledger?.awardmiles))).toBe(4500);
    // Paid, it is a mailing order of the product in the region of its country, to its address.
    const [order] = await orderOf(purchase.purchaseid);
    expect(order).toMatchObject({ memberid: BUYER, ordertype: 'PRODUCT', mailingproductcode: 'LUGTAG', quantity: 3, regioncode: ASIA, status: 'PAYMENT_SUCCESS' });
    expect(purchase).toMatchObject({ regioncode: ASIA, orderid: String(order.orderid) });
    const destination = await db().selectFrom('order_destination').selectAll().where('orderid', '=', order.orderid).executeTakeFirst();
    expect(destination).toMatchObject({ sendto: 'MEMBER', address: ADDRESS, city: 'Jakarta', country: 'ID', postalcode: '10310' });
    // The detail the buy-product cards draw from.
    const detail = (await call('/api/member-buy-product/detail', { memberid: BUYER, purchaseid: purchase.purchaseid })).body.result as Row;
    expect(detail).toMatchObject({ paymentmethod: 'MILEAGE', status: 'SUCCESS', trxid: purchase.trxid });
  });

  it('keeps a cash purchase waiting for payment until staff confirm it in time, or fail it and get the stock back', async () => {
    const stockBefore = await stock('MODEL737', 'STD');
    const milesBefore = await balance(BUYER);
    const waiting = (await buy({ mailingproductcode: 'MODEL737', inventoryvariantid: 'STD', paymentmethod: 'CASH' })).body.result as Row;
    expect(waiting).toMatchObject({ status: 'WAITING_FOR_PAYMENT', currencycode: 'IDR', unitprice: 350000, taxpercent: 11, totalamount: 388500, pricetext: 'IDR 388,500', paymenttime: null });
    const timeout = new Date(String(waiting.paymentverificationtimeout)).getTime();
    expect(timeout - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(timeout - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    expect(await stock('MODEL737', 'STD')).toBe(stockBefore - 1);
    expect(await balance(BUYER)).toBe(milesBefore);
    expect(await orderOf(waiting.purchaseid)).toEqual([]);

    const confirmed = await call('/api/member-buy-product/confirm-payment', { memberid: BUYER, purchaseid: waiting.purchaseid });
    expect(confirmed.body.status.responsecode).toBe(CODES.SUCCESS);
    const paid = (await purchases(BUYER)).find((p) => p.purchaseid === waiting.purchaseid)!;
    expect(paid).toMatchObject({ status: 'SUCCESS', receiptnumber: `BP${String(waiting.purchaseid)}` });
    expect(paid.paymenttime).toEqual(expect.any(String));
    expect((await orderOf(waiting.purchaseid)).map((o) => String(o.orderid))).toEqual([paid.orderid]);
    // A decided payment is not confirmed or failed again.
    const again = await call('/api/member-buy-product/fail-payment', { memberid: BUYER, purchaseid: waiting.purchaseid });
    expect(again.body.status.responsecode).not.toBe(CODES.SUCCESS);

    const second = (await buy({ mailingproductcode: 'MODEL737', inventoryvariantid: 'STD', paymentmethod: 'CASH' })).body.result as Row;
    expect(await stock('MODEL737', 'STD')).toBe(stockBefore - 2);
    expect((await call('/api/member-buy-product/fail-payment', { memberid: BUYER, purchaseid: second.purchaseid })).body.status.responsecode).toBe(CODES.SUCCESS);
    expect(await stock('MODEL737', 'STD')).toBe(stockBefore - 1);
    expect(await orderOf(second.purchaseid)).toEqual([]);
  });

  it('refuses to confirm a cash payment after its verification time: it can only fail (then shown EXPIRED)', async () => {
    const waiting = (await buy({ mailingproductcode: 'MODEL737', inventoryvariantid: 'STD', paymentmethod: 'CASH' })).body.result as Row;
    // Its verification time passed a minute ago.
    await db().updateTable('member_buy_product').set({ paymentverificationtimeout: new Date(Date.now() - 60_000).toISOString() }).where('purchaseid', '=', waiting.purchaseid).execute();
    {
      const late = await call('/api/member-buy-product/confirm-payment', { memberid: BUYER, purchaseid: waiting.purchaseid });
      expect(late.body.status.responsecode).toBe(CODES.VALIDATION);
      expect(late.body.status.responsemessage).toBe(`The payment verification time of purchase "${String(waiting.purchaseid)}" has passed: it can only be marked as failed`);
      expect((await purchases(BUYER)).find((p) => p.purchaseid === waiting.purchaseid)).toMatchObject({ status: 'WAITING_FOR_PAYMENT' });
      expect((await call('/api/member-buy-product/fail-payment', { memberid: BUYER, purchaseid: waiting.purchaseid })).body.status.responsecode).toBe(CODES.SUCCESS);
    }
  });

  it('fails, once a day, the cash payments still waiting past their verification time, and gives their stock back', async () => {
    const late = (await buy({ mailingproductcode: 'MODEL737', inventoryvariantid: 'STD', paymentmethod: 'CASH' })).body.result as Row;
    const inTime = (await buy({ mailingproductcode: 'MODEL737', inventoryvariantid: 'STD', paymentmethod: 'CASH' })).body.result as Row;
    await db().updateTable('member_buy_product').set({ paymentverificationtimeout: new Date(Date.now() - 60_000).toISOString() }).where('purchaseid', '=', late.purchaseid).execute();
    const stockBefore = await stock('MODEL737', 'STD');
    const job = mailingJobHandlers(loadCatalogue()).find((h) => h.jobtype === PAYMENT_EXPIRY_JOB)!;
    const result = await job.run({ db: server.database.db, now: () => new Date(), parameters: undefined, progress: async () => undefined, job: {} as never });
    expect(result).toEqual({ failed: 1 });
    const rows = await purchases(BUYER);
    expect(rows.find((p) => p.purchaseid === late.purchaseid)).toMatchObject({ status: 'FAILED' });
    expect(rows.find((p) => p.purchaseid === inTime.purchaseid)).toMatchObject({ status: 'WAITING_FOR_PAYMENT' });
    expect(await stock('MODEL737', 'STD')).toBe(stockBefore + 1);
    await call('/api/member-buy-product/fail-payment', { memberid: BUYER, purchaseid: inTime.purchaseid });
  });

  it("lists every member's purchases on OBP, where staff verify a cash payment as on the member's page", async () => {
    const waiting = (await buy({ mailingproductcode: 'MODEL737', inventoryvariantid: 'STD', paymentmethod: 'CASH' })).body.result as Row;
    const rows = (await call('/api/order-buy-product/list', undefined, { paging: { limit: -1, page: 1 }, parameter: { criteria: {} } })).body.result as Row[];
    expect(new Set(rows.map((r) => r.memberid))).toEqual(new Set([BUYER, 'MBR0000017']));
    expect(rows.find((r) => r.purchaseid === waiting.purchaseid)).toMatchObject({ status: 'WAITING_FOR_PAYMENT', paymentmethod: 'CASH' });
    const confirmed = await call('/api/order-buy-product/confirm-payment', { purchaseid: waiting.purchaseid, memberid: BUYER });
    expect(confirmed.body.status.responsecode).toBe(CODES.SUCCESS);
    const [order] = await orderOf(waiting.purchaseid);
    expect((await purchases(BUYER)).find((p) => p.purchaseid === waiting.purchaseid)).toMatchObject({ status: 'SUCCESS', orderid: String(order?.orderid) });
    // Decided, it is not confirmed again.
    expect((await call('/api/order-buy-product/confirm-payment', { purchaseid: waiting.purchaseid, memberid: BUYER })).body.status.responsecode).not.toBe(CODES.SUCCESS);
  });

  describe('bad purchases answer on their field and change nothing', () => {
    beforeAll(async () => {
      // A product whose only vendor is a courier: no printing vendor (the product uses one).
      const created = await call('/api/mailing-product/create', { mailingproductcode: 'POSTER', mailingproductname: 'Route Map Poster', producttype: 'MERCHANDISE' });
      expect(created.body.status.responsecode).toBe(CODES.SUCCESS);
      await call('/api/mailing-product/section-price', { mailingproductcode: 'POSTER', paymenttype: 'MILEAGE', currencycode: null, price: null, taxpercent: 0, mileageprice: 500 });
      await call('/api/mailing-product-variant/create', { mailingproductcode: 'POSTER', inventoryvariantid: 'A2', inventoryvariantname: 'A2', quantity: 50 });
      await call('/api/mailing-product-variant/update', { mailingproductcode: 'UMBRELLA', inventoryvariantid: 'BLUE', inventoryvariantname: 'Sky Blue', quantity: 2 });
      await call('/api/mailing-product/deactivate', { mailingproductcode: 'CARDGOLD' });
    });

    const BAD: [string, Row, string, string][] = [
      ['a variant out of stock', { mailingproductcode: 'UMBRELLA', inventoryvariantid: 'BLACK', paymentmethod: 'MILEAGE' }, 'inventoryvariantid', 'Out of Stock'],
      ['more than the stock left', { mailingproductcode: 'UMBRELLA', inventoryvariantid: 'BLUE', quantity: 3, paymentmethod: 'MILEAGE' }, 'quantity', 'Only 2 left of variant "Sky Blue"'],
      ['a country in a region no courier of the product serves', { mailingproductcode: 'LUGTAG', inventoryvariantid: 'NAVY', paymentmethod: 'MILEAGE', country: 'NL' }, 'country', 'Vendor not available for this product / region'],
      ['a product without a printing vendor', { mailingproductcode: 'POSTER', inventoryvariantid: 'A2', paymentmethod: 'MILEAGE' }, 'mailingproductcode', 'Vendor not available for this product'],
      ['cash for a product sold in miles only', { mailingproductcode: 'LUGTAG', inventoryvariantid: 'NAVY', paymentmethod: 'CASH' }, 'paymentmethod', 'Mailing product "LUGTAG" cannot be paid with CASH'],
      ['a variant of another product', { mailingproductcode: 'LUGTAG', inventoryvariantid: 'STD', paymentmethod: 'MILEAGE' }, 'inventoryvariantid', 'Variant "STD" is not an active variant of mailing product "LUGTAG"'],
      ['an inactive product', { mailingproductcode: 'CARDGOLD', inventoryvariantid: 'STD', paymentmethod: 'CASH' }, 'mailingproductcode', 'Mailing product "CARDGOLD" is not active'],
      ['an inactive member', { memberid: 'MBR0000016', mailingproductcode: 'LUGTAG', inventoryvariantid: 'NAVY', paymentmethod: 'MILEAGE' }, 'memberid', 'Member "MBR0000016" is not active and cannot buy products'],
      ['a quantity of none', { mailingproductcode: 'LUGTAG', inventoryvariantid: 'NAVY', quantity: 0, paymentmethod: 'MILEAGE' }, 'quantity', 'Quantity minimum 1'],
    ];

    it.each(BAD)('%s', async (_what, values, field, message) => {
      const before = JSON.stringify([await db().selectFrom('member_buy_product').selectAll().execute(), await db().selectFrom('mailing_product_variant').selectAll().execute(), await balance(BUYER), await db().selectFrom('card_order').selectAll().execute()]);
      const answer = await buy(values);
      expect(answer.http).toBe(200);
      expect(answer.body.status.responsecode).toBe(CODES.VALIDATION);
      expect(answer.body.result?.fields).toEqual({ [field]: message });
      const after = JSON.stringify([await db().selectFrom('member_buy_product').selectAll().execute(), await db().selectFrom('mailing_product_variant').selectAll().execute(), await balance(BUYER), await db().selectFrom('card_order').selectAll().execute()]);
      expect(after).toBe(before);
    });

    it('refuses a purchase in miles the member does not have, on the payment method, with nothing changed', async () => {
      const poor = 'MBR0000008';
      const miles = await balance(poor);
      await call('/api/mailing-product-variant/update', { mailingproductcode: 'MODEL737', inventoryvariantid: 'STD', inventoryvariantname: 'Standard Livery', quantity: 10 });
      const quantity = Math.min(10, Math.floor(miles / 12000) + 1);
      expect(quantity * 12000).toBeGreaterThan(miles);
      const answer = await buy({ memberid: poor, mailingproductcode: 'MODEL737', inventoryvariantid: 'STD', quantity, paymentmethod: 'MILEAGE' });
      expect(answer.body.status.responsecode).not.toBe(CODES.SUCCESS);
      expect(Object.keys(answer.body.result?.fields ?? {})).toEqual(['paymentmethod']);
      expect(await balance(poor)).toBe(miles);
      expect(await stock('MODEL737', 'STD')).toBe(10);
      expect(await purchases(poor)).toEqual([]);
    });
  });

  it('shows the demo purchases: paid in miles through the ledger, waiting for cash, failed', async () => {
    const demo = await purchases('MBR0000017');
    expect(demo.map((p) => p.status).sort()).toEqual(['FAILED', 'SUCCESS', 'WAITING_FOR_PAYMENT']);
    const paid = demo.find((p) => p.status === 'SUCCESS')!;
    expect(await db().selectFrom('ledger_transaction').select('trxtype').where('trxid', '=', Number(paid.trxid)).executeTakeFirst()).toEqual({ trxtype: 'BUYPRODUCT' });
    expect(await orderOf(paid.purchaseid)).toHaveLength(1);
    // Every debit of the purchases (the demo's and this file's) kept the balances and lots in step.
    expect(await checkLedger(server.database.db)).toEqual([]);
  });
});
