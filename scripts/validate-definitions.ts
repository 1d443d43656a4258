// `npm run validate`: every definition file against its JSON Schema, then the cross checks between them.
// Usage: node --import tsx scripts/validate-definitions.ts [screens-dir]
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { checkDefinitions, schemaProblems } from '../engine/definition/checkDefinitions';
import { MENU_TREE_FILE, SCHEMA_TYPE_KEYWORDS, SELECTORS_FILE } from '../engine/definition/definitionFiles';
import { flattenMenus, type MenuTree } from '../engine/definition/menuTree';
import type { PageDefinition, SelectorCatalogue } from '../engine/definition/screen';
import { SCREENS_DIR, screenFiles } from '../server/platform/definitions';
import { WIZARD_MACHINE_NAMES } from '../workflows/wizardMachines';
import { panelQueryCriteria } from '../server/platform/panels/panelQueries';
import { checkReportPages } from '../engine/definition/checkReportPages';
import { reportQuerySignatures } from '../server/reports/reportQueries';
import { CONFIG_KEYS } from '../server/platform/configuration/configKeys';

const SCHEMA_DIR = 'engine/definition';
// Normalised as screenFiles joins its paths, so the file names match the folder ('./screens/' -> 'screens').
const dir = process.argv[2] ? join(process.argv[2]).replace(/(.)\/+$/, '$1') : SCREENS_DIR;
const problems: string[] = [];

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

/** The file's JSON when it parses and matches its schema; problems are recorded either way. */
function load<T>(file: string, schema: (typeof schemas)[keyof typeof schemas]): T | undefined {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
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
}

const tree = load<MenuTree>(join(dir, MENU_TREE_FILE), schemas.tree);
const selectors = load<SelectorCatalogue>(join(dir, SELECTORS_FILE), schemas.selectors);
// screenFiles leaves out the two catalogue files only under screens/ itself, so they are dropped here too.
const files = screenFiles(dir).filter((file) => file !== join(dir, MENU_TREE_FILE) && file !== join(dir, SELECTORS_FILE));
const screens = files.map((file) => ({ file, screen: load<PageDefinition>(file, schemas.screen) }));

// The cross checks read the files as their types say, so they run once every file matches its schema.
const schemaValid = (s: { screen?: PageDefinition }): s is { file: string; screen: PageDefinition } => s.screen !== undefined;
const crossChecked = !!tree && !!selectors && screens.every(schemaValid);
if (crossChecked) problems.push(...checkDefinitions({ tree, screens, selectors, dir, panelQueries: panelQueryCriteria(), wizardMachines: WIZARD_MACHINE_NAMES }));
// Report pages: their report, criteria, formats and access key against the server's registries.
if (crossChecked) problems.push(...checkReportPages(screens, selectors!, reportQuerySignatures(), new Set(Object.values(CONFIG_KEYS).map((k) => k.key))));

const elapsed = performance.now().toFixed(0);
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  const later = crossChecked ? '' : '; the cross checks run once every file matches its schema';
  console.error(`${problems.length} definition problem(s) (${elapsed} ms${later})`);
  process.exit(1);
}
const menuCount = flattenMenus(tree!).length;
const selectorCount = Object.keys(selectors!.selectors).length;
console.log(`definitions valid: ${files.length} screens, ${selectorCount} selectors, ${menuCount} menus (${elapsed} ms)`);
