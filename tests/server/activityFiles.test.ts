// Activity files on both databases: a good file credits exactly what posting each row would; bad
// rows per mode (all or nothing changes nothing, park credits the good rows and parks the ones no member
// matches); a malformed file is refused whole with nothing written; a job interrupted after a chunk resumes
// without crediting a row twice; the job's progress reaches 100; the per-row result file; the ledger check; a large
// file is read, checked and stored in slices while other calls are answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { checkLedger } from '../../server/ledger/ledgerStore';
import { createJobWorker } from '../../server/platform/jobs/jobWorker';
import { activityFileJobHandlers } from '../../server/catalog/activityFiles/activityFileJobs';
import { processActivityFile, startProcessing, uploadActivityFile } from '../../server/catalog/activityFiles/activityFileStore';
import { loadCatalogue } from '../../server/platform/definitions';
import { recountRows, rollupRows } from '../../server/platform/rollups/rollupStore';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

type Row = Record<string, any>;

const AIR_HEADER = 'cardnumber,activitydate,carrier,flightnumber,origin,destination,bookingclass,ticketnumber,ticketissuedate,operatingcarrier';

describe.each(testDatabases)('activity files on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let seq = 0;
  const catalogue = loadCatalogue();
  const call = (path: string, data?: unknown, token = admin) => server.call(path, data, { token });
  const any = () => definitionDb(server.database.db);

  async function member(tierid = 'GOLD'): Promise<{ memberid: string; card: string }> {
    seq += 1;
    const memberid = `F${target.name.slice(0, 1)}${String(seq).padStart(6, '0')}`;
    const card = `78${target.name === 'sqlite' ? 1 : 2}${String(seq).padStart(7, '0')}`;
    const at = new Date().toISOString();
    await any()
      .insertInto('member')
      .values({ memberid, firstname: 'File', lastname: `Member${seq}`, gender: 'MALE', status: 'ACTIVE', email: null, username: card, passwordhash: null, emailverified: 0, createddate: at, updateddate: at, tierid, membershipid: 'FFP', enrollmentdate: '2020-01-01', cardnumber: card })
      .execute();
    await any().insertInto('member_card').values({ cardnumber: card, memberid, membershipid: 'FFP', tierid, status: 'ACTIVE', issuedate: '2020-01-01' }).execute();
    return { memberid, card };
  }

  /** One flight row: GOLD on CGK-SIN in Y earns 685 award and 548 tier miles (tests/server/accrual.test.ts). */
  const flight = (card: string, flightnumber = '832', date = '2026-03-10') => `${card},${date},GA,${flightnumber},CGK,SIN,Y,1262400000001,2026-03-01,`;
  const csv = (...rows: string[]) => `${AIR_HEADER}\r\n${rows.join('\r\n')}\r\n`;
  const upload = (content: string, filename = 'flights.csv') => call('/api/activity-file/upload', { filename, content });
  const file = (fileid: string) => any().selectFrom('activity_file').selectAll().where('fileid', '=', fileid).executeTakeFirstOrThrow() as Promise<Row>;
  const balance = async (memberid: string) => {
    const m = (await any().selectFrom('member').select(['awardmiles', 'tiermiles', 'frequency']).where('memberid', '=', memberid).executeTakeFirstOrThrow()) as Row;
    return [Number(m.awardmiles), Number(m.tiermiles), Number(m.frequency)];
  };
  const count = async (table: string) => Number(((await any().selectFrom(table).select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as Row).n);
  const footprint = async () => ({ files: await count('activity_file'), rows: await count('activity_file_row'), activity: await count('member_activity'), park: await count('park_activity'), ledger: await count('ledger_transaction'), lots: await count('ledger_lot'), segment: await count('accrual_segment') });
  const worker = () => createJobWorker({ db: server.database.db, owner: 'test', handlers: activityFileJobHandlers(catalogue), pollMs: 60_000 });
  const result = async (fileid: string) => {
    const answer = await call('/api/activity-file/result', { fileid });
    expect(answer.body.status.responsecode).toBe(CODES.SUCCESS);
    return (answer.body.result.content as string).trim().split('\r\n').map((line) => line.split(','));
  };

  beforeAll(async () => {
    server = await startTestServer(target, { DEMO_MEMBERS: '0' });
    admin = (await server.login('admin')).body.result.bearer;
  });
  afterAll(async () => server?.close());

  it('credits a good file through the job: the exact miles of each row, channel FILE, progress 100, the result file', async () => {
    const a = await member();
    const b = await member();
    const up = await upload(csv(flight(a.card), flight(b.card), flight(a.card, '836', '2026-03-12')));
    expect(up.body.status).toEqual({ responsecode: CODES.SUCCESS, responsemessage: 'flights.csv: 3 rows, 0 with problems' });
    const { fileid } = up.body.result;
    expect(await file(fileid)).toMatchObject({ filename: 'flights.csv', filetype: 'AIR', status: 'VALIDATED', uploadedby: 'admin' });
    const processing = await call('/api/activity-file/process-park', { fileid });
    expect(processing.body.status).toEqual({ responsecode: CODES.SUCCESS, responsemessage: 'File flights.csv is being processed' });
    expect((await file(fileid)).status).toBe('PROCESSING');
    expect(await worker().tick()).toBe(1);
    const done = await file(fileid);
    expect(done).toMatchObject({ status: 'DONE', mode: 'PARK' });
    expect([Number(done.percentage), Number(done.creditedrows), Number(done.parkedrows), Number(done.refusedrows)]).toEqual([100, 3, 0, 0]);
    const job = (await any().selectFrom('job').selectAll().where('jobkey', '=', `activity-file:${fileid}`).executeTakeFirstOrThrow()) as Row;
    expect([job.status, Number(job.percentage)]).toEqual(['DONE', 100]);
    expect(await balance(a.memberid)).toEqual([1370, 1096, 0]);
    expect(await balance(b.memberid)).toEqual([685, 548, 0]);
    const rows = (await any().selectFrom('member_activity').selectAll().where('memberid', '=', a.memberid).execute()) as Row[];
    expect(rows.map((r) => [r.channel, r.status, Number(r.awardmiles)])).toEqual([
      ['FILE', 'CREDITED', 685],
      ['FILE', 'CREDITED', 685],
    ]);
    const details = await any().selectFrom('ledger_detail').select('trxid').where('trxid', 'in', rows.map((r) => Number(r.trxid))).execute();
    expect(details.length).toBeGreaterThanOrEqual(2);
    expect(await result(fileid)).toEqual([
      ['Row', 'Status', 'Award Miles', 'Tier Miles', 'Segments', 'Reason'],
      ['2', 'CREDITED', '685', '548', '0', ''],
      ['3', 'CREDITED', '685', '548', '0', ''],
      ['4', 'CREDITED', '685', '548', '0', ''],
    ]);
    expect(await checkLedger(server.database.db)).toEqual([]);
    // The chunk's rows reached the dashboard's rollups once each (on PostgreSQL a statement at a time).
    expect(await rollupRows(server.database.db)).toEqual(await recountRows(server.database.db));
  });

  it('park mode credits the good rows, parks a row no member holds, refuses a bad row and a segment credited twice', async () => {
    const a = await member();
    const up = await upload(csv(flight(a.card), flight('7899999999'), `${a.card},10/03/2026x,GA,832,CGK,SIN,Y,1,2026-03-01,`, flight(a.card)), 'mixed.csv');
    expect(up.body.status.responsemessage).toBe('mixed.csv: 4 rows, 1 with problems');
    const { fileid } = up.body.result;
    await call('/api/activity-file/process-park', { fileid });
    await worker().tick();
    const done = await file(fileid);
    expect([done.status, Number(done.creditedrows), Number(done.parkedrows), Number(done.refusedrows)]).toEqual(['DONE', 1, 1, 2]);
    expect(await balance(a.memberid)).toEqual([685, 548, 0]);
    const lines = await result(fileid);
    expect(lines.map((l) => l.slice(0, 2))).toEqual([
      ['Row', 'Status'],
      ['2', 'CREDITED'],
      ['3', 'PARKED'],
      ['4', 'REFUSED'],
      ['5', 'REFUSED'],
    ]);
    const parked = (await any().selectFrom('park_activity').selectAll().where('cardnumber', '=', '7899999999').execute()) as Row[];
    expect(parked.map((p) => [p.channel, p.status, p.reasoncode])).toEqual([['FILE', 'PARKED', 'NO_MEMBER']]);
    expect(lines[4]!.join(',')).toContain('already credited');
    expect(await checkLedger(server.database.db)).toEqual([]);
  });

  it('all or nothing: a file with a bad row credits nothing, FAILED with every row REFUSED and the reasons', async () => {
    const a = await member();
    const up = await upload(csv(flight(a.card), flight('7899999998')), 'all.csv');
    const { fileid } = up.body.result;
    const before = await footprint();
    await call('/api/activity-file/process-all', { fileid });
    await worker().tick();
    const failed = await file(fileid);
    expect([failed.status, Number(failed.creditedrows), Number(failed.refusedrows), Number(failed.percentage)]).toEqual(['FAILED', 0, 2, 100]);
    expect(failed.message).toBe("Not credited: 1 of the file's rows cannot be credited (all or nothing)");
    expect(await footprint()).toEqual(before);
    expect(await balance(a.memberid)).toEqual([0, 0, 0]);
    const lines = await result(fileid);
    expect(lines.slice(1).map((l) => l.slice(0, 2))).toEqual([
      ['2', 'REFUSED'],
      ['3', 'REFUSED'],
    ]);
    expect(lines[2]!.slice(5).join(',')).toBe('Member not found: no member holds this card');
    // Processed once: a second request is refused with the reason.
    const again = await call('/api/activity-file/process-park', { fileid });
    expect(again.body.status).toEqual({ responsecode: CODES.VALIDATION, responsemessage: 'Only a validated file can be processed (this one is FAILED)' });
  });

  it('all or nothing with every row good credits the file; a non-air file counts its limits over the rows before (BNI card spend)', async () => {
    const a = await member();
    const good = await upload(csv(flight(a.card, '900')), 'allgood.csv');
    await call('/api/activity-file/process-all', { fileid: good.body.result.fileid });
    await worker().tick();
    const done = await file(good.body.result.fileid);
    expect([done.status, Number(done.creditedrows), Number(done.percentage)]).toEqual(['DONE', 1, 100]);
    expect(await balance(a.memberid)).toEqual([685, 548, 0]);

    const b = await member();
    const spends = ['2505000', '600000000', '100000'].map((amount) => `${b.card},2026-05-02,BNI,CARDSPEND,${amount},IDR`);
    const up = await upload(`Card Number,activitydate,partnercode,activitycode,amount,currencycode\r\n${spends.join('\r\n')}\r\n`, 'spend.csv');
    expect(up.body.result).toMatchObject({ filetype: 'NONAIR', totalrows: 3, badrows: 0 });
    await call('/api/activity-file/process-park', { fileid: up.body.result.fileid });
    await worker().tick();
    const lines = await result(up.body.result.fileid);
    expect(lines.slice(1).map((l) => l.slice(0, 3))).toEqual([
      ['2', 'CREDITED', '250'],
      ['3', 'CREDITED', '49750'],
      ['4', 'REFUSED', '0'],
    ]);
    expect(await balance(b.memberid)).toEqual([50_000, 0, 0]);
    expect(await checkLedger(server.database.db)).toEqual([]);
  });

  it('refuses a malformed file whole, with a per-row report, writing nothing', async () => {
    const a = await member();
    const before = await footprint();
    const cases: [string, string, RegExp][] = [
      ['flights.txt', csv(flight(a.card)), /Please upload correct file/],
      ['empty.csv', `${AIR_HEADER}\r\n`, /has no rows under its header/],
      ['header.csv', `cardnumber,activitydate,carrier,flightnumber,origin,destination,bookingclass,ticketissuedate,seat\r\n${flight(a.card)}`, /Column "seat" is not a field of air activity/],
      ['missing.csv', `cardnumber,activitydate,carrier\r\n${a.card},2026-03-10,GA\r\n`, /Column "flightnumber" is missing/],
      ['width.csv', csv(flight(a.card), `${a.card},2026-03-10,GA`), /The row has 3 cells; the header has 10/],
      ['neither.csv', 'name,amount\r\nx,1\r\n', /must name the fields of air activity/],
    ];
    for (const [filename, content, message] of cases) {
      const answer = await upload(content, filename);
      expect(answer.http, filename).toBe(200);
      expect(answer.body.status.responsecode, filename).toBe(CODES.VALIDATION);
      expect(answer.body.status.responsemessage, filename).toMatch(message);
      if (filename !== 'flights.txt') expect(answer.body.result.report.content, filename).toMatch(/^Row,Field,Message\r\n/);
    }
    expect(await footprint()).toEqual(before);
    expect(await balance(a.memberid)).toEqual([0, 0, 0]);
    // An unknown file: a field message, never a 500.
    for (const path of ['/api/activity-file/process-all', '/api/activity-file/process-park', '/api/activity-file/result']) {
      const unknown = await call(path, { fileid: 'NOSUCHFILE' });
      expect([unknown.http, unknown.body.status], path).toEqual([200, { responsecode: CODES.VALIDATION, responsemessage: 'No activity file NOSUCHFILE' }]);
    }
  });

  it('credits in member order: a chunk takes the rows of the lowest members, a member\'s rows in file order; the rollups count each row once', async () => {
    const [m1, m2, m3, m4] = [await member(), await member(), await member(), await member()];
    // m2 flew on the day before: its member day exists when the file's chunk adds another flight that day.
    const before = await upload(csv(flight(m2.card, '800')), 'before.csv');
    await startProcessing(server.database.db, catalogue, before.body.result.fileid, 'PARK', 'admin', new Date());
    const w = { db: server.database.db, catalogue, user: 'admin', now: new Date() };
    await processActivityFile(server.database.db, w, before.body.result.fileid);
    const up = await upload(csv(flight(m3.card), flight(m1.card, '832'), flight(m4.card), flight('7899999997'), flight(m1.card, '836'), flight(m2.card)), 'order.csv');
    const { fileid } = up.body.result;
    const places = (await any().selectFrom('activity_file_row').select(['rowno', 'seq']).where('fileid', '=', fileid).orderBy('seq').execute()) as Row[];
    // Rows 3 and 6 (m1), 7 (m2), 2 (m3), 4 (m4), then row 5 of no member.
    expect(places.map((p) => Number(p.rowno))).toEqual([3, 6, 7, 2, 4, 5]);
    await startProcessing(server.database.db, catalogue, fileid, 'PARK', 'admin', new Date());
    await expect(processActivityFile(server.database.db, w, fileid, async () => { throw new Error('server killed'); }, 2)).rejects.toThrow('server killed');
    expect([await balance(m1.memberid), await balance(m2.memberid), await balance(m3.memberid)]).toEqual([[1370, 1096, 0], [685, 548, 0], [0, 0, 0]]);
    // m1's two flights of one day: written in the file's order.
    const m1Rows = (await any().selectFrom('member_activity').select(['activityid', 'flightnumber']).where('memberid', '=', m1.memberid).orderBy('activityid').execute()) as Row[];
    expect(m1Rows.map((r) => String(r.flightnumber))).toEqual(['832', '836']);
    expect(await processActivityFile(server.database.db, w, fileid, async () => {}, 2)).toEqual({ status: 'DONE', creditedrows: 5, parkedrows: 1, refusedrows: 0 });
    expect([await balance(m2.memberid), await balance(m3.memberid), await balance(m4.memberid)]).toEqual([[1370, 1096, 0], [685, 548, 0], [685, 548, 0]]);
    expect((await result(fileid)).map((l) => l.slice(0, 2))).toEqual([['Row', 'Status'], ['2', 'CREDITED'], ['3', 'CREDITED'], ['4', 'CREDITED'], ['5', 'PARKED'], ['6', 'CREDITED'], ['7', 'CREDITED']]);
    // Member Activity counts a member's day once however many of its flights a chunk or an earlier file credited.
    expect(await rollupRows(server.database.db)).toEqual(await recountRows(server.database.db));
    expect(await checkLedger(server.database.db)).toEqual([]);
  });

  it('a job interrupted after a chunk resumes from the next row without crediting any row twice; progress reaches 100', async () => {
    const members = [await member(), await member(), await member(), await member(), await member()];
    const up = await upload(csv(...members.map((m) => flight(m.card))), 'resume.csv');
    const { fileid } = up.body.result;
    await startProcessing(server.database.db, catalogue, fileid, 'PARK', 'admin', new Date());
    const w = { db: server.database.db, catalogue, user: 'admin', now: new Date() };
    const seen: number[] = [];
    // The server dies after its first chunk (2 rows) committed.
    await expect(
      processActivityFile(server.database.db, w, fileid, async (p) => {
        seen.push(p);
        throw new Error('server killed');
      }, 2),
    ).rejects.toThrow('server killed');
    const half = await file(fileid);
    expect([half.status, Number(half.processedrows), Number(half.creditedrows)]).toEqual(['PROCESSING', 2, 2]);
    const outcome = await processActivityFile(server.database.db, w, fileid, async (p) => void seen.push(p), 2);
    expect(outcome).toEqual({ status: 'DONE', creditedrows: 5, parkedrows: 0, refusedrows: 0 });
    // And once more: a finished file changes nothing.
    await processActivityFile(server.database.db, w, fileid, async () => {}, 2);
    for (const m of members) expect(await balance(m.memberid)).toEqual([685, 548, 0]);
    expect(await count('activity_file_result')).toBeGreaterThan(0);
    const results = await any().selectFrom('activity_file_result').select('rowno').where('fileid', '=', fileid).execute();
    expect(results.length).toBe(5);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    expect(Number((await file(fileid)).percentage)).toBe(100);
    expect(await checkLedger(server.database.db)).toEqual([]);
  });

  it('reads, checks and stores a large file in slices: another call is answered before the upload ends, the file whole after it', async () => {
    const [low, high] = [await member(), await member()];
    const rows = 20_000;
    const content = csv(...Array.from({ length: rows }, (_, i) => flight(i % 2 ? low.card : high.card, String(100 + (i % 800)))));
    let uploaded = false;
    const uploading = uploadActivityFile(server.database.db, catalogue, { filename: 'large.csv', content, user: 'admin', now: new Date() }).then((f) => ((uploaded = true), f));
    // Read in one go, the upload held the server (on SQLite every statement of it too) until it ended.
    const check = await call('/api/session/check');
    expect(check.body.status.responsecode).toBe(CODES.SUCCESS);
    expect(uploaded).toBe(false);
    const done = await uploading;
    expect(done).toMatchObject({ totalrows: rows, badrows: 0 });
    expect(await file(done.fileid)).toMatchObject({ status: 'VALIDATED', totalrows: rows });
    const stored = (await any().selectFrom('activity_file_row').select(['rowno', 'seq', 'activity']).where('fileid', '=', done.fileid).orderBy('seq').execute()) as Row[];
    expect(stored.map((r) => Number(r.seq))).toEqual(Array.from({ length: rows }, (_, i) => i + 1));
    // Member order: the lower member's rows first, each member's in file order.
    const [first, second] = [low, high].sort((x, y) => (x.memberid < y.memberid ? -1 : 1));
    const cards = stored.map((r) => JSON.parse(r.activity).cardnumber);
    expect(cards.slice(0, rows / 2).every((c) => c === first!.card) && cards.slice(rows / 2).every((c) => c === second!.card)).toBe(true);
    const rownos = stored.slice(0, rows / 2).map((r) => Number(r.rowno));
    expect(rownos).toEqual([...rownos].sort((x, y) => x - y));
  });
});
