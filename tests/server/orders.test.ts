// Mailing orders on both databases: an order walked by the step screens' actions through the
// machine's original cycle, a return and a reorder (tracking entries with their cycle numbers, a new current
// destination); a move the machine does not allow, an order not on the screen or unknown, changes nothing and
// says which; a vendor result file with any bad row changes nothing and answers a per-row report; the SLA
// verdict of each reached step against the vendor region's days; Vendor Region covering countries and branches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { MEMBER_ORDERS_PATH, ORDER_TRACKING_PATH } from '../../engine/definition/views';
import { createOrder, moveOrders, regionForAddress } from '../../server/mailingProduct/orders/orderStore';
import { holdTier, loadMember } from '../../server/tierManagement/tiers/tierStore';
import { tierId } from '../../server/tierManagement/tiers/tierData';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

describe.each(testDatabases)('mailing orders on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let member: { memberid: string; cardnumber: string; membershipid: string; tierid: string };
  const any = () => definitionDb(server.database.db);
  const call = (path: string, data: unknown) => server.call(path, data, { token: admin });
  const order = (orderid: number) => any().selectFrom('card_order').select(['status', 'reordernumber', 'isoversla']).where('orderid', '=', orderid).executeTakeFirstOrThrow();
  const statusOf = async (orderid: number) => String((await order(orderid)).status);
  const trackingOf = (orderid: number) => any().selectFrom('order_tracking').select(['status', 'reordernumber', 'isoversla']).where('orderid', '=', orderid).orderBy('trackingid').execute();

  async function newOrder(options: { country?: string; now?: Date } = {}): Promise<number> {
    const orderid = await any()
      .transaction()
      .execute((trx) =>
        createOrder(trx, {
          ...member,
          reason: 'REPLACEMENT',
          destination: { sendto: 'MEMBER', address: 'Jl. Merdeka 1', city: 'Jakarta', state: 'DKI Jakarta', country: options.country ?? 'ID', postalcode: '10110' },
          user: 'test',
          now: options.now ?? new Date(),
        }),
      );
    if (orderid === undefined) throw new Error('no order made');
    return orderid;
  }
  const upload = (resource: string, rows: string[]) => call(`/api/${resource}/upload`, { filename: 'vendor-result.csv', content: `${rows.join('\r\n')}\r\n` });

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await server.login('admin')).body.result.bearer;
    member = (await any().selectFrom('member').select(['memberid', 'cardnumber', 'membershipid', 'tierid']).where('status', '=', 'ACTIVE').orderBy('memberid').executeTakeFirstOrThrow()) as typeof member;
  });
  afterAll(async () => server?.close());

  it('finds the vendor region of a destination: a branch office by its branch, an address by its country, else the region naming neither', async () => {
    expect((await regionForAddress(any(), { sendto: 'BO', branchcode: 'DPSBO' }))?.regioncode).toBe('142');
    expect((await regionForAddress(any(), { sendto: 'MEMBER', country: 'NL' }))?.regioncode).toBe('150');
    expect((await regionForAddress(any(), { sendto: 'MEMBER', country: 'BR' }))?.regioncode).toBe('WORLD');
    const id = await newOrder({ country: 'US' });
    expect((await any().selectFrom('card_order').select('regioncode').where('orderid', '=', id).executeTakeFirstOrThrow()).regioncode).toBe('003');
  });

  it('walks an order through printing, packaging and delivery, a return and a reorder, as the machine allows', async () => {
    const id = await newOrder();
    const step = async (resource: string, action: string, expected: string) => {
      const answer = await call(`/api/${resource}/${action}`, { orderid: id });
      expect(answer.body.status.responsecode, answer.body.status.responsemessage).toBe(CODES.SUCCESS);
      expect(await statusOf(id)).toBe(expected);
    };
    await step('order-printing', 'next-step', 'READYTOPRINT');
    await step('order-printing', 'next-step', 'PRINTING');
    await step('order-printing', 'next-step', 'PRINTED');
    // Printed: no longer on Order Printing.
    const gone = await call('/api/order-printing/next-step', { orderid: id });
    expect(gone.body.status.responsecode).toBe(CODES.VALIDATION);
    expect(gone.body.status.responsemessage).toBe(`Nothing was changed: Order ${id} is PRINTED, not waiting on this screen`);
    const bulk = await call('/api/order-package/bulk-next-step', { keys: [{ orderid: id }] });
    expect(bulk.body.status.responsemessage).toBe('1 order(s) moved');
    await step('order-package', 'next-step', 'PACKING');
    await step('order-package', 'next-step', 'PACKED');
    await step('order-delivery', 'next-step', 'READYTODELIVER');
    // Return only from on delivery.
    const early = await call('/api/order-delivery/return', { orderid: id });
    expect(early.body.status.responsemessage).toBe(`Nothing was changed: Order ${id} cannot move from READYTODELIVER to RETURN`);
    expect(await statusOf(id)).toBe('READYTODELIVER');
    await step('order-delivery', 'next-step', 'DELIVERING');
    await step('order-delivery', 'return', 'RETURN');
    await step('order-return', 'reorder', 'REORDER');
    await step('order-reorder', 'next-step', 'READYTODELIVER');
    await step('order-delivery', 'next-step', 'DELIVERING');
    await step('order-delivery', 'next-step', 'DELIVERED');
    expect((await order(id)).reordernumber).toBe(1);
    // Delivered is final: no screen moves it.
    expect((await call('/api/order-delivery/next-step', { orderid: id })).body.status.responsecode).toBe(CODES.VALIDATION);

    const tracking = await call(ORDER_TRACKING_PATH, { orderid: id });
    expect(tracking.body.result.tracking.map((t: { status: string; reordernumber: number }) => `${t.status}:${t.reordernumber}`)).toEqual([
      'PAYMENT_SUCCESS:0', 'READYTOPRINT:0', 'PRINTING:0', 'PRINTED:0', 'READYTOPACK:0', 'PACKING:0', 'PACKED:0', 'READYTODELIVER:0', 'DELIVERING:0', 'RETURN:0',
      'REORDER:1', 'READYTODELIVER:1', 'DELIVERING:1', 'DELIVERED:1',
    ]);
    expect(tracking.body.result.destinations.map((d: { isdefault: boolean; status: string }) => [d.isdefault, d.status])).toEqual([
      [true, 'PREVIOUS'],
      [false, 'CURRENT'],
    ]);
    expect((await call(ORDER_TRACKING_PATH, { orderid: 99_999_999 })).body.status.responsecode).toBe(CODES.NOT_FOUND);
    // The member page lists the member's orders, this one delivered on its first reorder.
    const mine = (await call(MEMBER_ORDERS_PATH, { memberid: member.memberid })).body.result as { orderid: number; status: string; reordernumber: number }[];
    expect(mine.find((o) => o.orderid === id)).toMatchObject({ status: 'DELIVERED', reordernumber: 1 });
    expect(mine.map((o) => o.orderid)).toEqual([...mine.map((o) => o.orderid)].sort((a, b) => b - a));
  });

  it('refuses any move the machine does not allow, changing nothing', async () => {
    const id = await newOrder();
    const now = new Date();
    for (const to of ['PRINTING', 'DELIVERED', 'RETURN', 'REORDER', 'PAYMENT_SUCCESS', 'NOSUCH']) {
      const { problems, moved } = await moveOrders(any(), [{ orderid: id, to }], { user: 'test', now });
      expect(moved).toBe(0);
      expect(problems).toHaveLength(1);
    }
    expect(await statusOf(id)).toBe('PAYMENT_SUCCESS');
    expect(await trackingOf(id)).toHaveLength(1);
    // One bad order in a bulk stops them all.
    const other = await newOrder();
    const answer = await call('/api/order-printing/bulk-next-step', { keys: [{ orderid: other }, { orderid: 99_999_998 }] });
    expect(answer.body.status.responsecode).toBe(CODES.VALIDATION);
    expect(answer.body.status.responsemessage).toBe('Nothing was changed: Order 99999998 does not exist');
    expect(await statusOf(other)).toBe('PAYMENT_SUCCESS');
  });

  it("takes a vendor's result file all or nothing, with a per-row report", async () => {
    const a = await newOrder();
    const b = await newOrder();
    await call('/api/order-printing/bulk-next-step', { keys: [{ orderid: a }, { orderid: b }] });
    const bad = await upload('order-printing', ['Order ID,Status,Date', `${a},PRINTING,2026-11-20`, '99999997,PRINTING,', `${b},Delivered,`, `${b},PRINTING,20/11/2026`, 'x1,PRINTING,']);
    expect(bad.body.status.responsecode).toBe(CODES.VALIDATION);
    const report = String(bad.body.result.report.content);
    expect(report).toContain('5,Date,"""20/11/2026"" is not a date (YYYY-MM-DD)"');
    expect(report).toContain('6,Order ID,"""x1"" is not an order id"');
    expect([await statusOf(a), await statusOf(b)]).toEqual(['READYTOPRINT', 'READYTOPRINT']);
    // Cells fine, moves not: an unknown order and a status the order cannot reach, by row.
    const illegal = await upload('order-printing', ['Order ID,Status', `${a},Printing`, '99999997,PRINTING', `${b},DELIVERED`]);
    expect(illegal.body.status.responsecode).toBe(CODES.VALIDATION);
    expect(String(illegal.body.result.report.content).split('\r\n').filter(Boolean)).toEqual([
      'Row,Field,Message',
      '3,Order ID,Order 99999997 does not exist',
      `4,Order ID,Order ${b} cannot move from READYTOPRINT to DELIVERED`,
    ]);
    expect([await statusOf(a), await statusOf(b)]).toEqual(['READYTOPRINT', 'READYTOPRINT']);
    const good = await upload('order-printing', ['Order ID,Status,Date', `${a},Printing,2026-11-20`, `${b},PRINTING,`]);
    expect(good.body.status.responsecode, good.body.status.responsemessage).toBe(CODES.SUCCESS);
    expect(good.body.status.responsemessage).toBe('vendor-result.csv file uploaded successfully.');
    expect([await statusOf(a), await statusOf(b)]).toEqual(['PRINTING', 'PRINTING']);
    const dated = await any().selectFrom('order_tracking').select('date').where('orderid', '=', a).where('status', '=', 'PRINTING').executeTakeFirstOrThrow();
    expect(String(dated.date).slice(0, 10)).toBe('2026-11-20');
  });

  it("holds each reached step against the region's SLA days from the step's start", async () => {
    const day = 86_400_000;
    const start = new Date(Date.now() - 20 * day);
    const id = await newOrder({ now: start }); // Asia: printing 3, packaging 2, delivery 5 days
    const move = (days: number) => moveOrders(any(), [{ orderid: id }], { user: 'test', now: new Date(start.getTime() + days * day) });
    await move(1); // READYTOPRINT, day 1 of printing
    await move(2); // PRINTING
    await move(4); // PRINTED: 4 days after payment > 3
    await move(5); // READYTOPACK: packaging starts at PRINTED (day 4)
    await move(6); // PACKING
    await move(6.5); // PACKED: 2.5 days > 2
    await move(7); // READYTODELIVER: delivery starts at PACKED
    expect((await trackingOf(id)).map((t: { status: string; isoversla: unknown }) => [t.status, Number(t.isoversla)])).toEqual([
      ['PAYMENT_SUCCESS', 0],
      ['READYTOPRINT', 0],
      ['PRINTING', 0],
      ['PRINTED', 1],
      ['READYTOPACK', 0],
      ['PACKING', 0],
      ['PACKED', 1],
      ['READYTODELIVER', 0],
    ]);
    expect(Number((await order(id)).isoversla)).toBe(0);
  });

  it('moves every order waiting on a screen, or every one its search finds, in one call', async () => {
    const ids = [await newOrder(), await newOrder(), await newOrder()];
    const waiting = await any().selectFrom('card_order').select('orderid').where('status', 'in', ['PAYMENT_SUCCESS', 'READYTOPRINT', 'PRINTING']).execute();
    const answer = await call('/api/order-printing/bulk-next-step', { all: true });
    expect(answer.body.status.responsecode, answer.body.status.responsemessage).toBe(CODES.SUCCESS);
    expect(answer.body.result.count).toBe(waiting.length);
    for (const id of ids) expect(await statusOf(id)).toBe('READYTOPRINT');
    // All that the search finds: only these criteria's orders move.
    const [one, other] = [await newOrder(), await newOrder()];
    await call('/api/order-printing/bulk-next-step', { keys: [{ orderid: one }, { orderid: other }] });
    const filtered = await call('/api/order-printing/bulk-next-step', { all: true, criteria: { orderid: one } });
    expect(filtered.body.result.count).toBe(1);
    expect([await statusOf(one), await statusOf(other)]).toEqual(['PRINTING', 'READYTOPRINT']);
    const unknown = await call('/api/order-printing/bulk-next-step', { all: true, criteria: { nosuch: 1 } });
    expect(unknown.body.status.responsecode).toBe(CODES.BAD_REQUEST);
  });

  it("places a card order for a member's active card from the member card step's Reorder Card", async () => {
    const count = async () => Number(((await any().selectFrom('card_order').select((eb: any) => eb.fn.countAll().as('n')).where('memberid', '=', member.memberid).executeTakeFirstOrThrow()) as { n: unknown }).n);
    const before = await count();
    const answer = await call('/api/member-card/reorder-card', { memberid: member.memberid, cardnumber: member.cardnumber });
    expect(answer.body.status.responsecode, answer.body.status.responsemessage).toBe(CODES.SUCCESS);
    const placed = await any().selectFrom('card_order').select(['status', 'reason', 'cardnumber']).where('orderid', '=', answer.body.result.orderid).executeTakeFirstOrThrow();
    expect(placed).toEqual({ status: 'PAYMENT_SUCCESS', reason: 'REPLACEMENT', cardnumber: member.cardnumber });
    const wrong = await call('/api/member-card/reorder-card', { memberid: member.memberid, cardnumber: '0000000000' });
    expect(wrong.body.status.responsecode).toBe(CODES.VALIDATION);
    expect(wrong.body.status.responsemessage).toBe(`Card 0000000000 of member ${member.memberid} is not an active card`);
    expect(await count()).toBe(before + 1);
  });

  it('makes no card order for a membership without a card product: a tier change writes none, a reorder is refused, nothing written', async () => {
    const cobrand = (await any().selectFrom('member').select(['memberid', 'cardnumber', 'membershipid', 'tierid']).where('membershipid', '=', 'COBRAND').where('status', '=', 'ACTIVE').orderBy('memberid').executeTakeFirstOrThrow()) as typeof member;
    const orders = async () => (await any().selectFrom('card_order').select('orderid').where('memberid', '=', cobrand.memberid).execute()).length;
    const product = (await any().selectFrom('membership').select('cardmailingproduct').where('membershipid', '=', 'COBRAND').executeTakeFirstOrThrow()) as { cardmailingproduct: string | null };
    expect(product.cardmailingproduct, 'the demo gives every membership its card product').toBeTruthy();
    await any().updateTable('membership').set({ cardmailingproduct: null }).where('membershipid', '=', 'COBRAND').execute();
    try {
      const before = await orders();
      const made = await any().transaction().execute((trx) => createOrder(trx, { ...cobrand, reason: 'REPLACEMENT', user: 'test', now: new Date() }));
      expect(made).toBeUndefined();
      const refused = await call('/api/member-card/reorder-card', { memberid: cobrand.memberid, cardnumber: cobrand.cardnumber });
      expect(refused.body.status.responsecode).toBe(CODES.VALIDATION);
      expect(refused.body.status.responsemessage).toBe('Membership COBRAND has no Card Mailing Product: set one on the membership before ordering its cards');
      // The tier job's change (holdTier) still moves the member's tier, without an order.
      const other = cobrand.tierid === tierId('COBRAND', 'Gold') ? tierId('COBRAND', 'Silver') : tierId('COBRAND', 'Gold');
      const today = new Date().toISOString().slice(0, 10);
      await server.database.db.transaction().execute(async (trx) => holdTier(trx, (await loadMember(trx, cobrand.memberid))!, { tierid: other, startdate: today, enddate: `${Number(today.slice(0, 4)) + 1}-12-31`, reason: 'QUALIFICATION' }, 'test', new Date()));
      expect((await any().selectFrom('member').select('tierid').where('memberid', '=', cobrand.memberid).executeTakeFirstOrThrow()).tierid).toBe(other);
      expect(await orders()).toBe(before);
    } finally {
      await any().updateTable('membership').set({ cardmailingproduct: product.cardmailingproduct }).where('membershipid', '=', 'COBRAND').execute();
    }
  });

  it('Vendor Region keeps its SLA days as data staff edit', async () => {
    const created = await call('/api/vendor-region/create', { regioncode: 'TSTREG', regionname: 'Test Region', countries: ['BR'], branches: [], slaprinting: 1, slapackaging: 1, sladelivery: 1 });
    expect(created.body.status.responsecode, created.body.status.responsemessage).toBe(CODES.SUCCESS);
    expect((await regionForAddress(any(), { sendto: 'MEMBER', country: 'BR' }))?.regioncode).toBe('TSTREG');
    const bad = await call('/api/vendor-region/create', { regioncode: 'TSTREG2', regionname: 'Bad', slaprinting: -1, slapackaging: 1, sladelivery: 1 });
    expect(bad.body.status.responsecode).toBe(CODES.VALIDATION);
    expect(await any().selectFrom('vendor_region').select('regioncode').where('regioncode', '=', 'TSTREG2').executeTakeFirst()).toBeUndefined();
    await call('/api/vendor-region/delete', { regioncode: 'TSTREG' });
  });
});
