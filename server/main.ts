// Entry point: configuration, database (migrated and seeded), the HTTP server, graceful shutdown.
import { readConfig } from './core/config';
import { buildApp } from './core/app';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seed } from './seed/seed';
import { allActions } from './actions';

const config = readConfig();
const database = openDatabase(config.databaseUrl);
await migrateToLatest(database.db);
await seed(database.db, config);
const app = await buildApp({ config, db: database.db, actions: allActions });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`ALMS back office on http://localhost:${config.port} (${database.dialect})`);
