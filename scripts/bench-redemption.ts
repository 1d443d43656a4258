// npm run bench:redemption: 50 clients confirming redemptions through the API (/api/redemption/confirm over
// keep-alive HTTP), each of one of 1,000 members: the whole draft checked (steps, references), the member, the
// award's eligibility, the price list from the award chart (peak seasons, blackouts, nominee fees), then in one
// transaction the ledger's REDEMPTION debit, the redemption and its certificates (the load clients count only
// confirmed calls: every member holds miles for many; refusals at a balance too small are the model test's,
// tests/server/redemptionModel.test.ts). Target: >= 500 confirmed redemptions/s on SQLite. Then: negative balances (must be 0), lost updates (a member whose miles
// spent differ from the redemptions stored: must be 0), the ledger check.
// SQLite on a file by default; --postgres URL runs the same on PostgreSQL (a schema of its own).
// Usage: npx tsx scripts/bench-redemption.ts [--seconds 10] [--concurrency 50] [--members 1000] [--postgres URL]
import type { Kysely } from 'kysely';
import type { Schema } from '../server/platform/db/schema';
import { TRX_TYPES, checkLedger, credit } from '../server/ledger/ledgerStore';
import { seededRandom } from '../server/demoPopulation/memberPopulation';
import { loadFlags, readFlags } from './benchFlags';
import { databaseLine, drive, figuresLine, loginAsAdmin, machineLine, otherLoad, othersLine, QUIET_SERVER, rate, runBenchmark, withBenchServer, type SampleRequest } from './benchSupport';

const TARGET_RATE = 500;
const SQLITE_FILE = '.tmp/bench-redemption/redemption.sqlite';
const ROUTES = [
  ['CGK', 'DPS'],
  ['CGK', 'SUB'],
  ['CGK', 'KNO'],
  ['DPS', 'SUB'],
  ['CGK', 'UPG'],
] as const;
const TIERS = ['BLUE', 'SILVER', 'GOLD', 'PLATINUM'];
const STAKE = 2_000_000;

const cardOf = (i: number) => `77${String(i).padStart(8, '0')}`;
const idOf = (i: number) => `RDM${String(i).padStart(7, '0')}`;
const stakeOf = (_i: number) => STAKE;

/** The bench's members, each with one card, and their miles credited through the ledger. */
async function addMembers(db: Kysely<any>, count: number): Promise<void> {
  const at = new Date();
  const stamp = at.toISOString();
  for (let from = 0; from < count; from += 250) {
    const ids = Array.from({ length: Math.min(250, count - from) }, (_, k) => from + k);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('member')
        .values(ids.map((i) => ({ memberid: idOf(i), firstname: 'Bench', lastname: `Redeemer ${i}`, gender: 'MALE', status: 'ACTIVE', username: cardOf(i), emailverified: 0, createddate: stamp, updateddate: stamp, tierid: TIERS[i % 4], membershipid: 'FFP', enrollmentdate: '2015-01-01', cardnumber: cardOf(i), nationality: 'ID', branchcode: 'JKTHO', birthdate: '1980-01-01' })))
        .execute();
      await trx
        .insertInto('member_card')
        .values(ids.map((i) => ({ cardnumber: cardOf(i), memberid: idOf(i), membershipid: 'FFP', tierid: TIERS[i % 4], status: 'ACTIVE', issuedate: '2015-01-01' })))
        .execute();
      for (const i of ids) await credit(trx as unknown as Kysely<Schema>, { memberid: idOf(i), trxtype: TRX_TYPES.CUSTOM, activitydate: '2026-11-01', awardmiles: stakeOf(i), source: 'bench', user: 'bench', now: at });
    });
  }
}

