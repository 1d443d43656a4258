// Entry point: configuration, database (migrated and seeded), the HTTP server, graceful shutdown.
import { readConfig } from './core/config';
import { openDatabase } from './db/database';
import { SchemaDriftError } from './resources/schemaSync';
import { createServer } from './server';

const config = readConfig();
const database = openDatabase(config.databaseUrl);
const { app } = await createServer({ config, database }).catch(async (error: unknown) => {
  // A definition that no longer matches the stored tables stops the start with what to do.
  if (error instanceof SchemaDriftError) {
    console.error(error.message);
    await database.close();
    process.exit(1);
  }
  throw error;
});

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
