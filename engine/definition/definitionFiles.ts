// The definition files as the checks take them (callers load them: scripts/validate-definitions reads screens/),
// and where they live.
import type { PanelQuerySignatures } from './checkPanelPages';
import type { MenuTree } from './menuTree';
import type { PageDefinition, SelectorCatalogue } from './screen';
import type { DefinitionSchemaName } from './studio';

export const SCREENS_DIR = 'screens';
export const MENU_TREE_FILE = 'menu-tree.json';
export const SELECTORS_FILE = 'selectors.json';

/** Which JSON Schema (and format version) the definition at a key under screens/ is written against. */
export const definitionSchemaOf = (key: string): DefinitionSchemaName => (key === MENU_TREE_FILE ? 'menu-tree' : key === SELECTORS_FILE ? 'selectors' : 'screen');

/**
 * Keywords of the definition schemas that are for the type generator, not for validation (`tsType`: the
 * TypeScript type of a value, e.g. ViewName); a strict validator is told of them: new Ajv2020({ keywords }).
 */
export const SCHEMA_TYPE_KEYWORDS = ['tsType'];

export interface DefinitionFiles {
  tree: MenuTree;
  /** Definition files of every kind by their path, e.g. 'screens/basic-configuration/country.json'. */
  screens: { file: string; screen: PageDefinition }[];
  selectors: SelectorCatalogue;
  /** The folder the files were read from ('screens'): the problems name files under it. */
  dir?: string;
  /** The server's panel queries and the criteria each reads; without it panels' queries are not checked. */
  panelQueries?: PanelQuerySignatures;
  /** The names of the wizard machine registry (workflows/wizardMachines.ts); without it they are not checked. */
  wizardMachines?: readonly string[];
}
