// What awards the Relation Bonus and the Promo Completion Bonus, on both databases: a member relation added on the
// member's Member Relation step earns the member the rule of its membership for that type (once per member and
// rule row, the rule named in the ledger row); bad relations (itself, an unknown member, over the type's limit)
// answer a field message and change nothing; a member's third credited flight meeting a promotion (its detail names
// the promotion) completes the promotion's row (minimum 3 activities) and earns its bonus once, in the posting's
// transaction.
import { activityFileJobHandlers } from '../../server/catalog/activityFiles/activityFileJobs';
import { loadCatalogue } from '../../server/platform/definitions';
import { createJobWorker } from '../../server/platform/jobs/jobWorker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { BONUS_REASONS } from '../../server/tierManagement/bonuses/bonusStore';
import { RELATION_TEXTS } from '../../server/tierManagement/bonuses/bonusHooks';
import { checkLedger, TRX_TYPES } from '../../server/ledger/ledgerStore';
import { ON_DEMO_DAY, startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

type Row = Record<string, any>;

describe.each(testDatabases)('relation and promo completion bonuses on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let seq = 0;
  const any = () => definitionDb(server.database.db);
  const call = (path: string, data: unknown) => server.call(path, data, { token: admin });

  async function addMember(): Promise<{ memberid: string; card: string }> {
    seq += 1;
    const memberid = `BT${target.name.slice(0, 1).toUpperCase()}${String(seq).padStart(6, '0')}`;
    const card = `66${target.name === 'sqlite' ? 1 : 2}${String(seq).padStart(7, '0')}`;
    const at = new Date().toISOString();
    await any()
      .insertInto('member')
      .values({ memberid, firstname: 'Bonus', lastname: `Trigger${seq}`, gender: 'MALE', status: 'ACTIVE', email: null, username: card, passwordhash: null, emailverified: 0, createddate: at, updateddate: at, tierid: 'BLUE', membershipid: 'FFP', enrollmentdate: '2024-01-01', cardnumber: card })
      .execute();
    await any().insertInto('member_card').values({ cardnumber: card, memberid, membershipid: 'FFP', tierid: 'BLUE', status: 'ACTIVE', issuedate: '2024-01-01' }).execute();
    return { memberid, card };
  }

  const bonuses = (memberid: string, trxtype: string) =>
    any().selectFrom('ledger_transaction').select(['trxtype', 'awardmiles', 'source', 'reason', 'createdby']).where('memberid', '=', memberid).where('trxtype', '=', trxtype).orderBy('trxid').execute() as Promise<Row[]>;
  const relations = (memberid: string) => any().selectFrom('member_relation').select(['relatedmemberid', 'relationtypeid']).where('memberid', '=', memberid).orderBy('relatedmemberid').execute();
  const relate = (memberid: string, relatedmemberid: string, relationtypeid: string) => call('/api/member-relation/create', { memberid, relatedmemberid, relationtypeid });

  beforeAll(async () => {
    server = await startTestServer(target, {}, [], undefined, ON_DEMO_DAY);
    admin = (await server.login('admin')).body.result.bearer;
  });
  afterAll(async () => {
    if (server) expect(await checkLedger(server.database.db)).toEqual([]);
    await server?.close();
  });

  it('gives the relation bonus of the type once per member and rule row, naming the rule', async () => {
    const [a, spouse, child1, child2] = [await addMember(), await addMember(), await addMember(), await addMember()];
    expect((await relate(a.memberid, spouse.memberid, 'SPOUSE')).body.status.responsecode).toBe(CODES.SUCCESS);
    expect((await relate(a.memberid, child1.memberid, 'CHILD')).body.status.responsecode).toBe(CODES.SUCCESS);
    expect((await relate(a.memberid, child2.memberid, 'CHILD')).body.status.responsecode).toBe(CODES.SUCCESS);
    expect(await bonuses(a.memberid, TRX_TYPES.RELATIONBONUS)).toEqual([
      { trxtype: 'RELATIONBONUS', awardmiles: 1000, source: 'rule:RELBONUS:SPOUSE:FFP:2021-01-01', reason: BONUS_REASONS.relation('SPOUSE', spouse.memberid), createdby: 'admin' },
      { trxtype: 'RELATIONBONUS', awardmiles: 500, source: 'rule:RELBONUS:CHILD:FFP:2021-01-01', reason: BONUS_REASONS.relation('CHILD', child1.memberid), createdby: 'admin' },
    ]);
    // A sibling has no Relation Bonus row: the relation is kept, no miles.
    const sibling = await addMember();
    expect((await relate(a.memberid, sibling.memberid, 'SIBLING')).body.status.responsecode).toBe(CODES.SUCCESS);
    expect(await bonuses(a.memberid, TRX_TYPES.RELATIONBONUS)).toHaveLength(2);
    expect(await relations(a.memberid)).toHaveLength(4);
  });

  it.each([
    { name: 'the member itself', type: 'SPOUSE', related: 'self', field: 'relatedmemberid', message: () => RELATION_TEXTS.self },
    { name: 'an unknown member', type: 'SPOUSE', related: 'NOSUCHMEMBER', field: 'relatedmemberid', message: () => RELATION_TEXTS.unknownMember('NOSUCHMEMBER') },
    { name: 'a second spouse (Max Members 1)', type: 'SPOUSE', related: 'second', field: 'relationtypeid', message: () => RELATION_TEXTS.tooMany('Spouse', 1) },
    { name: 'an unknown relation type', type: 'COUSIN', related: 'other', field: 'relationtypeid', message: () => 'Relation Type "COUSIN" does not exist' },
  ])('refuses $name with a field message, changing nothing', async ({ type, related, field, message }) => {
    const a = await addMember();
    const first = await addMember();
    expect((await relate(a.memberid, first.memberid, 'SPOUSE')).body.status.responsecode).toBe(CODES.SUCCESS);
    const before = { relations: await relations(a.memberid), bonuses: await bonuses(a.memberid, TRX_TYPES.RELATIONBONUS) };
    const other = related === 'self' ? a.memberid : related === 'NOSUCHMEMBER' ? related : (await addMember()).memberid;
    const answer = await relate(a.memberid, other, type);
    expect(answer.http).toBe(200);
    expect(answer.body.status.responsecode).toBe(CODES.VALIDATION);
    expect(answer.body.result.fields[field]).toBe(message());
    expect({ relations: await relations(a.memberid), bonuses: await bonuses(a.memberid, TRX_TYPES.RELATIONBONUS) }).toEqual(before);
  });

  it("gives the promo completion bonus when the member's third flight meeting the promotion is credited, once", async () => {
    const { memberid, card } = await addMember();
    // A promotion of its own (the rule book reads it from the screen's API), completed by three of its flights.
    // Created with its Basic Info, then each criterion saved in its own section (as the record page does).
    const promocode = 'GAPSDPS';
    expect((await call('/api/promotion/create', { promocode, name: 'Gaps Jakarta Bali', promotiontype: 'AIR', startdate: '2026-02-02', enddate: '2026-12-31' })).body.status.responsecode).toBe(CODES.SUCCESS);
    expect((await call('/api/promotion/section-member-criteria', { promocode, gender: 'ALL' })).body.status.responsecode).toBe(CODES.SUCCESS);
    expect((await call('/api/promotion/section-air-criteria', { promocode, airlinecode: 'GA', originairport: 'CGK', destinationairport: 'DPS' })).body.status.responsecode).toBe(CODES.SUCCESS);
    expect((await call('/api/promotion/section-bonus-activity', { promocode, bonusactivitycode: 'BNSGAPS', bonustype: 'FIXED', bonusvalue: 100 })).body.status.responsecode).toBe(CODES.SUCCESS);
    const completion = { promocompletionid: 'PCGAPS3', promocompletionname: 'Three gaps flights', promocode: 'GAPSDPS', minactivities: 3, effectivedate: '2026-01-01', expireddate: '2026-12-31', awardmiles: 3000 };
    expect((await call('/api/promo-completion-bonus/create', completion)).body.status.responsecode).toBe(CODES.SUCCESS);
    const flight = (day: string, n: number, more: Row = {}) =>
      call('/api/accrual/air', { cardnumber: card, activitydate: day, carrier: 'GA', flightnumber: String(400 + n), origin: 'CGK', destination: 'DPS', bookingclass: 'Y', ticketnumber: `12624${target.name === 'sqlite' ? 1 : 2}${String(n).padStart(7, '0')}`, ticketissuedate: '2026-01-02', ...more });
    // A flight before the promotion starts does not meet it and counts for nothing.
    expect((await flight('2026-02-01', 1)).body.status.responsecode).toBe(CODES.SUCCESS);
    expect((await flight('2026-02-03', 2)).body.status.responsecode).toBe(CODES.SUCCESS);
    expect((await flight('2026-02-05', 3)).body.status.responsecode).toBe(CODES.SUCCESS);
    expect(await bonuses(memberid, TRX_TYPES.PROMOBONUS)).toEqual([]);
    expect((await flight('2026-02-07', 4)).body.status.responsecode).toBe(CODES.SUCCESS);
    const given = [{ trxtype: 'PROMOBONUS', awardmiles: 3000, source: 'rule:PRMCBONUS:PCGAPS3', reason: BONUS_REASONS.promoCompletion('GAPSDPS', 3), createdby: 'admin' }];
    expect(await bonuses(memberid, TRX_TYPES.PROMOBONUS)).toEqual(given);
    expect((await flight('2026-02-09', 5)).body.status.responsecode).toBe(CODES.SUCCESS);
    expect(await bonuses(memberid, TRX_TYPES.PROMOBONUS)).toEqual(given);
  });
  it('an activity file row completes the promotion as a post does (after the test above made GAPSDPS and its completion row)', async () => {
    const { memberid, card } = await addMember();
    const row = (day: string, n: number) => [card, day, 'GA', String(500 + n), 'CGK', 'DPS', 'Y', `12625${target.name === 'sqlite' ? 1 : 2}${String(n).padStart(7, '0')}`, '2026-01-02'].join(',');
    const header = 'cardnumber,activitydate,carrier,flightnumber,origin,destination,bookingclass,ticketnumber,ticketissuedate';
    const up = await call('/api/activity-file/upload', { filename: 'gaps.csv', content: [header, row('2026-03-01', 1), row('2026-03-02', 2), row('2026-03-03', 3)].join('\r\n') + '\r\n' });
    expect(up.body.status.responsecode).toBe(CODES.SUCCESS);
    expect((await call('/api/activity-file/process-park', { fileid: up.body.result.fileid })).body.status.responsecode).toBe(CODES.SUCCESS);
    const worker = createJobWorker({ db: server.database.db, owner: 'test', handlers: activityFileJobHandlers(loadCatalogue()), pollMs: 60_000 });
    expect(await worker.tick()).toBe(1);
    expect((await bonuses(memberid, TRX_TYPES.PROMOBONUS)).map((b) => [b.awardmiles, b.source])).toEqual([[3000, 'rule:PRMCBONUS:PCGAPS3']]);
  });
});
