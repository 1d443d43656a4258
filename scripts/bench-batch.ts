// npm run bench:batch: an activity file of N flights for N members of a seeded database (npm run seed:volume's
// population), through the code File Management runs: the upload (every row checked and kept) and the job's
// processing (chunks of one transaction: members in bulk, the rule book once, every table written with one
// statement per chunk; the ledger listeners run as in the server). Prints the upload and credit rates and
// runs the ledger check. Target: >= 20,000 activities/s on SQLite, >= 10,000/s on PostgreSQL, for
// 1,000,000 flights of 1,000,000 members.
// Usage: npx tsx scripts/bench-batch.ts [--members 10000] [--rows N] [--postgres URL] [--keep] [--no-listeners]
//   [--statements] (time per statement text during the credit, summed) [--profile FILE] (CPU profile of the credit alone)
//   [--reuse-seed] (SQLite: seed a size once, copy it on later runs)
//   [--chunk N] (rows a chunk, the job's CHUNK_ROWS unless told) [--member-order] (the rows in member order, not shuffled)
import { copyFileSync, existsSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../server/platform/db/database';
import { migrateToLatest } from '../server/platform/migrations';
import { syncResourceTables } from '../server/platform/resources/schemaSync';
import { installRollups } from '../server/platform/rollups/rollupStore';
import { dropSchema } from '../server/platform/db/pgSchema';
import { loadCatalogue } from '../server/platform/definitions';
import { seedVolume } from '../server/demoPopulation/volumeSeed';
import { checkLedger } from '../server/ledger/ledgerStore';
import { registerLedgerListener } from '../server/platform/core/ledgerListeners';
import { serverModules } from '../server/platform/modules';
import { CHUNK_ROWS, processActivityFile, startProcessing, uploadActivityFile } from '../server/catalog/activityFiles/activityFileStore';
import { positive, readFlags } from './benchFlags';
import { databaseLine, fmt, machineLine, otherLoad, runBenchmark, startProfile, statementTimer, benchDatabase } from './benchSupport';

const SQLITE_FILE = '.tmp/bench-batch/batch.sqlite';
const TARGETS = { sqlite: 20_000, postgres: 10_000 };
const HEADER = 'cardnumber,activitydate,carrier,flightnumber,origin,destination,bookingclass,ticketnumber,ticketissuedate,operatingcarrier';
/** GA routes between airports with coordinates, and classes that earn. */
const ROUTES = [
  ['CGK', 'DPS'],
  ['CGK', 'SIN'],
  ['CGK', 'SUB'],
  ['SUB', 'DPS'],
  ['DPS', 'CGK'],
] as const;
const CLASSES = ['Y', 'B', 'M', 'K', 'C', 'D'];

/** Shuffles items[from..] in place, the same way every run. */
function shuffle(items: string[], from: number): void {
  let state = 20_261_124;
  for (let i = items.length - 1; i > from; i--) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    const j = from + (state % (i - from + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}

async function main(): Promise<void> {
  const values = readFlags({
    members: { type: 'number', default: 10_000, round: 'ceil' },
    // A flight a member unless told: its default is the members'.
    rows: { type: 'string' },
    postgres: { type: 'string' },
    keep: { type: 'boolean' },
    'no-listeners': { type: 'boolean' },
    statements: { type: 'boolean' },
    profile: { type: 'string' },
    'reuse-seed': { type: 'boolean' },
    chunk: { type: 'number', default: CHUNK_ROWS, round: 'ceil' },
    'member-order': { type: 'boolean' },
  });
  const { members, chunk: chunkRows, postgres } = values;
  const rows = Math.ceil(positive('rows', values.rows, members));
  const idleOthers = await otherLoad(1000);

  const { url, schema } = await benchDatabase(postgres, 'benchbatch', SQLITE_FILE);
  // --reuse-seed (SQLite): a copy of the population seeded for this size before, kept beside the bench's file.
  const seeded = `.tmp/bench-batch/seeded-${members}.sqlite`;
  try {
    let started = performance.now();
    if (!postgres && values['reuse-seed'] && existsSync(seeded)) {
      copyFileSync(seeded, SQLITE_FILE);
      console.log(`seed: ${members.toLocaleString('en-US')} members copied from ${seeded}`);
    } else {
      await seedVolume({ url, members, schema, activity: 0.1 });
      console.log(`seed: ${members.toLocaleString('en-US')} members in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      if (!postgres && values['reuse-seed']) copyFileSync(SQLITE_FILE, seeded);
    }
    // --statements: each statement's time during the credit (the timer runs only then).
    const timer = statementTimer();
    const database = openDatabase(url, { schema, ...(values.statements ? { log: timer.log } : {}) });
    const db = database.db;
    // A seed copied from an earlier run is brought up to date as the server does at its start.
    await migrateToLatest(db, schema);
    await syncResourceTables(db, loadCatalogue(), schema);
    await installRollups(db);
    // As in the server: tier upgrades and first-activity bonuses hear every credit.
    // --no-listeners measures the crediting alone (the listeners' work apart: a few statements per chunk).
    if (!values['no-listeners']) for (const listener of (await serverModules()).ledgerListeners()) registerLedgerListener(db, listener);
    try {
      const catalogue = loadCatalogue();
      // One active card of each of N active members, enrolled before the flights' day.
      const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const cards = (
        await sql<{ cardnumber: string }>`select min(c.cardnumber) as cardnumber from member_card c join member m on m.memberid = c.memberid
          where m.status = 'ACTIVE' and c.status = 'ACTIVE' and m.enrollmentdate < ${day} group by c.memberid order by c.memberid limit ${members}`.execute(db as unknown as Kysely<any>)
      ).rows.map((r) => r.cardnumber);
      const lines = [HEADER];
      for (let i = 0; i < rows; i++) {
        const [origin, destination] = ROUTES[i % ROUTES.length]!;
        // Row i flies member i mod N; a member's k-th row flies another flight number (a new segment).
        lines.push(`${cards[i % cards.length]},${day},GA,${100 + Math.floor(i / cards.length)},${origin},${destination},${CLASSES[i % CLASSES.length]},126${String(i).padStart(10, '0')},${day},`);
      }
      // A day's flights come in flight order, their members in none: the rows are shuffled (a fixed seed) unless
      // --member-order keeps them in member order. The job credits in member order either way (the upload places
      // each row: activityFileStore.placeInMemberOrder); the file's order changes only the upload's lookups.
      if (!values['member-order']) shuffle(lines, 1);
      const content = `${lines.join('\r\n')}\r\n`;
      console.log(`file: ${rows.toLocaleString('en-US')} flights for ${cards.length.toLocaleString('en-US')} members, ${(content.length / 1_048_576).toFixed(1)} MB, ${values['member-order'] ? 'in member order' : 'members in random order'}`);

      started = performance.now();
      const file = await uploadActivityFile(db, catalogue, { filename: 'bench.csv', content, user: 'admin', now: new Date() });
      const uploadSeconds = (performance.now() - started) / 1000;
      await startProcessing(db, catalogue, file.fileid, 'PARK', 'admin', new Date());
      const profile = values.profile ? await startProfile() : undefined;
      timer.on = true;
      const cpuBefore = process.cpuUsage();
      started = performance.now();
      const outcome = await processActivityFile(db, { db, catalogue, user: 'admin', now: new Date() }, file.fileid, undefined, chunkRows);
      const creditSeconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      timer.on = false;
      if (profile) await profile.stop(values.profile!);
      started = performance.now();
      const problems = await checkLedger(db);
      const checkSeconds = (performance.now() - started) / 1000;

      const rate = rows / creditSeconds;
      const target = postgres ? TARGETS.postgres : TARGETS.sqlite;
      console.log(machineLine(databaseLine(postgres, schema, SQLITE_FILE)));
      console.log(`other processes: ${idleOthers.toFixed(2)} cores busy before the run${idleOthers > 0.1 ? ' -- WARNING: the machine was not quiet' : ''}`);
      console.log(`upload     ${fmt(rows / uploadSeconds, 9, 0)} rows/s        (${uploadSeconds.toFixed(1)} s: parsed, every row checked, kept)`);
      console.log(`credit     ${fmt(rate, 9, 0)} activities/s  (${creditSeconds.toFixed(1)} s in chunks of ${chunkRows.toLocaleString('en-US')}: ${outcome.creditedrows.toLocaleString('en-US')} credited, ${outcome.parkedrows.toLocaleString('en-US')} parked, ${outcome.refusedrows.toLocaleString('en-US')} refused)`);
      // This process's CPU (all its threads) a row: what a busy machine skews far less than the rate.
      console.log(`credit CPU ${fmt(((cpu.user + cpu.system) / rows), 9, 1)} µs a row      (on a quiet machine the rate is at most ${Math.round(rows / ((cpu.user + cpu.system) / 1e6)).toLocaleString('en-US')}/s)`);
      console.log(`ledger check: ${problems.length === 0 ? 'clean' : `${problems.length} problem(s)`} (${checkSeconds.toFixed(1)} s)`);
      console.log(`listeners (tier upgrade, first-activity bonus): ${values['no-listeners'] ? 'off' : 'on, as in the server'}`);
      console.log(`target >= ${target.toLocaleString('en-US')}/s: ${rate >= target ? 'met' : 'NOT met'}`);
      if (values.statements) timer.print('during the credit');
      if (problems.length > 0 || outcome.status !== 'DONE') process.exitCode = 1;
    } finally {
      await database.close();
    }
  } finally {
    if (postgres && schema && !values.keep) await dropSchema(postgres, schema);
  }
}

runBenchmark(main);
