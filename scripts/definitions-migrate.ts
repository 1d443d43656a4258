// `npm run definitions:migrate`: rewrites the definition files of screens/ (or the folder given) that are at an older
// schemaVersion to the newest format (engine/definition/schemaMigrations.ts), in their own layout; writes only the
// files that change and prints each. The server migrates older texts as it loads them; this keeps the repository's
// files at the newest format, so they read as the studio and the checks see them.
// Usage: node --import tsx scripts/definitions-migrate.ts [screens-dir]
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateDefinitionText } from '../engine/definition/schemaMigrations';
import { readDefinitionFiles, SCREENS_DIR } from '../server/platform/definitions';

/** Writes each definition file of `dir` whose migrated text differs; answers the keys written. */
export function migrateDefinitionFiles(dir = SCREENS_DIR): string[] {
  const written: string[] = [];
  for (const { key, text } of readDefinitionFiles(dir)) {
    const migrated = migrateDefinitionText(key, text);
    if (migrated === text) continue;
    writeFileSync(join(dir, key), migrated);
    written.push(key);
  }
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const dir = process.argv[2] ?? SCREENS_DIR;
  try {
    const written = migrateDefinitionFiles(dir);
    for (const key of written) console.log(`wrote ${join(dir, key)}`);
    console.log(`definitions:migrate: ${written.length} file(s) written`);
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}
