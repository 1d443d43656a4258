// The definition formats' numbered migrations: each a pure function from one `schemaVersion` to the next, applied to
// a definition of an older version wherever one is loaded (a file, a version stored in the database, an import), so
// the checks, the server, the browser and the studio only ever read the newest format. Pure: no Node API.
import { definitionSchemaOf } from './definitionFiles';
import { definitionText } from './definitionText';
import type { MenuTree } from './menuTree';
import type { PageDefinition, SelectorCatalogue } from './screen';
import type { DefinitionSchemaName } from './studio';

/** A definition as JSON reads it, before its schema is checked. */
export type DefinitionJson = Record<string, unknown>;

export interface SchemaMigration {
  from: number;
  to: number;
  /** What changed in the format and why: the record of the format's history. */
  why: string;
  /** The definition at `to` (schemaVersion is set by the caller); never changes its argument. */
  migrate(definition: DefinitionJson): DefinitionJson;
}

/**
 * The version each format is at: the `schemaVersion` const of its JSON Schema, as its generated types say (the
 * compiler holds the two together; a unit test holds the migrations to it).
 */
export const CURRENT_SCHEMA_VERSION = { screen: 2, 'menu-tree': 1, selectors: 1 } as const satisfies {
  screen: PageDefinition['schemaVersion'];
  'menu-tree': MenuTree['schemaVersion'];
  selectors: SelectorCatalogue['schemaVersion'];
};

const isObject = (value: unknown): value is DefinitionJson => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The arrays whose items are fields of the field language: a list screen's, a view's, a wizard step's or its list's, a check's answer, a wizard's result. */
const FIELD_LISTS = new Set(['fields', 'answer', 'result']);
/** Where a field shows: true for the defaults, or a placement object. */
const PLACEMENTS = ['search', 'column', 'form'];

/** Every field of the definition without a placement of false. */
function withoutFalsePlacements(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutFalsePlacements);
  if (!isObject(node)) return node;
  const field = (item: unknown) => (isObject(item) && typeof item.name === 'string' ? Object.fromEntries(Object.entries(item).filter(([key, value]) => !(PLACEMENTS.includes(key) && value === false))) : item);
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withoutFalsePlacements(FIELD_LISTS.has(key) && Array.isArray(value) ? value.map(field) : value)]));
}

/** Each format's migrations, in order: the n-th goes from version n to n + 1. */
export const SCHEMA_MIGRATIONS: Record<DefinitionSchemaName, readonly SchemaMigration[]> = {
  screen: [
    {
      from: 1,
      to: 2,
      why:
        'A field\'s "search", "column" and "form" said "not shown" two ways, absent or false (a few screens wrote "column": false). ' +
        'Absence is the one way now: a placement is true (the defaults) or how it shows, so the engine reads it one way and the studio offers one spelling.',
      migrate: (definition) => withoutFalsePlacements(definition) as DefinitionJson,
    },
  ],
  'menu-tree': [],
  selectors: [],
};

/** A definition refused: a version this code does not know (newer than it, or none at all). */
export class SchemaVersionError extends Error {
  constructor(
    readonly key: string,
    /** Why, without the key ('schemaVersion 3 is newer than ...'). */
    readonly reason: string,
  ) {
    super(`${key}: ${reason}`);
  }
}

/** The migrations of a definition's format that apply to `version`, or the reason it is refused. */
function migrationsFrom(key: string, kind: DefinitionSchemaName, version: unknown): readonly SchemaMigration[] {
  const current: number = CURRENT_SCHEMA_VERSION[kind];
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    const given = version === undefined ? 'is missing' : `${JSON.stringify(version)} is not a version of the ${kind} format`;
    throw new SchemaVersionError(key, `schemaVersion ${given}: this product reads versions 1 to ${current}`);
  }
  if (version > current) {
    throw new SchemaVersionError(key, `schemaVersion ${version} is newer than this product reads (${current}): a later version of the product wrote it`);
  }
  return SCHEMA_MIGRATIONS[kind].filter((m) => m.from >= version);
}

/**
 * The definition at `key` (its path under screens/) in the newest format of its kind, with the version it was at
 * (`from`) and is at now (`to`); the same value when it already was. Refuses (SchemaVersionError) a definition
 * without a version this code knows.
 */
export function migrateDefinition(key: string, value: unknown): { value: DefinitionJson; from: number; to: number } {
  const kind = definitionSchemaOf(key);
  if (!isObject(value)) throw new SchemaVersionError(key, `not a definition (a JSON object with its schemaVersion)`);
  const from = value.schemaVersion as number;
  let migrated = value;
  for (const migration of migrationsFrom(key, kind, value.schemaVersion)) migrated = { ...migration.migrate(migrated), schemaVersion: migration.to };
  return { value: migrated, from, to: CURRENT_SCHEMA_VERSION[kind] };
}

/**
 * A definition's text in the newest format: the same text (so the same content hash) when it already was, or else
 * the migrated definition in the layout of the text (engine/definition/definitionText.ts). Throws on a text that is
 * not JSON, and refuses a version this code does not know, as migrateDefinition.
 */
export function migrateDefinitionText(key: string, text: string): string {
  const { value, from, to } = migrateDefinition(key, JSON.parse(text));
  return from === to ? text : definitionText(value, text);
}
