// Every check of `npm run validate` on a set of definition texts (the files', the database's versions, or the versions
// an activation would serve): each against its JSON Schema, then the cross checks between them.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { checkDefinitions, schemaProblems } from '../../../engine/definition/checkDefinitions';
import { MENU_TREE_FILE, SCHEMA_TYPE_KEYWORDS, SELECTORS_FILE } from '../../../engine/definition/definitionFiles';
import { flattenMenus, type MenuTree } from '../../../engine/definition/menuTree';
import type { PageDefinition, SelectorCatalogue } from '../../../engine/definition/screen';
import { checkReportPages, type ReportSignatures } from '../../../engine/definition/checkReportPages';
import { SCREENS_DIR, type DefinitionText } from '../definitions';
import { WIZARD_MACHINE_NAMES } from '../../../workflows/wizardMachines';
import { panelQueryCriteria } from '../panels/panelQueries';
import { CONFIG_KEYS } from '../configuration/configKeys';
import { DEFINITION_LIMITS } from '../../../engine/definition/studio';

const SCHEMA_DIR = 'engine/definition';

// verbose: errors carry their schema, so a 'not' error can name what it forbids.
const ajv = new Ajv2020({ allErrors: true, strict: true, verbose: true, keywords: SCHEMA_TYPE_KEYWORDS });
const validator = (schemaFile: string) => ({
  file: join(SCHEMA_DIR, schemaFile),
  validate: ajv.compile(JSON.parse(readFileSync(join(SCHEMA_DIR, schemaFile), 'utf8')) as object),
});
// Compiled on first use: a server compiles them only when a version is activated.
let compiled: { tree: Validator; selectors: Validator; screen: Validator } | undefined;
type Validator = ReturnType<typeof validator>;
const definitionSchemas = () =>
  (compiled ??= {
    tree: validator('menu-tree.schema.json'),
    selectors: validator('selectors.schema.json'),
    screen: validator('screen.schema.json'),
  });

/** Whether objects and arrays nest more than `max` levels in `value` (walked without recursion: any text that parses is safe to walk). */
export function deeperThan(value: unknown, max: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: at, depth } = stack.pop()!;
    if (at === null || typeof at !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(at)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}

export interface DefinitionsVerdict {
  problems: string[];
  /** Whether the cross checks ran (they run once every definition matches its schema). */
  crossChecked: boolean;
  /** When valid: '<n> screens, <n> selectors, <n> menus'. */
  counts?: string;
}

/**
 * Every check of `npm run validate` on a set of definitions, the files' or the database's: each named as the file
 * of its key under `dir` (a version's `$schema` line is checked as its file's would be). `reports`: the report
 * queries report pages may name (the reports module's; without them those names are not checked).
 */
export function checkDefinitionTexts(definitions: readonly DefinitionText[], dir = SCREENS_DIR, reports?: ReportSignatures): DefinitionsVerdict {
  const problems: string[] = [];
  const schemas = definitionSchemas();
  /** The definition's JSON when it parses and matches its schema; problems are recorded either way. */
  const load = <T>(file: string, text: string | undefined, schema: Validator): T | undefined => {
    let data: unknown;
    try {
      if (text === undefined) throw new Error('missing');
      const bytes = Buffer.byteLength(text);
      if (bytes > DEFINITION_LIMITS.maxBytes) throw new Error(`is ${bytes} bytes, more than the ${DEFINITION_LIMITS.maxBytes} a definition may have`);
      data = JSON.parse(text);
    } catch (error) {
      problems.push(`${file}: ${(error as Error).message}`);
      return undefined;
    }
    if (deeperThan(data, DEFINITION_LIMITS.maxDepth)) {
      problems.push(`${file}: nests deeper than the ${DEFINITION_LIMITS.maxDepth} levels a definition may have`);
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
  if (crossChecked) problems.push(...checkReportPages(screens, selectors!, reports, new Set(Object.values(CONFIG_KEYS).map((k) => k.key))));
  if (problems.length > 0) return { problems, crossChecked };
  return { problems, crossChecked, counts: `${screens.length} screens, ${Object.keys(selectors!.selectors).length} selectors, ${flattenMenus(tree!).length} menus` };
}

