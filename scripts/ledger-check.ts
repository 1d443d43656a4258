// npm run ledger:check [-- --database URL]: proves the miles ledger of a database (--database, else the
// server's DATABASE_URL): for every member, balance = sum of remaining lots = sum of transactions (tier
// miles and segments too), every lot's remaining = its miles - what debits took. Prints members checked, problems and time; exit 1 on any problem.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { readConfig } from '../server/platform/core/config';
import { openDatabase } from '../server/platform/db/database';
import { checkLedger } from '../server/ledger/ledgerStore';

const SHOWN = 20;

const { values } = parseArgs({ options: { database: { type: 'string' } } });
const database = openDatabase(values.database ?? readConfig().databaseUrl);
try {
  const started = performance.now();
  const { n } = await database.db.selectFrom('member').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const problems = await checkLedger(database.db);
  const seconds = (performance.now() - started) / 1000;
  console.log(`ledger:check on ${database.dialect}: ${Number(n).toLocaleString('en-US')} members checked, ${problems.length} problem(s), ${seconds.toFixed(2)} s`);
  for (const p of problems.slice(0, SHOWN)) {
    console.log(`  member ${p.memberid}${p.lotid === undefined ? '' : ` lot ${p.lotid}`}: ${p.problem} (expected ${p.expected}, found ${p.actual})`);
  }
  if (problems.length > SHOWN) console.log(`  ... and ${problems.length - SHOWN} more`);
  process.exitCode = problems.length > 0 ? 1 : 0;
} finally {
  await database.close();
}
