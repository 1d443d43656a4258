// Fills an empty database (--database or DATABASE_URL: sqlite:<file> or postgres://...) with a large member
// population, its ledger and its activities (member activities, promotion lines and registrations, non-members'
// parked flights), for benchmarks and the dashboard: npm run seed:volume -- --members 1000000 [--database URL]
// [--schema name] [--chunk 10000] [--activity 0.36]. Prints the rows written and the time; refuses a database
// that has members.
import { readConfig } from '../server/platform/core/config';
import { seedVolume, VOLUME_DEFAULTS, VolumeRefusal } from '../server/demoPopulation/volumeSeed';
import { readFlags } from './benchFlags';

const values = readFlags({
  database: { type: 'string' },
  members: { type: 'number', default: 1_000_000, round: 'round' },
  chunk: { type: 'number', default: VOLUME_DEFAULTS.chunk, round: 'round' },
  activity: { type: 'number', default: VOLUME_DEFAULTS.activity },
  schema: { type: 'string' },
});
const url = values.database ?? readConfig().databaseUrl;

seedVolume({
  url,
  members: values.members,
  chunk: values.chunk,
  activity: values.activity,
  schema: values.schema,
  log: (line) => console.log(line),
})
  .then(({ rows, ms }) => {
    for (const [table, n] of Object.entries(rows)) console.log(`${table.padEnd(20)} ${n.toLocaleString('en-US').padStart(12)} rows`);
    console.log(`seed:volume: done in ${(ms / 1000).toFixed(1)} s (${url.replace(/\/\/[^@]*@/, '//***@')})`);
  })
  .catch((error: unknown) => {
    console.error(error instanceof VolumeRefusal ? `seed:volume refuses: ${error.message}` : error);
    process.exitCode = 1;
  });
