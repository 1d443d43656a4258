// Fast Track Report (FASTTRKRPT, spec 000 §2 co-brand reports) on both databases: members whose tier was
// fast-tracked by a co-brand card (their co-brand membership's first tier period given without qualification),
// each file against an independent SQL over the seeded tier history (written here with NOT EXISTS, the query
// with a MIN), unfiltered and by partner and tier; bad criteria refused with nothing written.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { createJobWorker } from '../../server/platform/jobs/jobWorker';
import { reportJobHandlers } from '../../server/reports/reportJobs';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

type Row = Record<string, any>;

describe.each(testDatabases)('Fast Track Report on $name', (target) => {
  let server: TestServer;
  let admin: string;
  const dir = mkdtempSync(join(tmpdir(), 'alms-fasttrack-'));
  const db = () => definitionDb(server.database.db);

  /** Generates the report as admin in CSV, runs its job and answers the file's data rows (header dropped). */
  async function generate(criteria: Record<string, unknown>): Promise<string[][]> {
    const answer = await server.call('/api/report/fast-track/generate', { format: 'CSV' }, { token: admin, parameter: { criteria } });
    expect(answer.body.status.responsecode, JSON.stringify(answer.body)).toBe(CODES.SUCCESS);
    await createJobWorker({ db: server.database.db, owner: 'test', handlers: reportJobHandlers, pollMs: 60_000 }).tick();
    const file = (await db().selectFrom('report_file').selectAll().where('fileid', '=', answer.body.result.fileid).executeTakeFirstOrThrow()) as Row;
    const lines = readFileSync(file.storedname, 'utf8').split('\r\n').filter((l) => l !== '');
    const header = lines.findIndex((l) => l.startsWith('"Member ID"') || l.startsWith('Member ID'));
    expect(header).toBeGreaterThanOrEqual(0);
    return lines.slice(header + 1).map((l) => l.split(',').map((c) => c.replace(/^"|"$/g, '')));
  }

  /** The independent answer: memberid, tier and start of each member's earliest COBRAND / COMPLIMENTARY period. */
  async function expected(partner?: string, tier?: string): Promise<string[][]> {
    const { rows } = await sql<Row>`
      select t.memberid, t.tierid, t.startdate from member_tier t
      where t.membershipid = 'COBRAND' and t.tierreason = 'COMPLIMENTARY'
        and not exists (select 1 from member_tier e where e.memberid = t.memberid and e.membershipid = 'COBRAND'
                        and e.tierreason = 'COMPLIMENTARY' and e.startdate < t.startdate)
        ${partner ? sql`and exists (select 1 from member_cobrand c where c.memberid = t.memberid and c.partnercode = ${partner})` : sql``}
        ${tier ? sql`and t.tierid = ${tier}` : sql``}
      order by t.memberid`.execute(db());
    return rows.map((r) => [String(r.memberid), String(r.tierid), String(r.startdate).slice(0, 10)]);
  }
  const pick = (rows: string[][]) => rows.map((r) => [r[0]!, r[5]!, r[6]!.slice(0, 10)]);

  beforeAll(async () => {
    server = await startTestServer(target, { DEMO_MEMBERS: '300', REPORT_DIR: dir });
    admin = (await server.login('admin')).body.result.bearer;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists every fast-tracked member once, as the independent SQL does', async () => {
    const rows = await generate({ startdate: null, enddate: null, partnercode: null, tierid: null });
    const want = await expected();
    expect(want.length).toBeGreaterThan(0);
    expect(pick(rows)).toEqual(want);
    expect(new Set(rows.map((r) => r[0])).size).toBe(rows.length);
    // Each row names the member's co-brand card.
    const cards = (await db().selectFrom('member_cobrand').select(['memberid', 'partnercode', 'cobrandcardnumber']).execute()) as Row[];
    for (const r of rows) expect(cards.some((c) => c.memberid === r[0] && c.partnercode === r[3] && c.cobrandcardnumber === r[4])).toBe(true);
  });

  it('filters by partner and by the tier given, as the independent SQL does', async () => {
    const all = await expected();
    const partner = String(((await db().selectFrom('member_cobrand').select('partnercode').where('memberid', '=', all[0]![0]).executeTakeFirstOrThrow()) as Row).partnercode);
    const byPartner = await generate({ startdate: null, enddate: null, partnercode: partner, tierid: null });
    const wantPartner = await expected(partner);
    expect(wantPartner.length).toBeGreaterThan(0);
    expect(pick(byPartner)).toEqual(wantPartner);
    const tier = all[0]![1]!;
    const byTier = await generate({ startdate: null, enddate: null, partnercode: null, tierid: tier });
    expect(pick(byTier)).toEqual(await expected(undefined, tier));
    expect(byTier.length).toBeLessThanOrEqual(all.length);
  });

  it('refuses criteria the page does not send, writing nothing', async () => {
    const count = async () => Number(((await db().selectFrom('report_file').select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as Row).n);
    const before = await count();
    const answer = await server.call('/api/report/fast-track/generate', { format: 'CSV' }, { token: admin, parameter: { criteria: { memberid: 'x' } } });
    expect(answer.body.status.responsecode).toBe(CODES.VALIDATION);
    expect(await count()).toBe(before);
  });
});
