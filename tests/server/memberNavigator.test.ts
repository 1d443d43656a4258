// The member navigator's sub-step statuses (spec 000 §2 'Status: {status}') on both databases: each section's
// own state from the member's rows, as the dots' tooltips show it, following changes; guarded like the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_SECTION_STATUS_PATH } from '../../engine/definition/views';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

describe.each(testDatabases)('member navigator statuses on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let bod: string;
  const db = () => definitionDb(server.database.db);
  const statusOf = async (memberid: string, token = admin) => (await server.call(MEMBER_SECTION_STATUS_PATH, { memberid }, { token })).body;
  const aliasText = async (memberid: string) => {
    const n = Number((await db().selectFrom('member_alias').select((eb) => eb.fn.countAll().as('n')).where('memberid', '=', memberid).executeTakeFirstOrThrow()).n);
    return n === 0 ? 'No alias' : n === 1 ? '1 alias' : `${n} aliases`;
  };

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await server.login('admin')).body.result.bearer;
    bod = (await server.login('bod')).body.result.bearer;
  });
  afterAll(async () => server?.close());

  it("gives each sub-step its section's state: status, preferred address, account, aliases, tier, card, co-brand card", async () => {
    // Budi Santoso: Gold, active and activated, a co-brand card holder; Agus Setiawan: Blue, not activated yet, no co-brand card.
    expect((await statusOf('MBR0000001')).result).toEqual({
      'personal-information': 'Active',
      address: 'Preferred: Private',
      account: 'Activated',
      alias: await aliasText('MBR0000001'),
      'member-tier': 'Gold',
      'member-card': 'Active',
      'member-cobrand': 'Active',
    });
    expect((await statusOf('MBR0000003')).result).toMatchObject({ 'personal-information': 'Active', account: 'Not activated', 'member-tier': 'Blue', 'member-cobrand': 'No co-brand card' });
  });

  it('follows the member: locked, suspended, no preferred address, a replaced card', async () => {
    const memberid = 'MBR0000004';
    const card = (await db().selectFrom('member').select('cardnumber').where('memberid', '=', memberid).executeTakeFirstOrThrow()).cardnumber;
    await db().updateTable('member').set({ locked: 1 }).where('memberid', '=', memberid).execute();
    expect((await server.call('/api/member/updatestatus', { memberid, status: 'SUSPENDED' }, { token: admin })).body.status.responsecode).toBe('0000');
    await db().updateTable('member_address').set({ preferred: 0 }).where('memberid', '=', memberid).execute();
    await db().updateTable('member_card').set({ status: 'REPLACED' }).where('cardnumber', '=', card).execute();
    expect((await statusOf(memberid)).result).toMatchObject({ 'personal-information': 'Suspended', account: 'Locked', address: 'No preferred address', 'member-card': 'Replaced' });
  });

  it('is read under the member page guard (BOD through Member Data), and answers an unknown member clearly', async () => {
    expect((await statusOf('MBR0000001', bod)).status.responsecode).toBe('0000');
    expect((await statusOf('NOSUCHMEMBER')).status).toEqual({ responsecode: '9999', responsemessage: 'Member "NOSUCHMEMBER" was not found' });
    const partner = (await server.login('partner')).body.result.bearer;
    expect((await server.call(MEMBER_SECTION_STATUS_PATH, { memberid: 'MBR0000001' }, { token: partner })).http).toBe(403);
  });
});
