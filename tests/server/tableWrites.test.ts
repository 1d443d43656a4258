// Domain writes drop the lists' counts: every insert, update and delete through Kysely names its
// table to the database's listeners, so a member written by domain code (an enrollment, a status change, a
// merge) is counted at once on the member list, not when the cached count ages out.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

describe.each(testDatabases)('table writes on $name', (target) => {
  let server: TestServer;
  let token: string;
  const db = () => definitionDb(server.database.db);

  beforeAll(async () => {
    server = await startTestServer(target);
    token = (await server.login('admin')).body.result.bearer as string;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('names the table of each insert, update and delete, built or raw, and nothing for a read', async () => {
    const heard: string[] = [];
    const stop = server.database.onTableWrite((table) => heard.push(table));
    try {
      await db().insertInto('religion').values({ religionid: 'TWTEST', religionname: 'Table writes', status: 'ACTIVE' }).execute();
      await db().updateTable('religion as r').set({ religionname: 'Table writes 2' }).where('r.religionid', '=', 'TWTEST').execute();
      await db().selectFrom('religion').selectAll().execute();
      await sql`update "religion" set religionname = ${'Table writes 3'} where religionid = ${'TWTEST'}`.execute(db());
      await sql`select count(*) from religion`.execute(db());
      await db().transaction().execute((trx) => trx.deleteFrom('religion').where('religionid', '=', 'TWTEST').execute());
    } finally {
      stop();
    }
    expect(heard).toEqual(['religion', 'religion', 'religion', 'religion']);
    await db().selectFrom('religion').selectAll().execute();
    expect(heard).toHaveLength(4);
  });

  it('counts a member written by domain code at once on a later page of the member list', async () => {
    const page2 = async () => {
      const answer = await server.call('/api/member/list', undefined, { token, parameter: { criteria: { status: 'ACTIVE' } }, paging: { page: 2, limit: 1 } });
      expect(answer.body.status.responsecode).toBe('0000');
      return Number(answer.body.paging?.totalrecord);
    };
    const before = await page2();
    expect(before).toBeGreaterThan(2);
    const member = (await db().selectFrom('member').select('memberid').where('status', '=', 'ACTIVE').orderBy('memberid').executeTakeFirstOrThrow()) as { memberid: string };
    await db().updateTable('member').set({ status: 'SUSPENDED' }).where('memberid', '=', member.memberid).execute();
    try {
      expect(await page2()).toBe(before - 1);
    } finally {
      await db().updateTable('member').set({ status: 'ACTIVE' }).where('memberid', '=', member.memberid).execute();
    }
    expect(await page2()).toBe(before);
  });
});