/** `count` confirmations: a random member, a domestic economy award one way or return, one to three passengers. */
function drafts(count: number, members: number): SampleRequest[] {
  const next = seededRandom(20_261_124);
  const out: SampleRequest[] = [];
  for (let n = 0; n < count; n++) {
    const [origin, destination] = ROUTES[Math.floor(next() * ROUTES.length)]!;
    const passenger = 1 + Math.floor(next() * 3);
    const isreturn = next() < 0.5;
    const day = new Date(Date.UTC(2027, 1, 1) + Math.floor(next() * 40) * 86_400_000).toISOString().slice(0, 10);
    const back = new Date(Date.parse(`${day}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    out.push({
      parameter: {
        data: {
          step1: { cardnumber: cardOf(Math.floor(next() * members)) },
          step2: { awardcode: 'AWD-DOM-Y' },
          step3: { origin, destination, departuredate: day, isreturn, ...(isreturn ? { returndate: back } : {}), compartmentcode: 'Y', passenger },
          step4: Array.from({ length: passenger }, (_, i) => ({ name: `Pax${i}`, familyname: 'Bench', birthdate: i === 2 ? '2020-05-05' : '1980-01-01', selfusage: i === 0 })),
        },
      },
    });
  }
  return out;
}

async function main(): Promise<void> {
  const values = readFlags({
    ...loadFlags(10),
    members: { type: 'number', default: 1000, round: 'ceil' },
    postgres: { type: 'string' },
    profile: { type: 'string' },
  });
  const { seconds, concurrency, members, postgres } = values;
  const idleOthers = await otherLoad(1000);

  await withBenchServer({ postgres, schema: 'benchredeem', file: SQLITE_FILE }, QUIET_SERVER, async ({ database, port }, schema) => {
    const started = Date.now();
    const db = database.db as unknown as Kysely<any>;
    await addMembers(db, members);
    const token = await loginAsAdmin(port);
    const requests = drafts(5000, members);
    console.log(`setup: ${members.toLocaleString('en-US')} members with ${STAKE.toLocaleString('en-US')} miles each, ${requests.length.toLocaleString('en-US')} drafts ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const run = await drive({ port, path: '/api/redemption/confirm', token, requests, concurrency, seconds, profile: values.profile });

    const balances = (await db.selectFrom('member').select(['memberid', 'awardmiles']).where('memberid', 'like', 'RDM%').execute()) as { memberid: string; awardmiles: number }[];
    const spent = new Map(
      ((await db.selectFrom('member_redemption').select(['memberid', (eb: any) => eb.fn.sum('totalmileage').as('miles')]).where('memberid', 'like', 'RDM%').groupBy('memberid').execute()) as unknown as { memberid: string; miles: unknown }[]).map((r) => [r.memberid, Number(r.miles)]),
    );
    const redemptions = [...spent.values()].length > 0 ? Number(((await db.selectFrom('member_redemption').select((eb: any) => eb.fn.countAll().as('n')).where('memberid', 'like', 'RDM%').executeTakeFirstOrThrow()) as { n: unknown }).n) : 0;
    const certificates = Number(((await db.selectFrom('redemption_certificate').select((eb: any) => eb.fn.countAll().as('n')).where('memberid', 'like', 'RDM%').executeTakeFirstOrThrow()) as { n: unknown }).n);
    const negative = balances.filter((b) => Number(b.awardmiles) < 0).length;
    const lost = balances.filter((b) => stakeOf(Number(b.memberid.slice(3))) - Number(b.awardmiles) !== (spent.get(b.memberid) ?? 0)).length;
    const exhausted = balances.filter((b) => Number(b.awardmiles) < 7500).length;
    const problems = await checkLedger(database.db);
    console.log(machineLine(databaseLine(postgres, schema, SQLITE_FILE)));
    console.log(othersLine(idleOthers, run));
    console.log(figuresLine('confirmed  ', run, 'call', `${run.count.toLocaleString('en-US')} timed, ${concurrency} clients, ${seconds} s`));
    console.log(`written    ${redemptions.toLocaleString('en-US')} redemptions, ${certificates.toLocaleString('en-US')} certificates (warm-up included); ${exhausted} members below one seat's miles`);
    console.log(`negative balances: ${negative}   lost updates: ${lost}   ledger check: ${problems.length === 0 ? 'clean' : `${problems.length} problem(s)`}`);
    console.log(`target >= ${TARGET_RATE} confirmed/s: ${rate(run) >= TARGET_RATE ? 'met' : 'NOT met'}`);
    if (problems.length > 0 || negative > 0 || lost > 0) process.exitCode = 1;
  });
}

runBenchmark(main);
