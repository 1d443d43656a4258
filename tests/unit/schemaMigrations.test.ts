// The definition formats' migrations (engine/definition/schemaMigrations.ts) and the layout a migrated text keeps
// (engine/definition/definitionText.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSION, migrateDefinition, migrateDefinitionText, SCHEMA_MIGRATIONS, SchemaVersionError } from '../../engine/definition/schemaMigrations';
import { definitionText } from '../../engine/definition/definitionText';
import { definitionSchemaOf, MENU_TREE_FILE, SELECTORS_FILE } from '../../engine/definition/definitionFiles';
import type { DefinitionSchemaName } from '../../engine/definition/studio';
import { sha256Hex } from '../../server/platform/core/sha256';
import { readDefinitionFiles } from '../../server/platform/definitions';
import { checkDefinitionTexts } from '../../server/platform/definitionVersions/definitionChecks';
import { GENERATED_TYPES } from '../../scripts/definition-types';

const KEY = 'basic-configuration/country.json';
const KINDS = Object.keys(SCHEMA_MIGRATIONS) as DefinitionSchemaName[];
const migration = (kind: DefinitionSchemaName, from: number) => SCHEMA_MIGRATIONS[kind].find((m) => m.from === from)!;

describe('screen 1 -> 2: a placement of false is gone (absent says "not shown")', () => {
  it("drops search, column and form of false from every field list, keeping true and placements", () => {
    const v1 = {
      schemaVersion: 1,
      menucode: 'COUNTRY',
      fields: [
        { name: 'code', search: true, column: { width: 80 }, form: true },
        { name: 'note', search: false, column: false, form: false, detail: true },
      ],
      actions: ['view', { name: 'hide', label: 'Hide', function: 'HIDE', set: { column: false } }],
    };
    expect(migration('screen', 1).migrate(v1)).toEqual({
      schemaVersion: 1,
      menucode: 'COUNTRY',
      fields: [{ name: 'code', search: true, column: { width: 80 }, form: true }, { name: 'note', detail: true }],
      // A custom action's values are a record's, not a placement: left as they are.
      actions: ['view', { name: 'hide', label: 'Hide', function: 'HIDE', set: { column: false } }],
    });
  });

  it("reaches a wizard's step fields, its lists' rows, a check's answer and the result", () => {
    const v1 = {
      schemaVersion: 1,
      kind: 'wizard',
      steps: [{ key: 'a', fields: [{ name: 'x', column: false }], answer: [{ name: 'y', form: false }] }, { key: 'b', list: { fields: [{ name: 'z', search: false }] } }],
      result: [{ name: 'r', column: false, label: 'R' }],
    };
    expect(migration('screen', 1).migrate(v1)).toEqual({
      schemaVersion: 1,
      kind: 'wizard',
      steps: [{ key: 'a', fields: [{ name: 'x' }], answer: [{ name: 'y' }] }, { key: 'b', list: { fields: [{ name: 'z' }] } }],
      result: [{ name: 'r', label: 'R' }],
    });
  });

  it('changes nothing it is given', () => {
    const v1 = { schemaVersion: 1, fields: [{ name: 'note', column: false }] };
    migration('screen', 1).migrate(v1);
    expect(v1).toEqual({ schemaVersion: 1, fields: [{ name: 'note', column: false }] });
  });
});

describe('the chain', () => {
  it('numbers each format from 1 up to its current version, one step at a time, each saying why', () => {
    for (const kind of KINDS) {
      const steps = SCHEMA_MIGRATIONS[kind];
      expect(steps.map((m) => [m.from, m.to])).toEqual(steps.map((_, i) => [i + 1, i + 2]));
      expect(1 + steps.length).toBe(CURRENT_SCHEMA_VERSION[kind]);
      for (const m of steps) expect(m.why.length).toBeGreaterThan(40);
    }
  });

  it("ends at the version each format's JSON Schema declares", () => {
    const declared = (schema: string) => (JSON.parse(readFileSync(schema, 'utf8')) as { properties: { schemaVersion: { const: number } } }).properties.schemaVersion.const;
    const schemaOf: Record<DefinitionSchemaName, string> = { screen: GENERATED_TYPES[0].schema, 'menu-tree': GENERATED_TYPES[1].schema, selectors: GENERATED_TYPES[2].schema };
    for (const kind of KINDS) expect(declared(schemaOf[kind]), kind).toBe(CURRENT_SCHEMA_VERSION[kind]);
  });

  it('takes a version 1 screen to the current version, saying from where', () => {
    const { value, from, to } = migrateDefinition(KEY, { schemaVersion: 1, menucode: 'COUNTRY', fields: [{ name: 'note', column: false }] });
    expect([from, to]).toEqual([1, CURRENT_SCHEMA_VERSION.screen]);
    expect(value).toEqual({ schemaVersion: CURRENT_SCHEMA_VERSION.screen, menucode: 'COUNTRY', fields: [{ name: 'note' }] });
  });

  it('knows the menu tree and the selectors by their keys', () => {
    expect([definitionSchemaOf(MENU_TREE_FILE), definitionSchemaOf(SELECTORS_FILE), definitionSchemaOf(KEY)]).toEqual(['menu-tree', 'selectors', 'screen']);
    expect(migrateDefinition(MENU_TREE_FILE, { schemaVersion: 1, items: [] })).toEqual({ value: { schemaVersion: 1, items: [] }, from: 1, to: CURRENT_SCHEMA_VERSION['menu-tree'] });
  });

  it('refuses a version newer than the code, or none it knows, saying so', () => {
    const refusal = (value: unknown) => {
      try {
        migrateDefinition(KEY, value);
      } catch (error) {
        expect(error).toBeInstanceOf(SchemaVersionError);
        return (error as Error).message;
      }
      throw new Error('not refused');
    };
    const current = CURRENT_SCHEMA_VERSION.screen;
    expect(refusal({ schemaVersion: current + 1 })).toBe(`${KEY}: schemaVersion ${current + 1} is newer than this product reads (${current}): a later version of the product wrote it`);
    expect(refusal({ schemaVersion: 0 })).toBe(`${KEY}: schemaVersion 0 is not a version of the screen format: this product reads versions 1 to ${current}`);
    expect(refusal({ schemaVersion: '1' })).toBe(`${KEY}: schemaVersion "1" is not a version of the screen format: this product reads versions 1 to ${current}`);
    expect(refusal({ menucode: 'COUNTRY' })).toBe(`${KEY}: schemaVersion is missing: this product reads versions 1 to ${current}`);
    expect(refusal([])).toBe(`${KEY}: not a definition (a JSON object with its schemaVersion)`);
  });
});

