// `npm run validate`: every definition file against its JSON Schema, then the cross checks between them.
// `npm run validate -- --database`: the same checks on the active definition versions of the server's database too
// (DATABASE_URL, as the server reads it).
// Usage: node --import tsx scripts/validate-definitions.ts [screens-dir] [--database]
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { checkDefinitions, schemaProblems } from '../engine/definition/checkDefinitions';
import { MENU_TREE_FILE, SCHEMA_TYPE_KEYWORDS, SELECTORS_FILE } from '../engine/definition/definitionFiles';
import { flattenMenus, type MenuTree } from '../engine/definition/menuTree';
import type { PageDefinition, SelectorCatalogue } from '../engine/definition/screen';
import { readDefinitionFiles, SCREENS_DIR, type DefinitionText } from '../server/platform/definitions';
import { WIZARD_MACHINE_NAMES } from '../workflows/wizardMachines';
import { panelQueryCriteria } from '../server/platform/panels/panelQueries';
import { checkReportPages } from '../engine/definition/checkReportPages';
import { reportQuerySignatures } from '../server/reports/reportQueries';
import { CONFIG_KEYS } from '../server/platform/configuration/configKeys';
import { readConfig } from '../server/platform/core/config';
import { openDatabase } from '../server/platform/db/database';
import { assertDefinitionVersions, servedDefinitions } from '../server/platform/definitionVersions/definitionVersionStore';

const SCHEMA_DIR = 'engine/definition';

// verbose: errors carry their schema, so a 'not' error can name what it forbids.
const ajv = new Ajv2020({ allErrors: true, strict: true, verbose: true, keywords: SCHEMA_TYPE_KEYWORDS });
const validator = (schemaFile: string) => ({
  file: join(SCHEMA_DIR, schemaFile),
  validate: ajv.compile(JSON.parse(readFileSync(join(SCHEMA_DIR, schemaFile), 'utf8')) as object),
});
const schemas = {
  tree: validator('menu-tree.schema.json'),
  selectors: validator('selectors.schema.json'),
  screen: validator('screen.schema.json'),
};

export interface DefinitionsVerdict {
  problems: string[];
  /** Whether the cross checks ran (they run once every definition matches its schema). */
  crossChecked: boolean;
  /** When valid: '<n> screens, <n> selectors, <n> menus'. */
  counts?: string;
}

/**
 * Every check of `npm run validate` on a set of definitions, the files' or the database's: each named as the file
 * of its key under `dir` (a version's `$schema` line is checked as its file's would be).
 */
export function validateDefinitions(definitions: readonly DefinitionText[], dir = SCREENS_DIR): DefinitionsVerdict {
  const problems: string[] = [];
  /** The definition's JSON when it parses and matches its schema; problems are recorded either way. */
  const load = <T>(file: string, text: string | undefined, schema: (typeof schemas)[keyof typeof schemas]): T | undefined => {
    let data: unknown;
    try {
      if (text === undefined) throw new Error('missing');
      data = JSON.parse(text);
    } catch (error) {
      problems.push(`${file}: ${(error as Error).message}`);
      return undefined;
    }
    const declared = (data as { $schema?: unknown }).$schema;
    if (typeof declared === 'string' && resolve(dirname(file), declared) !== resolve(schema.file)) {
      problems.push(`${file}: /$schema must be "${relative(dirname(file), schema.file)}" for editor autocomplete`);
    }
    if (schema.validate(data)) return data as T;
    problems.push(...schemaProblems(file, schema.validate.errors ?? []));
    return undefined;
  };
  const text = (key: string) => definitions.find((d) => d.key === key)?.text;
  const tree = load<MenuTree>(join(dir, MENU_TREE_FILE), text(MENU_TREE_FILE), schemas.tree);
  const selectors = load<SelectorCatalogue>(join(dir, SELECTORS_FILE), text(SELECTORS_FILE), schemas.selectors);
  const screenDefinitions = definitions.filter((d) => d.key !== MENU_TREE_FILE && d.key !== SELECTORS_FILE).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const screens = screenDefinitions.map((d) => ({ file: join(dir, d.key), screen: load<PageDefinition>(join(dir, d.key), d.text, schemas.screen) }));

  // The cross checks read the definitions as their types say, so they run once every one matches its schema.
  const schemaValid = (s: { screen?: PageDefinition }): s is { file: string; screen: PageDefinition } => s.screen !== undefined;
  const crossChecked = !!tree && !!selectors && screens.every(schemaValid);
  if (crossChecked) problems.push(...checkDefinitions({ tree, screens, selectors, dir, panelQueries: panelQueryCriteria(), wizardMachines: WIZARD_MACHINE_NAMES }));
  // Report pages: their report, criteria, formats and access key against the server's registries.
  if (crossChecked) problems.push(...checkReportPages(screens, selectors!, reportQuerySignatures(), new Set(Object.values(CONFIG_KEYS).map((k) => k.key))));
  if (problems.length > 0) return { problems, crossChecked };
  return { problems, crossChecked, counts: `${screens.length} screens, ${Object.keys(selectors!.selectors).length} selectors, ${flattenMenus(tree!).length} menus` };
}

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
