// A manual tier change on both databases: staff add a row to the member's tier history on the Member Tier step
// (membership, a tier of it, start date, tier reason) under the member screen's MEMBER_UPDATE; the change is written as an upgrade
// writes it (earlier rows end the day before, the member and its cards carry the tier, a card order TIERCHANGE,
// the user named); an unknown tier, a tier of another membership, the tier held, a missing reason or a day after
// the period answer a field message and change nothing; without MEMBER_UPDATE the call is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { hashPassword } from '../../server/platform/session/passwordHash';
import { sha256Hex } from '../../server/platform/core/sha256';
import { TIER_CARD_ORDER } from '../../server/tierManagement/tiers/tierStore';
import { TIER_CHANGE_TEXTS } from '../../server/tierManagement/tiers/tierHooks';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

const CREATE = '/api/member-tier/create';

describe.each(testDatabases)('manual tier change on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let seq = 0;
  const any = () => definitionDb(server.database.db);
  const call = (path: string, data: unknown, token = admin) => server.call(path, data, { token });

  /** A member of its own: FFP BLUE for 2026, with its card, account period and first tier row. */
  async function addMember(): Promise<{ memberid: string; cardnumber: string }> {
    const n = ++seq;
    const memberid = `MT${target.name.slice(0, 1).toUpperCase()}${String(n).padStart(6, '0')}`;
    const cardnumber = `88${target.name === 'sqlite' ? 1 : 2}${String(n).padStart(7, '0')}`;
    const stamp = new Date().toISOString();
    await any()
      .insertInto('member')
      .values({
        memberid, firstname: 'Manual', lastname: `Tier${n}`, memberfullname: `Manual Tier${n}`, status: 'ACTIVE', username: `mt-${memberid}`, emailverified: 0, createddate: stamp, updateddate: stamp,
        membershipid: 'FFP', tierid: 'BLUE', cardnumber, nameoncard: `MANUAL TIER${n}`, enrollmentdate: '2025-01-01', effectivedate: '2025-01-01', expireddate: '2026-12-31',
      })
      .execute();
    await any().insertInto('member_card').values({ cardnumber, memberid, membershipid: 'FFP', tierid: 'BLUE', status: 'ACTIVE', issuedate: '2025-01-01' }).execute();
    await any().insertInto('member_account').values({ memberid, startperiod: '2026-01-01', endperiod: '2026-12-31' }).execute();
    await any()
      .insertInto('member_tier')
      .values({ memberid, membershipid: 'FFP', tierid: 'BLUE', startdate: '2026-01-01', enddate: '2026-12-31', tierreason: 'ENROLLMENT', createdby: 'seed', createddate: stamp, updatedby: 'seed', updateddate: stamp })
      .execute();
    return { memberid, cardnumber };
  }

  const history = (memberid: string) =>
    any().selectFrom('member_tier').select(['tierid', 'membershipid', 'startdate', 'enddate', 'tierreason', 'createdby']).where('memberid', '=', memberid).orderBy('startdate').execute();
  const state = async (memberid: string) => ({
    member: await any().selectFrom('member').select(['tierid', 'expireddate']).where('memberid', '=', memberid).executeTakeFirstOrThrow(),
    cards: await any().selectFrom('member_card').select(['cardnumber', 'tierid']).where('memberid', '=', memberid).execute(),
    history: await history(memberid),
    orders: await any().selectFrom('card_order').select(['cardnumber', 'tierid', 'reason', 'status', 'createdby']).where('memberid', '=', memberid).execute(),
  });

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await server.login('admin')).body.result.bearer;
  });
  afterAll(async () => server?.close());

  it('changes the tier from a day: history with the reason and the user, member and cards, and a card order as an upgrade makes', async () => {
    const { memberid, cardnumber } = await addMember();
    const answer = await call(CREATE, { memberid, membershipid: 'FFP', tierid: 'GOLD', startdate: '2026-05-10', tierreason: 'UPGRADE' });
    expect(answer.body.status.responsecode).toBe(CODES.SUCCESS);
    const after = await state(memberid);
    expect(after.history).toEqual([
      { tierid: 'BLUE', membershipid: 'FFP', startdate: '2026-01-01', enddate: '2026-05-09', tierreason: 'ENROLLMENT', createdby: 'seed' },
      { tierid: 'GOLD', membershipid: 'FFP', startdate: '2026-05-10', enddate: '2026-12-31', tierreason: 'UPGRADE', createdby: 'admin' },
    ]);
    expect(after.member).toEqual({ tierid: 'GOLD', expireddate: '2026-12-31' });
    expect(after.cards).toEqual([{ cardnumber, tierid: 'GOLD' }]);
    expect(after.orders).toEqual([{ cardnumber, tierid: 'GOLD', reason: TIER_CARD_ORDER.reason, status: TIER_CARD_ORDER.status, createdby: 'admin' }]);
    // The tier as of a day reads the new history.
    expect((await call('/api/member-tier/as-of', { memberid, asofdate: '2026-05-09' })).body.result.tierid).toBe('BLUE');
    expect((await call('/api/member-tier/as-of', { memberid, asofdate: '2026-05-10' })).body.result).toMatchObject({ tierid: 'GOLD', tierreason: 'UPGRADE' });
  });

  const BAD: { name: string; data: Record<string, unknown>; field: string; message: string }[] = [
    { name: 'an unknown tier', data: { tierid: 'NOSUCH', tierreason: 'UPGRADE' }, field: 'tierid', message: TIER_CHANGE_TEXTS.notOfMembership('NOSUCH', 'FFP') },
    { name: 'a tier of another membership', data: { tierid: 'CBGOLD', tierreason: 'UPGRADE' }, field: 'tierid', message: TIER_CHANGE_TEXTS.notOfMembership('CBGOLD', 'FFP') },
    { name: 'another membership', data: { membershipid: 'COBRAND', tierid: 'CBGOLD', tierreason: 'UPGRADE' }, field: 'membershipid', message: TIER_CHANGE_TEXTS.otherMembership('FFP') },
    { name: 'no membership', data: { membershipid: undefined, tierid: 'GOLD', tierreason: 'UPGRADE' }, field: 'membershipid', message: 'Membership is Required' },
    { name: 'the tier the member holds', data: { tierid: 'BLUE', startdate: '2026-06-01', tierreason: 'UPGRADE' }, field: 'tierid', message: TIER_CHANGE_TEXTS.sameTier('BLUE') },
    { name: 'no tier reason', data: { tierid: 'GOLD' }, field: 'tierreason', message: 'Tier Reason is Required' },
    { name: 'an unknown tier reason', data: { tierid: 'GOLD', tierreason: 'WHIM' }, field: 'tierreason', message: 'Tier Reason "WHIM" does not exist' },
    { name: "a day after the member's period", data: { tierid: 'GOLD', startdate: '2027-01-01', tierreason: 'UPGRADE' }, field: 'startdate', message: TIER_CHANGE_TEXTS.afterPeriod('2026-12-31') },
  ];

  it.each(BAD)('refuses $name on its field, changing nothing', async ({ data, field, message }) => {
    const { memberid } = await addMember();
    const before = await state(memberid);
    const answer = await call(CREATE, { memberid, membershipid: 'FFP', startdate: '2026-05-10', ...data });
    expect(answer.http).toBe(200);
    expect(answer.body.status.responsecode).toBe(CODES.VALIDATION);
    expect(answer.body.result.fields[field]).toBe(message);
    expect(await state(memberid)).toEqual(before);
  });

  it('is refused without MEMBER_UPDATE (a reader of the member screen), changing nothing', async () => {
    const { memberid } = await addMember();
    const rolecode = `MTREAD${target.name.slice(0, 1).toUpperCase()}`;
    const role = await call('/api/role/create', { rolecode, rolename: `Role ${rolecode}`, rowscope: 'ALL', roledescription: 'tier change test', usermenu: [{ menucode: 'MEMBER', functions: [{ functioncode: 'MEMBER_ACCESS', grant: true }] }] });
    expect(role.body.status.responsecode).toBe(CODES.SUCCESS);
    const at = new Date().toISOString();
    const username = `mtreader${target.name}`;
    await any()
      .insertInto('app_user')
      .values({ username, userfullname: 'Tier Reader', email: `${username}@alms.example`, rolecode, partnercode: null, branchcode: 'JKTHO', tickoffid: 'JKT01', status: 'ACTIVE', passwordhash: await hashPassword(sha256Hex('Admin#2026')), passworddate: at, failedcount: 0, lockeduntil: null, createddate: at, updateddate: at })
      .execute();
    const reader = (await server.login(username)).body.result.bearer as string;
    const before = await state(memberid);
    const answer = await call(CREATE, { memberid, membershipid: 'FFP', tierid: 'GOLD', startdate: '2026-05-10', tierreason: 'UPGRADE' }, reader);
    expect(answer.http).toBe(403);
    expect(await state(memberid)).toEqual(before);
  });
});
