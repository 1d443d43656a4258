// The definition schemas walked to a place of a document: keys, enum values and descriptions where the studio's
// editor completes and hovers, through $ref, allOf, if/then/else and items.
import { describe, expect, it } from 'vitest';
import screenSchema from '../../engine/definition/screen.schema.json';
import menuSchema from '../../engine/definition/menu-tree.schema.json';
import { describeAt, keysAt, valuesAt, type SchemaNode } from '../../engine/definition/schemaNavigator';

const screen = screenSchema as unknown as SchemaNode;
const listScreen = { schemaVersion: 1, menucode: 'COUNTRY', title: 'Country', fields: [{ name: 'countryname', label: 'Country Name' }] };
const names = (keys: { name: string }[]) => keys.map((key) => key.name);

describe('schema navigator', () => {
  it("offers a field's keys inside /fields/0 (through the list screen's $ref and the field's $ref)", () => {
    const keys = names(keysAt(screen, listScreen, ['fields', 0]));
    expect(keys).toEqual(expect.arrayContaining(['name', 'label', 'type', 'format', 'rules', 'column', 'form', 'search']));
  });

  it("offers format's enum values and the field's type values", () => {
    expect(valuesAt(screen, listScreen, ['fields', 0, 'format'])).toEqual(expect.arrayContaining(['text', 'date', 'status', 'yesno']));
    expect(valuesAt(screen, listScreen, ['fields', 0, 'type'])).toContain('integer');
  });

  it('follows if/then on the document: a page of another kind has its own keys, a list screen has fields', () => {
    expect(names(keysAt(screen, listScreen, []))).toEqual(expect.arrayContaining(['menucode', 'title', 'resource', 'fields']));
    const report = { schemaVersion: 1, menucode: 'RPT', title: 'Report', kind: 'report' };
    const reportKeys = names(keysAt(screen, report, []));
    expect(reportKeys).toContain('kind');
    expect(reportKeys).not.toContain('fields');
    expect(valuesAt(screen, report, ['kind'])).toContain('studio');
  });

  it("describes a key from the schema's description", () => {
    expect(describeAt(screen, listScreen, ['fields', 0, 'label'])).toBe('Label shown beside the input, in the column header and in rule messages.');
    expect(describeAt(screen, listScreen, ['title'])).toMatch(/^Screen title/);
  });

  it('walks the menu tree schema too', () => {
    const tree = { schemaVersion: 1, menus: [{ menucode: 'X', label: 'X' }] };
    expect(keysAt(menuSchema as unknown as SchemaNode, tree, []).length).toBeGreaterThan(0);
  });
});
