// `npm run definitions:export`: writes the definitions the server's database serves (their active versions) back
// to screens/<key>, verbatim as served (an older schemaVersion in the newest format), where the file differs; prints
// each file it wrote. The database is the server's
// (DATABASE_URL, as the server reads it).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { readConfig } from '../server/platform/core/config';
import { openDatabase } from '../server/platform/db/database';
import type { Schema } from '../server/platform/db/schema';
import { SCREENS_DIR } from '../server/platform/definitions';
import { migrateDefinitionText } from '../engine/definition/schemaMigrations';
import { assertDefinitionVersions, servedDefinitions } from '../server/platform/definitionVersions/definitionVersionStore';

/** Writes each served definition whose file under `dir` differs (or is missing); answers the keys written. */
export async function exportDefinitions(db: Kysely<Schema>, dir = SCREENS_DIR): Promise<string[]> {
  await assertDefinitionVersions(db);
  const written: string[] = [];
  for (const served of await servedDefinitions(db, dir)) {
    const { key } = served;
    const text = migrateDefinitionText(key, served.text);
    const file = join(dir, key);
    if (existsSync(file) && readFileSync(file, 'utf8') === text) continue;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    written.push(key);
  }
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const database = openDatabase(readConfig().databaseUrl);
  try {
    const written = await exportDefinitions(database.db);
    for (const key of written) console.log(`wrote ${join(SCREENS_DIR, key)}`);
    console.log(`definitions:export on ${database.dialect}: ${written.length} file(s) written`);
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
