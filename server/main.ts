// Entry point: configuration, database (migrated and seeded), the HTTP server, graceful shutdown.
import { readConfig } from './platform/core/config';
import { openDatabase } from './platform/db/database';
import { SchemaDriftError } from './platform/resources/schemaSync';
import { createServer } from './platform/server';
import { aloud } from './platform/core/startProgress';
import { formatLogLine, prettyLog } from './platform/core/prettyLog';
import { hostname } from 'node:os';
import { startJobWorker } from './platform/jobs/jobWorker';

const config = readConfig();
const database = openDatabase(config.databaseUrl);
// Readable lines at a terminal, JSON lines otherwise (a log collector reads those).
const logger = process.stdout.isTTY ? prettyLog(process.stdout) : undefined;
// A first start tells what it does, in the log's own form, before the log exists.
const say = (msg: string) => {
  const line = JSON.stringify({ level: 30, time: Date.now(), msg });
  console.log(process.stdout.isTTY ? formatLogLine(line) : line);
};
say(`Starting the ALMS back office on ${database.dialect}`);
const { app, modules } = await createServer({ config, database, logger, progress: aloud(say) }).catch(async (error: unknown) => {
  // A definition that no longer matches the stored tables stops the start with what to do.
  if (error instanceof SchemaDriftError) {
    console.error(error.message);
    await database.close();
    process.exit(1);
  }
  throw error;
});

/**
 * Long jobs (report files, statements) run in a thread with a connection of their own, loading the manifests of the
 * modules that have such jobs; an in-memory SQLite has no connection to share.
 */
function ownThreadDatabase() {
  return config.databaseUrl === 'sqlite:' || config.databaseUrl === 'sqlite::memory:' ? undefined : { url: config.databaseUrl, schema: database.schema, modules: modules.threadManifests() };
}

let jobs: ReturnType<typeof startJobWorker> | undefined;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await jobs?.stop();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info({ highlight: true }, `ALMS back office on http://localhost:${config.port} (${database.dialect})`);
// Background jobs: every server may run them (leases keep one job on one server at a time). Started once the
// server listens: a first start's due jobs (the demo's schedules) do not hold up its first page.
jobs = config.jobsEnabled
  ? startJobWorker({ db: database.db, owner: `${hostname()}:${process.pid}`, handlers: modules.servedJobHandlers(() => app.definitions.catalogue()), schedules: modules.schedules(), pollMs: config.jobPollMs, log: app.log, threadDatabase: ownThreadDatabase(), ...(database.listen ? { listen: { on: database.listen, schema: database.schema! } } : {}) })
  : undefined;
