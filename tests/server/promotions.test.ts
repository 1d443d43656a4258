// Promotions on both databases: the demo rows of the six screens; creates and their field errors
// (an end before the start, an unknown promotion, a registration code taken, a card no member holds, a member
// registered already); selectors keeping ACTIVE promotions (and those needing registration) and child
// catalogues only; a Promo File registering its members, or reporting its bad rows and changing nothing; and a
// promotion's bonus credited through accrual only to eligible, registered members inside its dates, named by
// the credit's detail line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { parseCsv } from '../../engine/definition/bulk';
import { activityFileJobHandlers } from '../../server/catalog/activityFiles/activityFileJobs';
import { loadCatalogue } from '../../server/platform/definitions';
import { createJobWorker } from '../../server/platform/jobs/jobWorker';
import { PROMOTION_RULE } from '../../domain/accrualResult';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

type Row = Record<string, any>;
const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

/** An air promotion of the test's own: GA CGK-SIN economy in April 2026, registered Gold members, 777 fixed award miles. */
const AIR_PROMO = { promocode: 'QZFLY26', name: 'Qz Singapore Bonus', promotiontype: 'AIR', startdate: '2026-04-01', enddate: '2026-04-30' };
const AIR_MEMBER = { needregister: true, membershipid: 'FFP', tiers: ['GOLD'], gender: 'ALL', minage: null, maxage: null, enrollstartdate: null, enrollenddate: null };
const AIR_CRITERIA = { airlinecode: 'GA', originairport: 'CGK', destinationairport: 'SIN', compartments: ['Y'], bookingclasses: [], flightstartdate: null, flightenddate: null, minsegments: null };
const AIR_BONUS = { bonusactivitycode: 'BNSQZSIN', bonustype: 'FIXED', bonusvalue: 777, milestype: 'AWARD' };
/** A non-air promotion for women: BNI card spend of at least IDR 1,000,000 in May 2026, +50% award miles. */
const SPEND_PROMO = { promocode: 'QZSPEND26', name: 'Qz Spend Bonus', promotiontype: 'NON_AIR', startdate: '2026-05-01', enddate: '2026-05-31' };

