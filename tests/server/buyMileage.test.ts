// Buy mileage on both databases (issue 15): the receipt catalogue with the relabels of spec 001 §4.7, the
// buy-mileage prices and promos as data with their demo rows, each bad input answering a field message and
// changing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { startTestServer, testDatabases, type TestServer } from './harness';

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
    server = await startTestServer(target);
    const token = (await server.login('admin')).body.result.bearer as string;
    call = (path, data, extra = {}) => server.call(path, data, { token, ...extra });
  });
  afterAll(async () => server?.close());

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
});
