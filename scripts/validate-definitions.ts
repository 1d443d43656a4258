// `npm run validate`: every definition file against its JSON Schema, then the cross checks between them.
// `npm run validate -- --database`: the same checks on the active definition versions of the server's database too
// (DATABASE_URL, as the server reads it).
// Usage: node --import tsx scripts/validate-definitions.ts [screens-dir] [--database]
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readDefinitionFiles, SCREENS_DIR, type DefinitionText } from '../server/platform/definitions';
import { reportQuerySignatures } from '../server/reports/reportQueries';
import { readConfig } from '../server/platform/core/config';
import { openDatabase } from '../server/platform/db/database';
import { assertDefinitionVersions, servedDefinitions } from '../server/platform/definitionVersions/definitionVersionStore';
import { checkDefinitionTexts, type DefinitionsVerdict } from '../server/platform/definitionVersions/definitionChecks';

export type { DefinitionsVerdict };

/** Every check of `npm run validate`, the report pages' against the server's report queries included. */
export const validateDefinitions = (definitions: readonly DefinitionText[], dir = SCREENS_DIR): DefinitionsVerdict => checkDefinitionTexts(definitions, dir, reportQuerySignatures());

/** The active definition versions of the database at `url`, validated (the server's database unless told). */
export async function validateDatabaseDefinitions(url = readConfig().databaseUrl): Promise<DefinitionsVerdict> {
  const database = openDatabase(url);
  try {
    await assertDefinitionVersions(database.db);
    return validateDefinitions(await servedDefinitions(database.db));
  } finally {
    await database.close();
  }
}

/** Prints the verdict of the files or of the database's versions; answers whether it passed. */
function report(verdict: DefinitionsVerdict, started: number, inDatabase = false): boolean {
  const elapsed = (performance.now() - started).toFixed(0);
  const where = inDatabase ? ' in the database' : '';
  if (verdict.problems.length > 0) {
    for (const problem of verdict.problems) console.error(inDatabase ? `(database) ${problem}` : problem);
    const later = verdict.crossChecked ? '' : '; the cross checks run once every file matches its schema';
    console.error(`${verdict.problems.length} definition problem(s)${where} (${elapsed} ms${later})`);
    return false;
  }
  console.log(`definitions valid${where}: ${verdict.counts} (${elapsed} ms)`);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const { values, positionals } = parseArgs({ options: { database: { type: 'boolean' } }, allowPositionals: true });
  // Normalised as screenFiles joins its paths, so the file names match the folder ('./screens/' -> 'screens').
  const dir = positionals[0] ? join(positionals[0]).replace(/(.)\/+$/, '$1') : SCREENS_DIR;
  // Timed from the process's start, loading included, as it always was.
  const filesValid = report(validateDefinitions(readDefinitionFiles(dir), dir), 0);
  const started = performance.now();
  const databaseValid = values.database
    ? await validateDatabaseDefinitions().then(
        (verdict) => report(verdict, started, true),
        (error: unknown) => (console.error((error as Error).message), false),
      )
    : true;
  if (!filesValid || !databaseValid) process.exit(1);
}