describe.each(testDatabases)('promotions on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let seq = 0;
  const call = (path: string, data?: unknown, extra: Row = {}) => server.call(path, data, { token: admin, ...extra });
  const any = () => definitionDb(server.database.db);
  const count = async (table: string) => Number(((await any().selectFrom(table).select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as Row).n);
  const list = async (resource: string, criteria: Row = {}) => (await call(`/api/${resource}/list`, undefined, { parameter: { criteria }, paging: { limit: -1, page: 1 } })).body.result as Row[];
  const options = async (selector: string) => ((await call('/api/selector/options', { selector })).body.result as Row[]).map((o) => o.value);

  /** A member of the test's own with one card. */
  async function member(tierid = 'GOLD', gender = 'MALE'): Promise<{ memberid: string; card: string }> {
    seq += 1;
    const memberid = `P${target.name.slice(0, 1)}${String(seq).padStart(6, '0')}`;
    const card = `66${target.name === 'sqlite' ? 1 : 2}${String(seq).padStart(7, '0')}`;
    const at = new Date().toISOString();
    await any()
      .insertInto('member')
      .values({ memberid, firstname: 'Promo', lastname: `Member${seq}`, gender, birthdate: '1990-06-15', status: 'ACTIVE', email: null, username: card, passwordhash: null, emailverified: 0, createddate: at, updateddate: at, tierid, membershipid: 'FFP', enrollmentdate: '2020-01-01', cardnumber: card })
      .execute();
    await any().insertInto('member_card').values({ cardnumber: card, memberid, membershipid: 'FFP', tierid, status: 'ACTIVE', issuedate: '2020-01-01' }).execute();
    return { memberid, card };
  }

  const flight = (card: string, activitydate: string, flightnumber: string) => ({
    cardnumber: card,
    activitydate,
    carrier: 'GA',
    flightnumber,
    origin: 'CGK',
    destination: 'SIN',
    bookingclass: 'Y',
    ticketnumber: `12624${flightnumber.padStart(8, '0')}`,
    ticketissuedate: '2026-03-01',
  });
  const detail = (trxid: number) => any().selectFrom('ledger_detail').selectAll().where('trxid', '=', trxid).orderBy('lineno').execute() as Promise<Row[]>;

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await server.login('admin')).body.result.bearer;
  }, 120_000);
  afterAll(async () => server?.close(), 120_000);

  describe('the six screens', () => {
    it.each([
      ['promotion', 'promocode', ['BNICARD26', 'DOUBLEDPS26', 'HILTONSTAY26', 'SKYTEAMEU26']],
      ['registration-code', 'registrationcode', ['KLEU2026', 'KLGOLD26']],
      ['promo-criteria-type', 'criteriatypecode', ['PARTNER', 'ROUTE', 'SEASON', 'TIER']],
      ['promo-catalog', 'promocatalogcode', ['REDEEM26', 'REDEEMDPS26', 'REDEEMHTL26']],
    ])('%s lists its demo rows', async (resource, key, codes) => {
      expect((await list(resource)).map((r) => r[key]).sort()).toEqual(expect.arrayContaining(codes));
    });

    it('Member Promo lists the demo members registered to SkyTeam Europe Bonus, by staff and by a Promo File', async () => {
      const rows = await list('member-promo', { promocode: 'SKYTEAMEU26' });
      expect(rows.map((r) => r.channel).sort()).toEqual(['FILE', 'STAFF', 'STAFF']);
      expect(rows.every((r) => r.status === 'REGISTERED' && typeof r.memberid === 'string')).toBe(true);
      const files = await list('promo-file', { promocode: 'SKYTEAMEU26' });
      expect(files.map((r) => r.cardnumber)).toEqual(rows.filter((r) => r.channel === 'FILE').map((r) => r.cardnumber));
    });

    it('selectors keep ACTIVE promotions, those needing registration, active criteria types and child catalogues only', async () => {
      expect((await options('promotion')).sort()).toEqual(['BNICARD26', 'DOUBLEDPS26', 'HILTONSTAY26', 'SKYTEAMEU26']);
      expect(await options('promotion-register')).toEqual(['SKYTEAMEU26']);
      expect((await options('promo-criteria-type')).sort()).toEqual(['PARTNER', 'ROUTE', 'TIER']);
      expect((await options('promo-catalog')).sort()).toEqual(['REDEEMDPS26', 'REDEEMHTL26']);
      expect(await options('registration-code')).toEqual(expect.arrayContaining(['KLEU2026', 'KLGOLD26']));
    });
  });

  describe('creates and their field errors', () => {
    it('creates a promotion section by section and refuses an end before the start on its field, creating nothing', async () => {
      const before = await count('promotion');
      const bad = await call('/api/promotion/create', { ...AIR_PROMO, enddate: '2026-03-31' });
      expect(bad.body.status.responsecode).toBe(CODES.VALIDATION);
      expect(Object.keys(bad.body.result.fields)).toEqual(['enddate']);
      expect(await count('promotion')).toBe(before);

      expect((await call('/api/promotion/create', AIR_PROMO)).body.status.responsecode).toBe(CODES.SUCCESS);
      expect((await call('/api/promotion/section-member-criteria', { promocode: AIR_PROMO.promocode, ...AIR_MEMBER })).body.status.responsecode).toBe(CODES.SUCCESS);
      expect((await call('/api/promotion/section-air-criteria', { promocode: AIR_PROMO.promocode, ...AIR_CRITERIA })).body.status.responsecode).toBe(CODES.SUCCESS);
      expect((await call('/api/promotion/section-bonus-activity', { promocode: AIR_PROMO.promocode, ...AIR_BONUS })).body.status.responsecode).toBe(CODES.SUCCESS);
      expect((await call('/api/promotion/section-air-criteria-detail', { promocode: AIR_PROMO.promocode })).body.result).toEqual({ promocode: AIR_PROMO.promocode, ...AIR_CRITERIA });

      const flights = await call('/api/promotion/section-air-criteria', { promocode: AIR_PROMO.promocode, ...AIR_CRITERIA, flightstartdate: '2026-04-20', flightenddate: '2026-04-10' });
      expect(flights.body.status.responsecode).toBe(CODES.VALIDATION);
      expect(Object.keys(flights.body.result.fields)).toEqual(['flightenddate']);
      const enrolled = await call('/api/promotion/section-member-criteria', { promocode: AIR_PROMO.promocode, ...AIR_MEMBER, enrollstartdate: '2026-01-02', enrollenddate: '2026-01-01' });
      expect(Object.keys(enrolled.body.result.fields)).toEqual(['enrollenddate']);
    });

    it('a registration code: created for a promotion needing registration; taken, or for an unknown promotion, refused', async () => {
      const before = await count('registration_code');
      expect((await call('/api/registration-code/create', { registrationcode: 'QZFLYCODE', promocode: AIR_PROMO.promocode })).body.status.responsecode).toBe(CODES.SUCCESS);
      const taken = await call('/api/registration-code/create', { registrationcode: 'KLEU2026', promocode: AIR_PROMO.promocode });
      expect(taken.body.status.responsecode).toBe(CODES.DUPLICATE);
      const unknown = await call('/api/registration-code/create', { registrationcode: 'QZNOPROMO', promocode: 'QZNOSUCH' });
      expect(unknown.body.status.responsecode).toBe(CODES.VALIDATION);
      expect(Object.keys(unknown.body.result.fields)).toEqual(['promocode']);
      const free = await call('/api/registration-code/create', { registrationcode: 'QZFREE', promocode: 'DOUBLEDPS26' });
      expect(free.body.result.fields).toEqual({ promocode: 'Promotion DOUBLEDPS26 is not an active promotion that needs registration' });
      expect(await count('registration_code')).toBe(before + 1);
    });

    it('registers a member by card with a code of the promotion; a card no member holds, a code of another promotion, a member registered already refused', async () => {
      const gold = await member();
      const before = await count('member_promo');
      const cases: [Row, string, string | undefined][] = [
        [{ promocode: 'QZNOSUCH', cardnumber: gold.card, registrationcode: 'QZFLYCODE' }, 'promocode', undefined],
        [{ promocode: AIR_PROMO.promocode, cardnumber: '6699999999', registrationcode: 'QZFLYCODE' }, 'cardnumber', 'No member holds card number 6699999999'],
        [{ promocode: AIR_PROMO.promocode, cardnumber: gold.card, registrationcode: 'KLEU2026' }, 'registrationcode', undefined],
        [{ promocode: AIR_PROMO.promocode, cardnumber: gold.card }, 'registrationcode', undefined],
      ];
      for (const [data, field, message] of cases) {
        const answer = await call('/api/member-promo/create', data);
        expect(answer.body.status.responsecode, JSON.stringify(data)).toBe(CODES.VALIDATION);
        expect(Object.keys(answer.body.result.fields)).toEqual([field]);
        if (message) expect(answer.body.result.fields[field]).toBe(message);
      }
      expect(await count('member_promo')).toBe(before);
      // A code staff deactivated registers nobody.
      expect((await call('/api/registration-code/create', { registrationcode: 'QZOLDCODE', promocode: AIR_PROMO.promocode })).body.status.responsecode).toBe(CODES.SUCCESS);
      expect((await call('/api/registration-code/deactivate', { registrationcode: 'QZOLDCODE' })).body.status.responsecode).toBe(CODES.SUCCESS);
      const inactive = await call('/api/member-promo/create', { promocode: AIR_PROMO.promocode, cardnumber: gold.card, registrationcode: 'QZOLDCODE' });
      expect(inactive.body.result.fields).toEqual({ registrationcode: 'Registration code QZOLDCODE is not active' });
      expect(await count('member_promo')).toBe(before);

      const ok = await call('/api/member-promo/create', { promocode: AIR_PROMO.promocode, cardnumber: gold.card, registrationcode: 'QZFLYCODE' });
      expect(ok.body.status.responsecode).toBe(CODES.SUCCESS);
      expect(ok.body.result).toMatchObject({ memberid: gold.memberid, channel: 'STAFF', status: 'REGISTERED' });
      // The same member by a second card is registered already.
      await any().insertInto('member_card').values({ cardnumber: `${gold.card}9`, memberid: gold.memberid, membershipid: 'FFP', tierid: 'GOLD', status: 'ACTIVE', issuedate: '2021-01-01' }).execute();
      const again = await call('/api/member-promo/create', { promocode: AIR_PROMO.promocode, cardnumber: `${gold.card}9`, registrationcode: 'QZFLYCODE' });
      expect(again.body.result.fields).toEqual({ cardnumber: `The member of card ${gold.card}9 is already registered to promotion QZFLY26` });
      expect((await call('/api/member-promo/create', { promocode: AIR_PROMO.promocode, cardnumber: gold.card, registrationcode: 'QZFLYCODE' })).body.status.responsecode).toBe(CODES.DUPLICATE);
      expect(await count('member_promo')).toBe(before + 1);
    });
  });

  describe('Promo File', () => {
    it('reports every bad row (unknown card, registered already, repeated, not a number) and registers nobody', async () => {
      const fresh = await member();
      const registered = (await list('member-promo', { promocode: 'SKYTEAMEU26' }))[0]!;
      const before = { files: await count('promo_file'), registrations: await count('member_promo') };
      const answer = await call('/api/promo-file/upload', {
        filename: 'bad-members.csv',
        content: csv('Promotion,Card Number', `SKYTEAMEU26,${fresh.card}`, 'SKYTEAMEU26,6600000000', `SKYTEAMEU26,${registered.cardnumber}`, `SKYTEAMEU26,${fresh.card}`, 'SKYTEAMEU26,12AB', `DOUBLEDPS26,${fresh.card}`),
      });
      expect(answer.body.status).toEqual({ responsecode: CODES.VALIDATION, responsemessage: 'bad-members.csv: 5 errors in 5 rows, nothing was uploaded. Download the error report to see each one.' });
      const report = parseCsv(answer.body.result.report.content) ?? [];
      expect(report.slice(0, 4)).toEqual([
        ['Row', 'Field', 'Message'],
        ['3', 'Card Number', 'No member holds card number 6600000000'],
        ['4', 'Card Number', `The member of card ${registered.cardnumber} is already registered to promotion SKYTEAMEU26`],
        ['5', 'Card Number', `Card Number "SKYTEAMEU26|${fresh.card}" is repeated (also row 2)`],
      ]);
      expect(report.slice(4)).toEqual([
        ['6', 'Card Number', 'Card Number can be filled with number only'],
        ['7', 'Promotion', 'Promotion DOUBLEDPS26 is not an active promotion that needs registration'],
      ]);
      expect({ files: await count('promo_file'), registrations: await count('member_promo') }).toEqual(before);
    });

    it('a good file registers each member (channel Promo File) with one user log row', async () => {
      const [a, b] = [await member(), await member()];
      const answer = await call('/api/promo-file/upload', { filename: 'members.csv', content: csv('Promotion,Card Number', `SKYTEAMEU26,${a.card}`, `SKYTEAMEU26,${b.card}`) });
      expect(answer.body.status).toEqual({ responsecode: CODES.SUCCESS, responsemessage: 'members.csv file uploaded successfully.' });
      const rows = await list('member-promo', { promocode: 'SKYTEAMEU26' });
      for (const m of [a, b]) expect(rows.find((r) => r.cardnumber === m.card)).toMatchObject({ memberid: m.memberid, channel: 'FILE', status: 'REGISTERED' });
      expect((await list('promo-file', { promocode: 'SKYTEAMEU26' })).find((r) => r.cardnumber === a.card)).toMatchObject({ memberid: a.memberid });
      const log = await any().selectFrom('user_log').select(['legend', 'recordkey']).where('module', '=', 'PRMFILE').execute();
      expect(log).toEqual([{ legend: 'UPLOAD', recordkey: 'members.csv' }]);
    });
  });

  describe('the bonus through accrual', () => {
    it('credits the promotion only to a registered, eligible member inside its dates, with its detail line', async () => {
      const registered = (await list('member-promo', { promocode: AIR_PROMO.promocode }))[0]!;
      const card = String(registered.cardnumber);
      const unregistered = await member();
      const blue = await member('BLUE');
      await call('/api/member-promo/create', { promocode: AIR_PROMO.promocode, cardnumber: blue.card, registrationcode: 'QZFLYCODE' });

      const inDates = await call('/api/accrual/air', flight(card, '2026-04-10', '901'));
      expect(inDates.body.result.status).toBe('CREDITED');
      const line = (inDates.body.result.lines as Row[]).find((l) => l.ruletype === PROMOTION_RULE);
      expect(line).toEqual({ criterion: 'PROMO', ruletype: 'PRMANCT', rulecode: 'QZFLY26', description: 'Promotion QZFLY26 Qz Singapore Bonus (BNSQZSIN): 777 miles', awardmiles: 777, tiermiles: 0, segments: 0 });
      const stored = await detail(inDates.body.result.trxid);
      expect(stored.find((d) => d.ruletype === 'PRMANCT')).toMatchObject({ criterion: 'PROMO', rulecode: 'QZFLY26', description: 'Promotion QZFLY26 Qz Singapore Bonus (BNSQZSIN): 777 miles' });
      const withoutPromo = (inDates.body.result.lines as Row[]).filter((l) => l.ruletype !== PROMOTION_RULE).reduce((sum, l) => sum + l.awardmiles, 0);
      expect(inDates.body.result.awardmiles).toBe(withoutPromo + 777);

      const misses: [string, Row, string][] = [
        ['not registered', flight(unregistered.card, '2026-04-10', '902'), 'The member is not registered to the promotion'],
        ['registered but Blue', flight(blue.card, '2026-04-10', '903'), 'For tiers GOLD'],
        ['after the end', flight(card, '2026-05-02', '904'), 'Activity date 2026-05-02 is outside the promotion (2026-04-01 - 2026-04-30)'],
        ['in business class', { ...flight(card, '2026-04-11', '905'), bookingclass: 'C' }, 'For compartments Y'],
      ];
      for (const [why, data, reason] of misses) {
        const simulated = (await call('/api/accrual/simulate', { activitytype: 'AIR', ...data })).body.result;
        expect(simulated.verdicts, why).toContainEqual({ ruletype: 'PRMANCT', rulecode: 'QZFLY26', applied: false, reason });
        const posted = await call('/api/accrual/air', data);
        expect(posted.body.result.status, why).toBe('CREDITED');
        expect((posted.body.result.lines as Row[]).some((l) => l.ruletype === PROMOTION_RULE), why).toBe(false);
      }

      // Unregistered: the member's next flight earns no bonus.
      expect((await call('/api/member-promo/unregister', { promocode: AIR_PROMO.promocode, cardnumber: card })).body.status.responsecode).toBe(CODES.SUCCESS);
      const after = await call('/api/accrual/simulate', { activitytype: 'AIR', ...flight(card, '2026-04-12', '906') });
      expect(after.body.result.verdicts).toContainEqual({ ruletype: 'PRMANCT', rulecode: 'QZFLY26', applied: false, reason: 'The member is not registered to the promotion' });
    });

    it('an activity file rates as a post: a registered member earns the promotion on a file row, an unregistered one does not', async () => {
      const registered = await member();
      const unregistered = await member();
      expect((await call('/api/member-promo/create', { promocode: AIR_PROMO.promocode, cardnumber: registered.card, registrationcode: 'QZFLYCODE' })).body.status.responsecode).toBe(CODES.SUCCESS);
      const header = Object.keys(flight(registered.card, '2026-04-15', '911')).join(',');
      const line = (card: string, flightnumber: string) => Object.values(flight(card, '2026-04-15', flightnumber)).join(',');
      const up = await call('/api/activity-file/upload', { filename: 'promo-flights.csv', content: csv(header, line(registered.card, '911'), line(unregistered.card, '912')) });
      expect(up.body.status.responsecode).toBe(CODES.SUCCESS);
      expect((await call('/api/activity-file/process-park', { fileid: up.body.result.fileid })).body.status.responsecode).toBe(CODES.SUCCESS);
      const worker = createJobWorker({ db: server.database.db, owner: 'test', handlers: activityFileJobHandlers(loadCatalogue()), pollMs: 60_000 });
      expect(await worker.tick()).toBe(1);
      const promoLines = async (memberid: string) => {
        const activity = (await any().selectFrom('member_activity').select(['trxid', 'channel']).where('memberid', '=', memberid).executeTakeFirstOrThrow()) as Row;
        expect(activity.channel).toBe('FILE');
        return (await detail(Number(activity.trxid))).filter((d) => d.ruletype === PROMOTION_RULE).map((d) => [d.rulecode, Number(d.awardmiles)]);
      };
      expect(await promoLines(registered.memberid)).toEqual([['QZFLY26', 777]]);
      expect(await promoLines(unregistered.memberid)).toEqual([]);
    });

    it('a non-air promotion: +50% on spend of at least IDR 1,000,000 for women, no registration needed', async () => {
      expect((await call('/api/promotion/create', SPEND_PROMO)).body.status.responsecode).toBe(CODES.SUCCESS);
      const criteria = { promocode: SPEND_PROMO.promocode, partnercode: 'BNI', activitycodes: ['CARDSPEND'], minspend: 1_000_000, spendcurrency: 'IDR' };
      expect((await call('/api/promotion/section-nonair-criteria', criteria)).body.status.responsecode).toBe(CODES.SUCCESS);
      expect((await call('/api/promotion/section-member-criteria', { promocode: SPEND_PROMO.promocode, membershipid: 'FFP', tiers: [], gender: 'FEMALE' })).body.status.responsecode).toBe(CODES.SUCCESS);
      expect((await call('/api/promotion/section-bonus-activity', { promocode: SPEND_PROMO.promocode, bonusactivitycode: 'BNSQZSPEND', bonustype: 'PERCENTAGE', bonusvalue: 50, milestype: 'AWARD' })).body.status.responsecode).toBe(CODES.SUCCESS);
      const spend = (card: string, amount: number) => call('/api/accrual/non-air', { cardnumber: card, activitydate: '2026-05-02', partnercode: 'BNI', activitycode: 'CARDSPEND', amount, currencycode: 'IDR' });
      const woman = await member('BLUE', 'FEMALE');
      const man = await member('BLUE', 'MALE');
      const credited = (await spend(woman.card, 2_000_000)).body.result;
      const promo = (credited.lines as Row[]).find((l) => l.ruletype === PROMOTION_RULE);
      const base = (credited.lines as Row[]).filter((l) => l.ruletype !== PROMOTION_RULE).reduce((sum, l) => sum + l.awardmiles, 0);
      expect(promo).toMatchObject({ rulecode: 'QZSPEND26', awardmiles: Math.floor(base / 2), description: 'Promotion QZSPEND26 Qz Spend Bonus (BNSQZSPEND): +50%' });
      const simulate = (card: string, amount: number) => call('/api/accrual/simulate', { activitytype: 'NONAIR', cardnumber: card, activitydate: '2026-05-02', partnercode: 'BNI', activitycode: 'CARDSPEND', amount, currencycode: 'IDR' });
      expect((await simulate(man.card, 2_000_000)).body.result.verdicts).toContainEqual({ ruletype: 'PRMANCT', rulecode: 'QZSPEND26', applied: false, reason: 'For female members' });
      expect((await simulate(woman.card, 500_000)).body.result.verdicts).toContainEqual({ ruletype: 'PRMANCT', rulecode: 'QZSPEND26', applied: false, reason: 'Spend of at least 1,000,000 IDR' });

      // Bonus per Activity Code: the code's own bonus replaces the promotion's; a code of another partner is refused on its field.
      const stay = await call('/api/promotion-bonus-activity/create', { promocode: SPEND_PROMO.promocode, activitycode: 'STAY', bonustype: 'FIXED', bonusvalue: 300, milestype: 'AWARD' });
      expect(stay.body.status.responsecode).toBe(CODES.VALIDATION);
      expect(Object.keys(stay.body.result.fields)).toEqual(['activitycode']);
      const own = await call('/api/promotion-bonus-activity/create', { promocode: SPEND_PROMO.promocode, activitycode: 'CARDSPEND', bonustype: 'FIXED', bonusvalue: 300, milestype: 'BOTH' });
      expect(own.body.status.responsecode).toBe(CODES.SUCCESS);
      const fixed = (await simulate(woman.card, 2_000_000)).body.result;
      expect((fixed.lines as Row[]).find((l) => l.ruletype === PROMOTION_RULE)).toMatchObject({ rulecode: 'QZSPEND26', awardmiles: 300, tiermiles: 300, description: 'Promotion QZSPEND26 Qz Spend Bonus (BNSQZSPEND, CARDSPEND): 300 miles' });
    });
  });
});
