// Tiers and their bonuses on SQLite and PostgreSQL, through the real server (its ledger listeners registered):
// the rule screens refuse bad input changing nothing; a posting that meets an upgrade criterion upgrades at once
// (history row, cards, card order, tier completion bonus) in the posting's transaction; the period-end job
// maintains, downgrades (levels as data) or upgrades, once however often it runs; first-activity, referral and
// birthday bonuses are given once; the tier as of a day; and the ledger check stays clean.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import type { Schema } from '../../server/platform/db/schema';
import { checkLedger, credit, debit, TRX_TYPES } from '../../server/ledger/ledgerStore';
import { createJobWorker } from '../../server/platform/jobs/jobWorker';
import { tierJobHandlers, tierPeriodEndJobKey, tierSchedules } from '../../server/tierManagement/tiers/tierJobs';
import { bonusJobHandlers, birthdayBonusJobKey, bonusSchedules } from '../../server/tierManagement/bonuses/bonusJobs';
import { closeDuePeriods, TIER_CARD_ORDER } from '../../server/tierManagement/tiers/tierStore';
import { giveBirthdayBonuses } from '../../server/tierManagement/bonuses/bonusStore';
import { TIER_TEXTS } from '../../server/tierManagement/tiers/tierActions';
import { TIER_STANDING_PATHS as TIER_PATHS } from '../../engine/definition/views';
import { ON_DEMO_DAY, startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

const user = 'tester';
const at = (day: string) => new Date(`${day}T08:00:00Z`);

interface NewMember {
  membershipid?: string;
  tierid?: string;
  birthdate?: string | null;
  period?: [string, string];
  enrolled?: string;
  referralcode?: string | null;
  referredby?: string | null;
  status?: string;
}

describe.each(testDatabases)('tiers and bonuses on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let db: Kysely<Schema>;
  let any: Kysely<any>;
  let seq = 0;

  const call = (path: string, data: unknown) => server.call(path, data, { token: admin });

  /** A member of its own: the member row, its card, its account period and the tier history row of the period. */
  async function addMember(options: NewMember = {}): Promise<string> {
    const n = ++seq;
    const memberid = `T${String(n).padStart(7, '0')}`;
    const cardnumber = `99${String(n).padStart(8, '0')}`;
    const { membershipid = 'FFP', tierid = 'BLUE', birthdate = '1985-03-10', period = ['2026-01-01', '2026-12-31'], enrolled = '2025-01-01', status = 'ACTIVE' } = options;
    const stamp = new Date().toISOString();
    await any
      .insertInto('member')
      .values({
        memberid, firstname: 'Tier', lastname: `Tester${n}`, memberfullname: `Tier Tester${n}`, status, username: `tier-${memberid}`, emailverified: 0, createddate: stamp, updateddate: stamp,
        membershipid, tierid, cardnumber, nameoncard: `TIER TESTER${n}`, birthdate, enrollmentdate: enrolled, effectivedate: enrolled, expireddate: period[1],
        referralcode: options.referralcode ?? null, referredby: options.referredby ?? null,
      })
      .execute();
    await any.insertInto('member_card').values({ cardnumber, memberid, membershipid, tierid, status: 'ACTIVE', issuedate: enrolled }).execute();
    await any.insertInto('member_account').values({ memberid, startperiod: period[0], endperiod: period[1] }).execute();
    await any
      .insertInto('member_tier')
      .values({ memberid, membershipid, tierid, startdate: period[0], enddate: period[1], tierreason: 'ENROLLMENT', createdby: user, createddate: stamp, updatedby: user, updateddate: stamp })
      .execute();
    return memberid;
  }

  const earn = (memberid: string, day: string, tiermiles: number, segments = 0, now = at(day)) =>
    db.transaction().execute((trx) => credit(trx, { memberid, trxtype: TRX_TYPES.EARNING, activitydate: day, awardmiles: tiermiles, tiermiles, segments, source: 'test:flight', user, now }));
  const member = (memberid: string) => any.selectFrom('member').select(['tierid', 'expireddate', 'awardmiles', 'tiermiles']).where('memberid', '=', memberid).executeTakeFirstOrThrow();
  const history = (memberid: string) =>
    any.selectFrom('member_tier').select(['tierid', 'startdate', 'enddate', 'tierreason']).where('memberid', '=', memberid).orderBy('startdate').orderBy('createddate').execute();
  const ledger = (memberid: string) =>
    db.selectFrom('ledger_transaction').select(['trxtype', 'activitydate', 'awardmiles', 'tiermiles', 'source']).where('memberid', '=', memberid).orderBy('trxid').execute();
  const orders = (memberid: string) => db.selectFrom('card_order').select(['tierid', 'reason', 'status', 'reordernumber']).where('memberid', '=', memberid).orderBy('orderid').execute();
  const account = (memberid: string) => db.selectFrom('member_account').select(['startperiod', 'endperiod']).where('memberid', '=', memberid).executeTakeFirstOrThrow();
  const setConfig = (key: string, value: string) => any.updateTable('general_config').set({ value }).where('key', '=', key).execute();

  beforeAll(async () => {
    server = await startTestServer(target, {}, [], undefined, ON_DEMO_DAY);
    admin = (await server.login('admin')).body.identity!.signature!;
    db = server.database.db;
    any = definitionDb(db);
  });
  afterAll(async () => server?.close());

  describe('the rule screens', () => {
    it('refuse bad input with a message on its field and change nothing', async () => {
      const count = async () => (await any.selectFrom('mileage_criteria').select('mileagecriteriaid').execute()).length;
      const before = await count();
      const base = { mileagecriteriaid: 'TESTGOLDUP', membershipid: 'FFP', tierid: 'GOLD', type: 'UPGRADE', operator: 'OR', effectivedate: '2030-01-01' };
      const neither = await call('/api/mileage-criteria/create', base);
      expect(neither.body.status.responsecode).toBe(CODES.VALIDATION);
      expect(neither.body.result.fields).toEqual({ tiermiles: 'Tier Miles is Required', segments: 'Segments is Required' });
      const ages = await call('/api/mileage-criteria/create', { ...base, tiermiles: 1000, minage: 30, maxage: 20 });
      expect(ages.body.result.fields).toEqual({ maxage: 'Max Age must not be less than Min Age' });
      const negative = await call('/api/mileage-criteria/create', { ...base, tiermiles: -5 });
      expect(negative.body.result.fields).toEqual({ tiermiles: 'Tier Miles minimum 1' });
      // The demo's FFPGOLDUP (no age band, from 2021, open-ended) already covers 2030.
      const overlap = await call('/api/mileage-criteria/create', { ...base, tiermiles: 30_000 });
      expect(overlap.body.status.responsecode).toBe(CODES.VALIDATION);
      expect(overlap.body.result.fields.effectivedate).toContain('FFPGOLDUP');
      expect(await count()).toBe(before);
      // A band of its own is another key: young travellers' Gold.
      const band = await call('/api/mileage-criteria/create', { ...base, tiermiles: 20_000, minage: 2, maxage: 24 });
      expect(band.body.status.responsecode).toBe(CODES.SUCCESS);
      expect(await count()).toBe(before + 1);
      await call('/api/mileage-criteria/delete', { mileagecriteriaid: 'TESTGOLDUP' });
    });

    it('refuse a bonus below zero and a rule period overlapping another of the same key', async () => {
      const rows = async () => (await any.selectFrom('birthday_bonus').selectAll().execute()).length;
      const before = await rows();
      const below = await call('/api/birthday-bonus/create', { membershipid: 'FFP', tierid: 'GOLD', effectivedate: '2030-01-01', awardmiles: -1 });
      expect(below.body.result.fields).toEqual({ awardmiles: 'Award Miles minimum 0' });
      const overlapping = await call('/api/birthday-bonus/create', { membershipid: 'FFP', tierid: 'GOLD', effectivedate: '2030-01-01', awardmiles: 5 });
      expect(overlapping.body.status.responsecode).toBe(CODES.VALIDATION);
      expect(Object.keys(overlapping.body.result.fields)).toContain('effectivedate');
      const otherTier = await call('/api/tier-completion-bonus/create', { membershipid: 'FFP', tierid: 'SILVER', effectivedate: '2020-01-01', expireddate: '2020-12-31', awardmiles: 10 });
      expect(otherTier.body.status.responsecode).toBe(CODES.SUCCESS);
      const ends = await call('/api/first-activity-bonus/create', { membershipid: 'CORPORATE', effectivedate: '2030-01-01', expireddate: '2029-12-31', awardmiles: 10 });
      expect(ends.body.result.fields).toEqual({ expireddate: 'Expired Date must not be before Effective Date' });
      expect(await rows()).toBe(before);
    });

    it('offer the current Upgrade criteria of a tier through the mileage-criteria selector (spec 001 §7.3)', async () => {
      const options = (await call('/api/selector/options', { selector: 'mileage-criteria', criteria: { tierid: 'SILVER' } })).body.result as { value: string }[];
      expect(options.map((o) => o.value)).toEqual(['FFPSILVERUP', 'FFPSILVERUPYOUTH']);
      const reasons = (await call('/api/selector/options', { selector: 'tier-reason' })).body.result as { value: string; label: string }[];
      expect(reasons.find((r) => r.value === 'QUALIFICATION')?.label).toBe('Qualification');
    });
  });

  describe('upgrade as soon as met', () => {
    it('upgrades in the posting transaction: tier, history with its reason, cards, a card order and the tier completion bonus', async () => {
      const m = await addMember();
      await earn(m, '2026-03-01', 6_000, 2);
      expect((await member(m)).tierid).toBe('BLUE');
      await earn(m, '2026-06-15', 4_000, 1);
      expect(await member(m)).toMatchObject({ tierid: 'SILVER', expireddate: '2026-12-31' });
      expect(await history(m)).toEqual([
        { tierid: 'BLUE', startdate: '2026-01-01', enddate: '2026-06-14', tierreason: 'ENROLLMENT' },
        { tierid: 'SILVER', startdate: '2026-06-15', enddate: '2026-12-31', tierreason: 'QUALIFICATION' },
      ]);
      expect((await db.selectFrom('member_card').select('tierid').where('memberid', '=', m).executeTakeFirstOrThrow()).tierid).toBe('SILVER');
      expect(await orders(m)).toEqual([{ tierid: 'SILVER', ...TIER_CARD_ORDER }]);
      expect((await ledger(m)).at(-1)).toEqual({ trxtype: 'TIERBONUS', activitydate: '2026-06-15', awardmiles: 1_000, tiermiles: 0, source: 'rule:TIERCBONUS:SILVER:2026-01-01' });

      // Straight past Gold to Platinum in one posting: one upgrade, to the highest tier met.
      await earn(m, '2026-07-01', 50_000, 10);
      expect((await member(m)).tierid).toBe('PLATINUM');
      expect((await history(m)).map((h) => [h.tierid, h.startdate, h.enddate, h.tierreason])).toEqual([
        ['BLUE', '2026-01-01', '2026-06-14', 'ENROLLMENT'],
        ['SILVER', '2026-06-15', '2026-06-30', 'QUALIFICATION'],
        ['PLATINUM', '2026-07-01', '2026-12-31', 'QUALIFICATION'],
      ]);
      expect((await ledger(m)).filter((r) => r.trxtype === 'TIERBONUS').map((r) => r.awardmiles)).toEqual([1_000, 5_000]);
      expect(await checkLedger(db)).toEqual([]);
    });

    it('counts only the qualification period, never upgrades on a debit, and leaves the tier when the posting rolls back', async () => {
      const m = await addMember();
      await earn(m, '2025-12-31', 9_000, 0, at('2026-02-01'));
      await earn(m, '2026-02-01', 9_000);
      expect((await member(m)).tierid).toBe('BLUE');
      await db.transaction().execute((trx) => debit(trx, { memberid: m, trxtype: TRX_TYPES.REDEMPTION, activitydate: '2026-02-02', awardmiles: 100, user, now: at('2026-02-02') }));
      expect((await member(m)).tierid).toBe('BLUE');
      await expect(
        db.transaction().execute(async (trx) => {
          await credit(trx, { memberid: m, trxtype: TRX_TYPES.EARNING, activitydate: '2026-02-03', awardmiles: 2_000, tiermiles: 2_000, user, now: at('2026-02-03') });
          throw new Error('the caller fails after the credit');
        }),
      ).rejects.toThrow('the caller fails');
      expect(await member(m)).toMatchObject({ tierid: 'BLUE', tiermiles: 18_000 });
      expect(await history(m)).toHaveLength(1);
      expect(await orders(m)).toEqual([]);
    });

    it("takes an age band's bar for young members, and a tier completion bonus tied to one criterion only when that one qualified", async () => {
      const young = await addMember({ birthdate: '2005-05-05' });
      await earn(young, '2026-04-01', 7_500);
      expect((await member(young)).tierid).toBe('SILVER');
      const older = await addMember();
      await earn(older, '2026-04-01', 7_500);
      expect((await member(older)).tierid).toBe('BLUE');

      const card = await addMember({ membershipid: 'COBRAND', tierid: 'CBSILVER' });
      await earn(card, '2026-05-01', 25_000);
      expect((await member(card)).tierid).toBe('CBGOLD');
      expect((await ledger(card)).filter((r) => r.trxtype === 'TIERBONUS')).toEqual([
        { trxtype: 'TIERBONUS', activitydate: '2026-05-01', awardmiles: 3_000, tiermiles: 0, source: 'rule:TIERCBONUS:CBGOLD:2026-01-01' },
      ]);
    });
  });

  describe('the end of a qualification period', () => {
    it('maintains, downgrades one level or upgrades from the period just ended, and moves the period on by the tier duration', async () => {
      // Tier Duration (demo): from 2026 Silver and Gold last 15 months, Platinum 27.
      const kept = await addMember({ tierid: 'GOLD', period: ['2025-01-01', '2025-12-31'] });
      const dropped = await addMember({ tierid: 'PLATINUM', period: ['2025-01-01', '2025-12-31'] });
      const raised = await addMember({ tierid: 'SILVER', period: ['2025-01-01', '2025-12-31'] });
      const later = await addMember({ tierid: 'GOLD', period: ['2025-06-01', '2026-05-31'] });
      // Figures written when the upgrade listener could no longer act (the period had ended): only the job decides.
      await earn(kept, '2025-10-01', 21_000, 0, at('2026-01-02'));
      await earn(raised, '2025-11-01', 60_000, 0, at('2026-01-02'));
      await earn(dropped, '2024-06-01', 90_000, 0, at('2026-01-02'));

      const result = await closeDuePeriods(db, { today: '2026-01-05', user, now: () => at('2026-01-05') });
      expect(result).toMatchObject({ members: 3, maintained: 1, downgraded: 1, upgraded: 1 });
      expect((await history(kept)).at(-1)).toEqual({ tierid: 'GOLD', startdate: '2026-01-01', enddate: '2027-03-31', tierreason: 'MAINTAIN' });
      expect(await account(kept)).toEqual({ startperiod: '2026-01-01', endperiod: '2027-03-31' });
      expect(await member(kept)).toMatchObject({ tierid: 'GOLD', expireddate: '2027-03-31' });
      expect(await orders(kept)).toEqual([]);

      expect(await history(dropped)).toEqual([
        { tierid: 'PLATINUM', startdate: '2025-01-01', enddate: '2025-12-31', tierreason: 'ENROLLMENT' },
        { tierid: 'GOLD', startdate: '2026-01-01', enddate: '2027-03-31', tierreason: 'DOWNGRADE' },
      ]);
      expect(await orders(dropped)).toEqual([{ tierid: 'GOLD', ...TIER_CARD_ORDER }]);
      expect((await db.selectFrom('member_card').select('tierid').where('memberid', '=', dropped).executeTakeFirstOrThrow()).tierid).toBe('GOLD');

      expect((await history(raised)).at(-1)).toEqual({ tierid: 'PLATINUM', startdate: '2026-01-01', enddate: '2028-03-31', tierreason: 'QUALIFICATION' });
      expect((await ledger(raised)).at(-1)).toMatchObject({ trxtype: 'TIERBONUS', activitydate: '2026-01-01', awardmiles: 5_000 });
      expect(await account(later)).toEqual({ startperiod: '2025-06-01', endperiod: '2026-05-31' });

      // Run again, and twice at once: nothing more.
      const again = await Promise.all([
        closeDuePeriods(db, { today: '2026-01-05', user }),
        closeDuePeriods(db, { today: '2026-01-05', user }),
      ]);
      expect(again.map((r) => r.members)).toEqual([0, 0]);
      expect(await history(dropped)).toHaveLength(2);
      expect(await checkLedger(db)).toEqual([]);
    });

    it('drops as many levels as TIER_DOWNGRADE_LEVELS says, closes every missed period, and is a job run once per day', async () => {
      // No Tier Duration row before 2025: ENROLL_DEFAULT_TIER_MONTHS (12).
      await setConfig('TIER_DOWNGRADE_LEVELS', '2');
      const far = await addMember({ tierid: 'PLATINUM', period: ['2023-03-01', '2024-02-29'] });
      try {
        const worker = createJobWorker({ db, owner: 'tier-test', handlers: tierJobHandlers, schedules: tierSchedules, pollMs: 1000, now: () => at('2026-01-10') });
        expect(await worker.tick()).toBe(1);
        const job = await db.selectFrom('job').selectAll().where('jobkey', '=', tierPeriodEndJobKey('2026-01-10')).executeTakeFirstOrThrow();
        expect(job.status).toBe('DONE');
        expect(await worker.tick()).toBe(0);
      } finally {
        await setConfig('TIER_DOWNGRADE_LEVELS', '1');
      }
      expect((await history(far)).map((h) => [h.tierid, h.startdate, h.enddate, h.tierreason])).toEqual([
        ['PLATINUM', '2023-03-01', '2024-02-29', 'ENROLLMENT'],
        ['SILVER', '2024-03-01', '2025-02-28', 'DOWNGRADE'],
        ['BLUE', '2025-03-01', '2026-02-28', 'DOWNGRADE'],
      ]);
      expect(await account(far)).toEqual({ startperiod: '2025-03-01', endperiod: '2026-02-28' });
      expect((await orders(far)).map((o) => o.tierid)).toEqual(['SILVER', 'BLUE']);
    });
  });

  describe('bonuses', () => {
    it('gives the first-activity bonus once, on a first activity within the days after enrollment', async () => {
      const fresh = await addMember({ enrolled: '2026-02-01' });
      await earn(fresh, '2026-03-01', 500);
      await earn(fresh, '2026-03-05', 500);
      expect((await ledger(fresh)).filter((r) => r.trxtype === 'FIRSTACTBONUS')).toEqual([
        { trxtype: 'FIRSTACTBONUS', activitydate: '2026-03-01', awardmiles: 1_000, tiermiles: 0, source: 'rule:FACTBONUS:FFP:2021-01-01' },
      ]);
      const slow = await addMember({ enrolled: '2025-06-01' });
      await earn(slow, '2026-03-01', 500);
      expect((await ledger(slow)).map((r) => r.trxtype)).toEqual(['EARNING']);
    });

    it("gives the referral bonus to the referrer and the referred member on the referred member's first activity, once", async () => {
      const referrer = await addMember({ referralcode: 'TIERREF1' });
      const referred = await addMember({ referredby: 'TIERREF1', enrolled: '2024-01-01' });
      await earn(referred, '2026-04-01', 800);
      await earn(referred, '2026-04-02', 800);
      expect(await ledger(referrer)).toEqual([{ trxtype: 'REFERRALBONUS', activitydate: '2026-04-01', awardmiles: 1_500, tiermiles: 0, source: `referral:${referred}` }]);
      expect((await ledger(referred)).filter((r) => r.trxtype === 'REFERRALBONUS').map((r) => r.awardmiles)).toEqual([500]);
      // A referrer who is no longer active gets nothing, and the referred member's posting still goes through.
      const gone = await addMember({ referralcode: 'TIERREF2', status: 'INACTIVE' });
      const second = await addMember({ referredby: 'TIERREF2', enrolled: '2024-01-01' });
      await earn(second, '2026-04-01', 800);
      expect(await ledger(gone)).toEqual([]);
      expect((await ledger(second)).map((r) => r.trxtype)).toEqual(['EARNING']);
    });

    it('gives the birthday bonus of the member\'s tier once a year, 29 February birthdays on 28 February, as a daily job', async () => {
      const gold = await addMember({ tierid: 'GOLD', birthdate: '1979-02-13' });
      const leap = await addMember({ birthdate: '2000-02-29' });
      const corporate = await addMember({ membershipid: 'CORPORATE', tierid: 'CORPGOLD', birthdate: '1979-02-13' });
      const worker = createJobWorker({ db, owner: 'birthday-test', handlers: bonusJobHandlers, schedules: bonusSchedules, pollMs: 1000, now: () => at('2027-02-13') });
      expect(await worker.tick()).toBe(1);
      expect((await db.selectFrom('job').select('status').where('jobkey', '=', birthdayBonusJobKey('2027-02-13')).executeTakeFirstOrThrow()).status).toBe('DONE');
      expect(await ledger(gold)).toEqual([{ trxtype: 'BIRTHDAYBONUS', activitydate: '2027-02-13', awardmiles: 1_000, tiermiles: 0, source: 'rule:BDAYBONUS:FFP:GOLD:2021-01-01' }]);
      expect(await ledger(corporate)).toEqual([]);
      await giveBirthdayBonuses(db, { today: '2027-02-13', user });
      expect(await ledger(gold)).toHaveLength(1);
      await giveBirthdayBonuses(db, { today: '2027-02-28', user });
      expect((await ledger(leap)).map((r) => [r.trxtype, r.activitydate, r.awardmiles])).toEqual([['BIRTHDAYBONUS', '2027-02-28', 250]]);
      expect(await checkLedger(db)).toEqual([]);
    });
  });

  describe('lookups', () => {
    it("answers the tier as of a day and the member's standing in the period, and refuses a bad date on its field", async () => {
      const m = await addMember();
      await earn(m, '2026-05-10', 12_000, 3);
      const before = await call(TIER_PATHS.asOf, { memberid: m, asofdate: '2026-05-09' });
      expect(before.body.result).toMatchObject({ tierid: 'BLUE', tiername: 'Blue', tierreason: 'ENROLLMENT' });
      const afterUpgrade = await call(TIER_PATHS.asOf, { memberid: m, asofdate: '2026-05-10' });
      expect(afterUpgrade.body.result).toMatchObject({ tierid: 'SILVER', tiername: 'Silver', startdate: '2026-05-10', tierreason: 'QUALIFICATION', reasonname: 'Qualification' });
      const none = await call(TIER_PATHS.asOf, { memberid: m, asofdate: '2025-12-31' });
      expect([none.body.status.responsecode, none.body.status.responsemessage]).toEqual([CODES.NOT_FOUND, TIER_TEXTS.noTier(m, '2025-12-31')]);
      const bad = await call(TIER_PATHS.asOf, { memberid: m, asofdate: '2026-02-30' });
      expect(bad.body.result.fields).toEqual({ asofdate: TIER_TEXTS.badDate });

      const standing = await call(TIER_PATHS.qualification, { memberid: m });
      expect(standing.body.result).toMatchObject({ tierid: 'SILVER', startperiod: '2026-01-01', endperiod: '2026-12-31', tiermiles: 12_000, segments: 3 });
      expect(standing.body.result.periodend).toMatchObject({ outcome: 'MAINTAIN', mileagecriteriaid: 'FFPSILVERMT' });
      expect(standing.body.result.periodend.checks.find((c: { mileagecriteriaid: string }) => c.mileagecriteriaid === 'FFPGOLDUP')).toEqual({
        mileagecriteriaid: 'FFPGOLDUP', tierid: 'GOLD', type: 'UPGRADE', applies: true, met: false, why: '12,000 of 25,000 tier miles or 3 of 25 segments: not met',
      });
    });
  });
});
