// npm run bench:client-token: what an API client's token adds to a post. The same air activity posts
// (/api/accrual/air, each a new flight segment) are sent with the administrator's session and with the token of
// an API client of the administrator's role, in alternating rounds of equal length; each side's figures are the
// serving thread's CPU per post (the figure a shared machine skews least), posts a second and the median latency.
// A client's call does more than a staff call: its client row is read with the token, its minute's calls counted
// (one statement) and the call written to the user log. Target: a client post costs <= 5% more CPU than a staff one.
// SQLite on a file by default; --postgres URL runs the same on PostgreSQL (a schema of its own).
// Usage: npx tsx scripts/bench-client-token.ts [--seconds 5] [--concurrency 10] [--rounds 2] [--members 2000] [--postgres URL]
import type { Kysely } from 'kysely';
import { CLIENT_TOKEN_PATH } from '../server/platform/session/clientTokenActions';
import { loadFlags, readFlags } from './benchFlags';
import { call, databaseLine, drive, fmt, loginAsAdmin, machineLine, QUIET_SERVER, rate, runBenchmark, withBenchServer, type RunResult, type SampleRequest } from './benchSupport';

const TARGET_OVERHEAD = 0.05;
const SQLITE_FILE = '.tmp/bench-client-token/client-token.sqlite';
const CLIENT_ID = 'benchclient';

const cardOf = (i: number) => `67${String(i).padStart(8, '0')}`;

/** GOLD members with one card each, written straight to the tables. */
async function addMembers(db: Kysely<any>, count: number): Promise<void> {
  const at = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, i) => i);
  for (let from = 0; from < count; from += 500) {
    const slice = rows.slice(from, from + 500);
    await db.insertInto('member').values(slice.map((i) => ({ memberid: `CLTB${String(i).padStart(7, '0')}`, firstname: 'Client', lastname: `Bench ${i}`, gender: 'FEMALE', status: 'ACTIVE', username: cardOf(i), emailverified: 0, createddate: at, updateddate: at, tierid: 'GOLD', membershipid: 'FFP', enrollmentdate: '2018-01-01', cardnumber: cardOf(i) }))).execute();
    await db.insertInto('member_card').values(slice.map((i) => ({ cardnumber: cardOf(i), memberid: `CLTB${String(i).padStart(7, '0')}`, membershipid: 'FFP', tierid: 'GOLD', status: 'ACTIVE', issuedate: '2018-01-01' }))).execute();
  }
}

/** Distinct segments, handed out in turn: member i's flight n on CGK-SIN in Y. */
function segments(members: number): (count: number) => SampleRequest[] {
  let next = 0;
  return (count) =>
    Array.from({ length: count }, () => {
      const n = next++;
      const day = new Date(Date.UTC(2026, 0, 1) + (Math.floor(n / members) % 300) * 86_400_000).toISOString().slice(0, 10);
      const flightnumber = String(100 + Math.floor(n / (members * 300)));
      return { parameter: { data: { cardnumber: cardOf(n % members), activitydate: day, carrier: 'GA', flightnumber, origin: 'CGK', destination: 'SIN', bookingclass: 'Y', ticketissuedate: '2025-12-01' } } };
    });
}

/** An API client of the administrator's role, made through the API, and its token. */
async function clientToken(port: number, admin: string): Promise<string> {
  const expirydate = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  await call(port, '/api/apiclient/create', admin, { parameter: { data: { clientid: CLIENT_ID, clientname: 'Benchmark client', rolecode: 'ADMIN', expirydate, ratelimit: 1_000_000 } } });
  const { result } = await call<{ secret: string }>(port, '/api/apiclient/new-secret', admin, { parameter: { data: { clientid: CLIENT_ID } } });
  const token = await call<{ bearer: string }>(port, CLIENT_TOKEN_PATH, '', { parameter: { data: { clientid: CLIENT_ID, secret: result!.secret } } });
  return token.result!.bearer;
}

const sum = (runs: RunResult[], of: (r: RunResult) => number) => runs.reduce((total, r) => total + of(r) * r.count, 0) / runs.reduce((n, r) => n + r.count, 0);

async function main(): Promise<void> {
  const values = readFlags({ ...loadFlags(5), concurrency: { type: 'number', default: 10, round: 'ceil' }, rounds: { type: 'number', default: 2, round: 'ceil' }, members: { type: 'number', default: 2000, round: 'ceil' }, postgres: { type: 'string' } });
  const { seconds, concurrency, rounds, members, postgres } = values;
  await withBenchServer({ postgres, schema: 'benchclienttoken', file: SQLITE_FILE }, QUIET_SERVER, async ({ database, port }, schema) => {
    await addMembers(database.db as unknown as Kysely<any>, members);
    const staff = await loginAsAdmin(port);
    const client = await clientToken(port, staff);
    const next = segments(members);
    // Enough new segments for a phase at several thousand posts a second.
    const pool = () => next(Math.ceil(seconds * 4000));
    const runs: Record<'staff' | 'client', RunResult[]> = { staff: [], client: [] };
    for (let round = 0; round < rounds; round++) {
      // Alternating which goes first, so a drift of the machine's load falls on both sides alike.
      const order = round % 2 === 0 ? (['staff', 'client'] as const) : (['client', 'staff'] as const);
      for (const side of order) runs[side].push(await drive({ port, path: '/api/accrual/air', token: side === 'staff' ? staff : client, requests: pool(), warmup: next(2000), warmupMs: 1000, concurrency, seconds }));
    }
    const logged = Number(((await (database.db as unknown as Kysely<any>).selectFrom('user_log').select((eb: any) => eb.fn.countAll().as('n')).where('username', '=', CLIENT_ID).executeTakeFirstOrThrow()) as { n: number | string }).n);
    console.log(machineLine(databaseLine(postgres, schema, SQLITE_FILE)));
    console.log(`${rounds} round(s) of ${seconds} s a side, ${concurrency} clients, /api/accrual/air`);
    console.log('side      posts/s   p50 ms   CPU µs/post');
    for (const side of ['staff', 'client'] as const) {
      const all = runs[side];
      const perSecond = all.reduce((n, r) => n + r.count, 0) / all.reduce((s, r) => s + r.seconds, 0);
      console.log(`${side.padEnd(8)}${fmt(perSecond, 9)}${fmt(sum(all, (r) => r.p50), 9, 2)}${fmt(sum(all, (r) => r.cpuUs), 14, 0)}`);
    }
    const overhead = sum(runs.client, (r) => r.cpuUs) / sum(runs.staff, (r) => r.cpuUs) - 1;
    console.log(`client calls logged: ${logged.toLocaleString('en-US')} (every call, warm-ups included)`);
    console.log(`client-token overhead: ${(overhead * 100).toFixed(1)}% CPU a post (target <= ${TARGET_OVERHEAD * 100}%): ${overhead <= TARGET_OVERHEAD ? 'met' : 'NOT met'}; posts/s ${((rate(runs.client.at(-1)!) / rate(runs.staff.at(-1)!) - 1) * 100).toFixed(1)}% in the last round`);
    if (logged === 0) process.exitCode = 1;
  });
}

runBenchmark(main);
