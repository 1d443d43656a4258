// Buy mileage on both databases: the receipt catalogue with the relabels of spec 001 §4.7, the
// buy-mileage prices and promos as data with their demo rows, each bad input answering a field message and
// changing nothing; a member's purchase priced (miles x price per mile, less a promo, plus the VAT key), refused
// over the yearly limit or for an inactive member, waiting on Approval Buy Mileage, credited once on approval
// with its receipt number, nothing on rejection, and 403 without the grants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { ON_DEMO_DAY, startTestServer, testDatabases, type TestServer } from './harness';

type Row = Record<string, unknown>;

const BAD_CATALOGUE_INPUTS: [string, string, Row, string, string, string][] = [
  [
    'a second all-tier price of the same receipt type in force at the same time',
    '/api/buy-mileage-catalog/create',
    { buymileageid: 'BML-STD-2', buymileagename: 'Buy Mileage again', receipttypeid: 'BUYMILES', minmiles: 1000, maxmiles: 5000, milesstep: 1000, pricepermile: 300, currencycode: 'IDR', effectivedate: '2026-06-01' },
    'buy_mileage_catalog',
    'effectivedate',
    'Effective Date - Expired Date overlap Buy Mileage Catalog "BML-STD" (2026-01-01 - no end) of the same Receipt Type and Tier',
  ],
  [
    'a negative price per mile',
    '/api/buy-mileage-catalog/create',
    { buymileageid: 'BML-NEG', buymileagename: 'Negative', receipttypeid: 'BUYMILES', tierid: 'GOLD', minmiles: 1000, maxmiles: 5000, milesstep: 1000, pricepermile: -1, currencycode: 'IDR', effectivedate: '2026-06-01' },
    'buy_mileage_catalog',
    'pricepermile',
    'Price per Mile minimum 0',
  ],
  [
    'a price of a receipt type that does not exist',
    '/api/buy-mileage-catalog/create',
    { buymileageid: 'BML-NORCPT', buymileagename: 'No receipt', receipttypeid: 'NOSUCH', tierid: 'GOLD', minmiles: 1000, maxmiles: 5000, milesstep: 1000, pricepermile: 100, currencycode: 'IDR', effectivedate: '2026-06-01' },
    'buy_mileage_catalog',
    'receipttypeid',
    'Receipt Type "NOSUCH" does not exist',
  ],
  [
    'a promo of more than 100 percent',
    '/api/buy-mileage-promo/create',
    { promocode: 'BML-200', promoname: 'Too generous', buymileageid: 'BML-EXT', promotype: 'BONUS', percentage: 200, startdate: '2026-07-01', enddate: '2026-07-31' },
    'buy_mileage_promo',
    'percentage',
    'Percentage maximum 100',
  ],
  [
    'a promo overlapping another of the same price',
    '/api/buy-mileage-promo/create',
    { promocode: 'BML-1212', promoname: 'Twelve-Twelve', buymileageid: 'BML-STD', promotype: 'DISCOUNT', percentage: 10, startdate: '2026-11-25', enddate: '2026-12-12' },
    'buy_mileage_promo',
    'startdate',
    'Start Date - End Date overlap Buy Mileage Promo "BML-1111" (2026-11-01 - 2026-11-30) of the same Buy Mileage',
  ],
  [
    'a receipt type without its number prefix',
    '/api/receipt-catalogue/create',
    { receipttypeid: 'OTHER', receipttypename: 'OTHER RECEIPT', milestype: 'BUY' },
    'receipt_catalogue',
    'receiptprefix',
    'Receipt Number Prefix is Required',
  ],
];

