// The demo's promises (README, "Demo users") on a server whose clock starts a year ahead: the demo is seeded as
// of that day, its dated rows (seasons, blackouts, award validity, promotions) moved with it, so every demo user
// still logs in and lands where the README says and finds the data it promises (hotel: the Hilton voucher), every
// seeded activity holds the miles its rating gives, and no card order lacks its product.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { landingPath } from '../../src/shell/staffRoutes';
import { demoDay } from '../../server/platform/seed/seedDates';
import { checkLedger } from '../../server/ledger/ledgerStore';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

type Row = Record<string, any>;

const YEAR_AHEAD = new Date(Date.now() + 365 * 86_400_000);

describe.each(testDatabases)('the demo seeded a year ahead on $name', (target) => {
  let server: TestServer;
  const db = () => definitionDb(server.database.db);
  const today = YEAR_AHEAD.toISOString().slice(0, 10);
  const asSeeded = (day: string) => demoDay(day, YEAR_AHEAD);

  beforeAll(async () => {
    server = await startTestServer(target, {}, [], undefined, { now: YEAR_AHEAD });
  }, 120_000);
  afterAll(async () => server?.close());

  const signIn = async (username: string) => {
    const answer = await server.login(username);
    expect(answer.body.status.responsecode, username).toBe(CODES.SUCCESS);
    const result = answer.body.result as { bearer: string; usermenu: { menucode: string }[]; user: { rolename: string; partnercode: string | null; branchcode: string } };
    return { ...result, menus: result.usermenu.map((m) => m.menucode) };
  };

  it('lands bod on the member screen (read-only) and branch on the dashboard with member and enrollment', async () => {
    const bod = await signIn('bod');
    expect(landingPath(bod.user.rolename)).toBe('/member');
    expect(bod.menus).toContain('MEMBER');
    const branch = await signIn('branch');
    expect(landingPath(branch.user.rolename)).toBe('/');
    expect(branch.menus).toEqual(expect.arrayContaining(['MEMBER', 'ENROLL']));
    expect(branch.user.branchcode).toBe('DPSBO');
  });

  it('asks expired for a new password (9004), its password as old as the seed made it on that day', async () => {
    const answer = await server.login('expired');
    expect(answer.body.status.responsecode).toBe(CODES.PASSWORD_EXPIRED);
  });

  it('lets hotel find a Hilton voucher of the demo redemptions (Rina Kusumawati) and mark it used once', async () => {
    const hotel = await signIn('hotel');
    expect(hotel.user.partnercode).toBe('HILTON');
    expect(hotel.menus).toContain('VOUCHVER');
    const vouchers = (await db().selectFrom('redemption_certificate').selectAll().where('partnercode', '=', 'HILTON').execute()) as Row[];
    expect(vouchers.length).toBeGreaterThan(0);
    const code = String(vouchers[0]!.vouchercode);
    const call = (path: string, data: unknown) => server.call(path, data, { token: hotel.bearer });
    const checked = await call('/api/voucher-verification/check', { vouchercode: code });
    expect(checked.body.status.responsecode).toBe(CODES.SUCCESS);
    expect(checked.body.result).toMatchObject({ vouchercode: code, awardcode: 'HTL-HILTON', name: 'Rina Kusumawati', status: 'ISSUED' });
    expect((await call('/api/voucher-verification/use', { voucher: { vouchercode: code } })).body.status.responsecode).toBe(CODES.SUCCESS);
    expect((await call('/api/voucher-verification/use', { voucher: { vouchercode: code } })).body.status.responsecode).toBe(CODES.VALIDATION);
  });

  it("gives every seeded activity the miles the accrual rules rate it, its ledger row with them, and a clean ledger", async () => {
    const activities = (await db().selectFrom('member_activity').select(['memberid', 'activityid', 'activitytype', 'awardmiles', 'tiermiles', 'segments', 'trxid', 'status']).execute()) as Row[];
    expect(activities.length).toBeGreaterThan(100);
    for (const a of activities) {
      expect(a.status, a.activityid).toBe('CREDITED');
      expect(a.awardmiles, a.activityid).not.toBeNull();
      expect(a.tiermiles, a.activityid).not.toBeNull();
      expect(a.trxid, a.activityid).not.toBeNull();
    }
    // Flights earn award and tier miles and a segment; partners' activities earn award miles.
    const flights = activities.filter((a) => a.activitytype === 'AIR');
    expect(flights.filter((a) => Number(a.awardmiles) > 0 && Number(a.tiermiles) > 0).length).toBeGreaterThan(flights.length * 0.9);
    expect(activities.filter((a) => a.activitytype === 'NONAIR').every((a) => Number(a.awardmiles) > 0)).toBe(true);
    // Each activity's miles are its ledger credit's, and the credit names the activity.
    const credits = new Map(((await db().selectFrom('ledger_transaction').select(['trxid', 'awardmiles', 'tiermiles', 'source']).where('trxtype', '=', 'EARNING').execute()) as Row[]).map((t) => [Number(t.trxid), t]));
    for (const a of activities) {
      const credit = credits.get(Number(a.trxid));
      expect(credit, a.activityid).toBeDefined();
      expect([Number(credit!.awardmiles), Number(credit!.tiermiles)], a.activityid).toEqual([Number(a.awardmiles), Number(a.tiermiles)]);
    }
    expect(await checkLedger(server.database.db)).toEqual([]);
  });

  it('makes no card order without its mailing product (the seed orders, the first start, its jobs)', async () => {
    const orders = (await db().selectFrom('card_order').select(['orderid', 'mailingproductcode']).execute()) as Row[];
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.filter((o) => !o.mailingproductcode)).toEqual([]);
    const memberships = (await db().selectFrom('membership').select(['membershipid', 'cardmailingproduct']).execute()) as Row[];
    expect(memberships.filter((m) => !m.cardmailingproduct)).toEqual([]);
  });

  it('lets partner (BNI) and checker sign in to their pages', async () => {
    const partner = await signIn('partner');
    expect(partner.user.partnercode).toBe('BNI');
    expect(partner.menus).toContain('VOUCHVER');
    const checker = await signIn('checker');
    expect(checker.menus.length).toBeGreaterThan(0);
  });

  it('makes every demo redemption, its trips after the seeding day, and moves the dated rows with the seeding day', async () => {
    const redemptions = (await db().selectFrom('member_redemption').selectAll().execute()) as Row[];
    expect(redemptions).toHaveLength(3);
    for (const r of redemptions) expect(String(r.departuredate ?? r.traveldate ?? today) >= today).toBe(true);
    const hilton = (await db().selectFrom('award').selectAll().where('awardcode', '=', 'HTL-HILTON').executeTakeFirstOrThrow()) as Row;
    expect(hilton.enddate).toBe(asSeeded('2027-12-31'));
    expect(hilton.enddate >= today).toBe(true);
    const peak = (await db().selectFrom('peak_season').selectAll().where('peakseasoncode', '=', 'LEBARAN-26').executeTakeFirstOrThrow()) as Row;
    expect([peak.startdate, peak.enddate]).toEqual([asSeeded('2026-03-13'), asSeeded('2026-03-29')]);
    const promo = (await db().selectFrom('promotion').selectAll().where('promocode', '=', 'DOUBLEDPS26').executeTakeFirstOrThrow()) as Row;
    expect([promo.startdate, promo.enddate]).toEqual([asSeeded('2026-01-01'), asSeeded('2026-12-31')]);
    // What runs on the day the rows are written as of runs on the seeding day: the year-end buy mileage bonus.
    const yearEnd = (await db().selectFrom('buy_mileage_promo').selectAll().where('promocode', '=', 'BML-YEAREND').executeTakeFirstOrThrow()) as Row;
    expect(yearEnd.startdate <= today && today <= yearEnd.enddate).toBe(true);
    // The admin finds the named demo members.
    const admin = await signIn('admin');
    const members = await server.call('/api/member/list', undefined, { token: admin.bearer });
    expect(members.body.status.responsecode).toBe(CODES.SUCCESS);
    expect(members.body.result.length).toBeGreaterThan(0);
  });
});