describe('migrateDefinitionText', () => {
  const v1Text = [
    '{',
    '  "$schema": "../../engine/definition/screen.schema.json",',
    '  "schemaVersion": 1,',
    '  "resource": {"name": "country", "key": ["code"]},',
    '  "fields": [',
    '    { "name": "code", "search": true },',
    '    {',
    '      "name": "note",',
    '      "rules": ["max.10"],',
    '      "column": false,',
    '      "form": true',
    '    }',
    '  ]',
    '}',
    '',
  ].join('\n');

  it('rewrites only what changed, in the layout of the text', () => {
    const expected = v1Text.replace('"schemaVersion": 1', `"schemaVersion": ${CURRENT_SCHEMA_VERSION.screen}`).replace('      "column": false,\n', '');
    expect(migrateDefinitionText(KEY, v1Text)).toBe(expected);
  });

  it('keeps a text in the newest format as it is, and so its content hash', () => {
    const newest = migrateDefinitionText(KEY, v1Text);
    expect(sha256Hex(migrateDefinitionText(KEY, newest))).toBe(sha256Hex(newest));
    const unformatted = `{"schemaVersion":${CURRENT_SCHEMA_VERSION.screen},"fields":[ ]}`;
    expect(migrateDefinitionText(KEY, unformatted)).toBe(unformatted);
  });

  it('refuses a text that is not JSON', () => {
    expect(() => migrateDefinitionText(KEY, '{')).toThrow(SyntaxError);
  });
});

describe('definitionText', () => {
  it("writes a new value's short objects and lists on one line, the definition spread, with two-space indent", () => {
    expect(definitionText({ schemaVersion: 2, resource: { name: 'x', key: ['a', 'b'] }, fields: [] })).toBe('{\n  "schemaVersion": 2,\n  "resource": { "name": "x", "key": ["a", "b"] },\n  "fields": []\n}\n');
    const long = Array.from({ length: 30 }, (_, i) => `field${i}`);
    expect(definitionText({ names: long })).toBe(`{\n  "names": [\n${long.map((n) => `    "${n}"`).join(',\n')}\n  ]\n}\n`);
  });
});

describe('the files of screens/', () => {
  const files = readDefinitionFiles();

  it('are every one at the current version of its format (npm run definitions:migrate)', () => {
    const behind = files.filter(({ key, text }) => (JSON.parse(text) as { schemaVersion: unknown }).schemaVersion !== CURRENT_SCHEMA_VERSION[definitionSchemaOf(key)]);
    expect(behind.map((f) => f.key)).toEqual([]);
    for (const { key, text } of files) expect(migrateDefinitionText(key, text)).toBe(text);
  });

  it('pass the checks with a screen at version 1 (checked migrated), and not with one newer than the code', () => {
    const withCountry = (version: number) => files.map((f) => (f.key === KEY ? { key: KEY, text: f.text.replace(/"schemaVersion": \d+/, `"schemaVersion": ${version}`) } : f));
    expect(checkDefinitionTexts(withCountry(1)).problems).toEqual([]);
    const newer = CURRENT_SCHEMA_VERSION.screen + 1;
    expect(checkDefinitionTexts(withCountry(newer)).problems).toEqual([
      `screens/${KEY}: schemaVersion ${newer} is newer than this product reads (${CURRENT_SCHEMA_VERSION.screen}): a later version of the product wrote it`,
    ]);
  });

  it('keep their layout to the byte when written again with a change (only the changed line moves)', () => {
    const moved = files.filter(({ text }) => {
      const definition = JSON.parse(text) as { schemaVersion: number };
      const changed = text.replace(`"schemaVersion": ${definition.schemaVersion}`, '"schemaVersion": 0');
      return definitionText({ ...definition, schemaVersion: 0 }, text) !== changed;
    });
    expect(moved.map((f) => f.key)).toEqual([]);
  });
});