describe.each(testDatabases)('buy mileage on $name', (target) => {
  let server: TestServer;
  let call: (path: string, data?: unknown, extra?: Record<string, unknown>) => ReturnType<TestServer['call']>;
  const db = () => server.database.db as unknown as import('kysely').Kysely<any>;
  const tableRows = async (table: string) => JSON.stringify(await db().selectFrom(table).selectAll().execute());
  const list = async (resource: string, criteria: Row = {}) =>
    (await call(`/api/${resource}/list`, undefined, { paging: { limit: -1, page: 1 }, parameter: { criteria } })).body.result as Row[];
  const options = async (selector: string) => (await call('/api/selector/options', { selector })).body.result as { value: string; label: string }[];

  beforeAll(async () => {
    server = await startTestServer(target, {}, [], undefined, ON_DEMO_DAY);
    const token = (await server.login('admin')).body.result.bearer as string;
    call = (path, data, extra = {}) => server.call(path, data, { token, ...extra });
  });
  afterAll(async () => server?.close());
  const login = async (username: string) => {
    const token = (await server.login(username)).body.result.bearer as string;
    return (path: string, data?: unknown, extra: Record<string, unknown> = {}) => server.call(path, data, { token, ...extra });
  };

  describe('catalogue screens', () => {
    it('shows the receipt types relabelled as spec 001 §4.7 says: BUY AWARD MILES as Buy Mileage, BUY EXPIRED MILEAGE as Buy to Extend Mileage', async () => {
      expect((await list('receipt-catalogue')).map((r) => [r.receipttypeid, r.receipttypename])).toEqual([
        ['BUYEXTEND', 'BUY EXPIRED MILEAGE'],
        ['BUYMILES', 'BUY AWARD MILES'],
      ]);
      expect((await options('receipt')).map((o) => [o.value, o.label]).sort()).toEqual([
        ['BUYEXTEND', 'Buy to Extend Mileage'],
        ['BUYMILES', 'Buy Mileage'],
      ]);
    });

    it('has demo prices per tier with effective dates and a discount and bonus promo in their periods', async () => {
      expect((await list('buy-mileage-catalog')).map((p) => [p.buymileageid, p.receipttypeid, p.tierid, p.pricepermile, p.effectivedate, p.expireddate])).toEqual([
        ['BML-EXT', 'BUYEXTEND', null, 150, '2026-01-01', null],
        ['BML-PLAT', 'BUYMILES', 'PLATINUM', 200, '2026-01-01', null],
        ['BML-STD', 'BUYMILES', null, 250, '2026-01-01', null],
        ['BML-STD-2025', 'BUYMILES', null, 220, '2025-01-01', '2025-12-31'],
      ]);
      expect((await options('buy-mileage')).map((o) => o.value).sort()).toEqual(['BML-EXT', 'BML-PLAT', 'BML-STD', 'BML-STD-2025']);
      expect((await list('buy-mileage-promo')).map((p) => [p.promocode, p.buymileageid, p.promotype, p.percentage])).toEqual([
        ['BML-YEAREND', 'BML-STD', 'BONUS', 50],
        ['BML-1111', 'BML-STD', 'DISCOUNT', 20],
        ['BML-PLAT-BONUS', 'BML-PLAT', 'BONUS', 25],
      ]);
    });

    it.each(BAD_CATALOGUE_INPUTS)('refuses %s on its field, changing nothing', async (_name, path, data, table, field, message) => {
      const before = await tableRows(table);
      const answer = await call(path, data);
      expect(answer.http).toBeLessThan(500);
      expect(answer.body.status.responsecode).toBe(CODES.VALIDATION);
      expect((answer.body.result?.fields ?? {})[field]).toBe(message);
      expect(await tableRows(table)).toBe(before);
    });
  });

  describe('member buy mileage', () => {
    const MEMBER = 'MBR0000003';
    let checker: Awaited<ReturnType<typeof login>>;
    const balance = async (memberid = MEMBER) => Number((await db().selectFrom('member').select('awardmiles').where('memberid', '=', memberid).executeTakeFirstOrThrow()).awardmiles);
    const ledgerRows = async () => JSON.stringify(await db().selectFrom('ledger_transaction').selectAll().orderBy('trxid').execute());
    const buy = (data: Row) => call('/api/member-buy-mileage/create', data);
    const purchaseOf = async (requestid: number) => (await list('member-buy-mileage', { memberid: MEMBER })).find((p) => p.requestid === requestid)!;

    beforeAll(async () => {
      checker = await login('checker');
      // A receipt type and prices of this file's own, in force whatever the day the test runs.
      for (const [path, data] of [
        ['/api/receipt-catalogue/create', { receipttypeid: 'QZBUY', receipttypename: 'QZ BOUGHT MILES', receiptprefix: 'QZ', milestype: 'BUY' }],
        ['/api/buy-mileage-catalog/create', { buymileageid: 'QZ-ALL', buymileagename: 'QZ all tiers', receipttypeid: 'QZBUY', minmiles: 500, maxmiles: 20000, milesstep: 500, pricepermile: 150, currencycode: 'IDR', effectivedate: '2000-01-01' }],
        ['/api/buy-mileage-catalog/create', { buymileageid: 'QZ-PLAT', buymileagename: 'QZ Platinum', receipttypeid: 'QZBUY', tierid: 'PLATINUM', minmiles: 500, maxmiles: 20000, milesstep: 500, pricepermile: 100, currencycode: 'IDR', effectivedate: '2000-01-01' }],
        ['/api/receipt-catalogue/create', { receipttypeid: 'QZEXT', receipttypename: 'QZ EXTEND', receiptprefix: 'QX', milestype: 'BUYEXTEND' }],
        ['/api/buy-mileage-catalog/create', { buymileageid: 'QZ-EXT', buymileagename: 'QZ extend', receipttypeid: 'QZEXT', minmiles: 500, maxmiles: 5000, milesstep: 500, pricepermile: 200, currencycode: 'IDR', effectivedate: '2000-01-01' }],
        ['/api/buy-mileage-promo/create', { promocode: 'QZ-EXT-BONUS', promoname: 'QZ half again', buymileageid: 'QZ-EXT', promotype: 'BONUS', percentage: 50, startdate: '2000-01-01', enddate: '2099-12-31' }],
      ] as const) {
        expect((await call(path, data)).body.status.responsecode, path).toBe('0000');
      }
      await db().updateTable('general_config').set({ value: '25000' }).where('key', '=', 'BUY_MILEAGE_MAX_MILES_PER_YEAR').execute();
    });

    it('prices miles x price per mile plus the VAT key, waits for approval, and credits the miles once on approval with a receipt number', async () => {
      const before = await balance();
      const answer = await buy({ memberid: MEMBER, buymileageid: 'QZ-ALL', miles: 10000 });
      // The maker reads that it waits, and who may approve it.
      expect(answer.body.status).toEqual({ responsecode: '0000', responsemessage: 'Your request has been submitted for approval. It can be approved by: Administrator, Checker' });
      expect(answer.body.result).toMatchObject({ memberid: MEMBER, miles: 10000, bonusmiles: 0, pricepermile: 150, amount: 1_500_000, discount: 0, vatpercent: 11, vat: 165_000, total: 1_665_000, currencycode: 'IDR', status: 'PENDING' });
      const requestid = answer.body.result.requestid as number;
      expect(await balance()).toBe(before);
      const queue = await checker('/api/approval-buy-mileage/list', undefined, { paging: { limit: -1, page: 1 } });
      expect((queue.body.result as Row[]).map((r) => r.requestid)).toContain(requestid);
      // The checker reads whose purchase of which miles it is: the member's name and card, the price row's name, then the key.
      const member = await db().selectFrom('member').select(['memberfullname', 'cardnumber']).where('memberid', '=', MEMBER).executeTakeFirstOrThrow();
      expect((queue.body.result as Row[]).find((r) => r.requestid === requestid)!.record).toBe(`${member.memberfullname} ${member.cardnumber} · QZ all tiers (${MEMBER}|${String(answer.body.result.purchaseid)})`);
      const approved = await checker('/api/approval-buy-mileage/approve', { requestid });
      expect(approved.body.status.responsecode).toBe('0000');
      expect(await balance()).toBe(before + 10000);
      const purchase = await purchaseOf(requestid);
      expect(purchase.status).toBe('APPROVED');
      expect(purchase.receiptnumber).toBe(`QZ${String(purchase.purchaseid)}`);
      const trx = await db().selectFrom('ledger_transaction').selectAll().where('trxid', '=', Number(purchase.trxid)).executeTakeFirstOrThrow();
      expect([trx.memberid, trx.trxtype, Number(trx.awardmiles)]).toEqual([MEMBER, 'BUY', 10000]);
      // Its receipt: the number, the receipt type as relabelled, the price lines.
      // Spec 001 §7.5: the answer's result.path is what the browser opens.
      const link = await call('/api/member-buy-mileage/receipt', { memberid: MEMBER, purchaseid: purchase.purchaseid });
      expect(link.body.result.path).toMatch(/^\/files\/[A-Za-z0-9_-]{43}$/);
      const file = await fetch(`${server.url}${String(link.body.result.path)}`);
      expect([file.status, file.headers.get('content-type')]).toEqual([200, 'text/html']);
      const content = await file.text();
      for (const text of [String(purchase.receiptnumber), 'QZ BOUGHT MILES', 'IDR 1,500,000', 'VAT (11%)', 'IDR 165,000', 'IDR 1,665,000']) expect(content).toContain(text);
      expect((await fetch(`${server.url}/files/${'x'.repeat(43)}`)).status).toBe(404);
      // Approving again credits nothing more.
      const again = await checker('/api/approval-buy-mileage/approve', { requestid });
      expect(again.body.status.responsecode).toBe(CODES.ALREADY_DECIDED);
      expect(await balance()).toBe(before + 10000);
    });

    it('rejecting a purchase credits nothing and keeps the reason', async () => {
      const before = await balance();
      const ledger = await ledgerRows();
      const answer = await buy({ memberid: MEMBER, buymileageid: 'QZ-ALL', miles: 500 });
      const requestid = answer.body.result.requestid as number;
      const rejected = await checker('/api/approval-buy-mileage/reject', { requestid, reason: 'Payment not received' });
      expect(rejected.body.status.responsecode).toBe('0000');
      expect(await balance()).toBe(before);
      expect(await ledgerRows()).toBe(ledger);
      expect(await purchaseOf(requestid)).toMatchObject({ status: 'REJECTED', rejectreason: 'Payment not received', receiptnumber: null });
      const purchaseid = (await purchaseOf(requestid)).purchaseid;
      const noReceipt = await call('/api/member-buy-mileage/receipt', { memberid: MEMBER, purchaseid });
      expect(noReceipt.body.result.fields).toEqual({ purchaseid: `Buy Mileage "${String(purchaseid)}" has no receipt: it is not approved` });
      const unknown = await call('/api/member-buy-mileage/receipt', { memberid: MEMBER, purchaseid: 'NOSUCH' });
      expect(unknown.body.status.responsecode).toBe(CODES.VALIDATION);
      const extra = await call('/api/member-buy-mileage/receipt', { memberid: MEMBER, purchaseid, path: '/etc/passwd' });
      expect([extra.http, extra.body.status.responsecode]).toEqual([400, '1001']);
    });

    it.each([
      ['over the yearly limit (10,000 bought, 10,000 waiting)', { buymileageid: 'QZ-ALL', miles: 10000 }, 'miles', 'Miles over the yearly limit of 25,000: 20,000 bought this year, 5,000 left'],
      ['zero miles', { buymileageid: 'QZ-ALL', miles: 0 }, 'miles', 'Miles minimum 1'],
      ['negative miles', { buymileageid: 'QZ-ALL', miles: -500 }, 'miles', 'Miles minimum 1'],
      ['miles off the step', { buymileageid: 'QZ-ALL', miles: 750 }, 'miles', 'Miles must be a multiple of 500'],
      ['miles above the price row', { buymileageid: 'QZ-ALL', miles: 20500 }, 'miles', 'Miles must be at most 20,000'],
      ['a price of another tier', { buymileageid: 'QZ-PLAT', miles: 500 }, 'buymileageid', undefined],
      ['a member that does not exist', { memberid: 'MBR9999999', buymileageid: 'QZ-ALL', miles: 500 }, 'memberid', 'Member "MBR9999999" does not exist'],
    ] as [string, Row, string, string | undefined][])('refuses %s on its field, changing nothing', async (_name, data, field, message) => {
      if (_name.startsWith('over')) {
        const waiting = await buy({ memberid: MEMBER, buymileageid: 'QZ-ALL', miles: 10000 });
        expect(waiting.body.status.responsecode).toBe('0000');
      }
      const purchases = await tableRows('member_buy_mileage');
      const requests = await tableRows('approval_request');
      const answer = await buy({ memberid: MEMBER, ...data });
      expect(answer.http).toBeLessThan(500);
      expect(answer.body.status.responsecode).toBe(CODES.VALIDATION);
      const shown = (answer.body.result?.fields ?? {})[field];
      if (message) expect(shown).toBe(message);
      else expect(shown).toMatch(/^Buy Mileage "QZ-PLAT" is not offered to tier \w* on \d{2}\/\d{2}\/\d{4}$/);
      expect(await tableRows('member_buy_mileage')).toBe(purchases);
      expect(await tableRows('approval_request')).toBe(requests);
    });

    it('refuses an inactive member on its field', async () => {
      await db().updateTable('member').set({ status: 'INACTIVE' }).where('memberid', '=', 'MBR0000004').execute();
      const purchases = await tableRows('member_buy_mileage');
      const answer = await buy({ memberid: 'MBR0000004', buymileageid: 'QZ-ALL', miles: 500 });
      expect(answer.body.result.fields).toEqual({ memberid: 'Member "MBR0000004" is not active: only an active member may buy miles' });
      expect(await tableRows('member_buy_mileage')).toBe(purchases);
    });

    it('answers 403 to a role without the grants: the board buying, branch staff deciding', async () => {
      const bod = await login('bod');
      const branch = await login('branch');
      const purchases = await tableRows('member_buy_mileage');
      const bought = await bod('/api/member-buy-mileage/create', { memberid: MEMBER, buymileageid: 'QZ-ALL', miles: 500 });
      expect([bought.http, bought.body.status.responsecode]).toEqual([403, CODES.FORBIDDEN]);
      expect((await bod('/api/member-buy-mileage/receipt', { memberid: MEMBER, purchaseid: 'X' })).http).toBe(403);
      const decided = await branch('/api/approval-buy-mileage/approve', { requestid: 1 });
      expect(decided.http).toBe(403);
      expect(await tableRows('member_buy_mileage')).toBe(purchases);
    });

    it("adds a bonus promo's miles and credits a buy-to-extend receipt type's as BUYEXTEND", async () => {
      const before = await balance();
      const answer = await buy({ memberid: MEMBER, buymileageid: 'QZ-EXT', miles: 1000 });
      expect(answer.body.result).toMatchObject({ miles: 1000, bonusmiles: 500, promocode: 'QZ-EXT-BONUS', amount: 200_000, discount: 0, vat: 22_000, total: 222_000 });
      const requestid = answer.body.result.requestid as number;
      expect((await checker('/api/approval-buy-mileage/approve', { requestid })).body.status.responsecode).toBe('0000');
      const purchase = await purchaseOf(requestid);
      expect(purchase.receiptnumber).toBe(`QX${String(purchase.purchaseid)}`);
      const trx = await db().selectFrom('ledger_transaction').selectAll().where('trxid', '=', Number(purchase.trxid)).executeTakeFirstOrThrow();
      expect([trx.trxtype, Number(trx.awardmiles)]).toEqual(['BUYEXTEND', 1500]);
      expect(await balance()).toBe(before + 1500);
    });

    it('cancels a waiting purchase with its request, so no checker approves it; an approved one is not cancelled', async () => {
      const before = await balance();
      const answer = await buy({ memberid: MEMBER, buymileageid: 'QZ-ALL', miles: 500 });
      const requestid = answer.body.result.requestid as number;
      const { purchaseid } = answer.body.result as Row;
      const cancelled = await call('/api/member-buy-mileage/cancel', { memberid: MEMBER, purchaseid });
      expect(cancelled.body.status.responsecode).toBe('0000');
      expect((await purchaseOf(requestid)).status).toBe('CANCELLED');
      const request = await db().selectFrom('approval_request').selectAll().where('requestid', '=', requestid).executeTakeFirstOrThrow();
      expect([request.status, request.reason, request.decidedby]).toEqual(['REJECTED', 'Cancelled before approval', 'admin']);
      expect((await checker('/api/approval-buy-mileage/approve', { requestid })).body.status.responsecode).toBe(CODES.ALREADY_DECIDED);
      expect(await balance()).toBe(before);
      const approved = (await list('member-buy-mileage', { memberid: MEMBER })).find((p) => p.status === 'APPROVED')!;
      const refused = await call('/api/member-buy-mileage/cancel', { memberid: MEMBER, purchaseid: approved.purchaseid });
      expect(refused.body.status.responsecode).not.toBe('0000');
      expect(refused.body.status.responsemessage).toBe('Cancel is not available while Status is Approved');
      expect((await purchaseOf(Number(approved.requestid))).status).toBe('APPROVED');
    });
  });
});
