// A row becomes a record through a reader compiled per model (server/platform/resources/records.ts): it must give
// exactly what fromDb gives field by field, for every model of the catalogue and every kind of value.
import { describe, expect, it } from 'vitest';
import { resourceModelOf } from '../../engine/definition/catalogue';
import { resourceModel, type ResolvedField } from '../../engine/definition/compile';
import { fromDb, recordReader, type Row } from '../../server/platform/resources/records';
import { loadCatalogue } from '../../server/platform/definitions';

const catalogue = loadCatalogue();
const AUDIT = ['createdby', 'createddate', 'updatedby', 'updateddate'];

/** What a reader must answer: each field through fromDb, each audit stamp the row carries. */
function expected(fields: readonly ResolvedField[], row: Row, stamps: readonly string[]): Row {
  const record: Row = {};
  for (const field of fields) record[field.name] = fromDb(field, row[field.name]);
  for (const name of stamps) if (name in row && !fields.some((f) => f.name === name)) record[name] = row[name];
  return record;
}

/** The values a column of the field's type may hold in SQLite or PostgreSQL, the odd ones included. */
function valuesFor(field: ResolvedField): unknown[] {
  switch (field.type) {
    case 'boolean':
      return [1, 0, true, false, '1', '0', null, undefined];
    case 'list':
      return ['["A","B"]', '[]', 'not json', null, undefined];
    case 'integer':
    case 'number':
      return [0, 12, -3.5, '42', '7.25', null, undefined];
    default:
      return ['text', '', ' spaced ', null, undefined];
  }
}

describe('the compiled record reader', () => {
  const models = catalogue.screens.map((screen) => resourceModel(screen));

  it.each(models.map((model) => [model.name, model] as const))('%s: every field as fromDb gives it, the audit stamps when carried', (_name, model) => {
    const read = recordReader(model);
    const longest = Math.max(...model.fields.map((f) => valuesFor(f).length));
    for (let i = 0; i < longest; i++) {
      const row: Row = {};
      model.fields.forEach((field, j) => {
        const values = valuesFor(field);
        row[field.name] = values[(i + j) % values.length];
      });
      if (i % 2 === 0) for (const name of AUDIT) row[name] = `${name}-${i}`;
      const got = read(row);
      expect(got).toEqual(expected(model.fields, row, AUDIT));
      // Absent stamps stay absent (not null): a record says what its row carries.
      for (const name of AUDIT) if (!model.fields.some((f) => f.name === name)) expect(name in got).toBe(i % 2 === 0);
    }
  });

  it('reads only the names asked for, in their order', () => {
    const model = resourceModel(catalogue.screenByResource.get('member')!);
    const names = ['memberid', 'updateddate', 'cardnumber', 'no-such-field'];
    const got = recordReader(model, names)({ memberid: 'MBR0000001', cardnumber: '123', firstname: 'not asked', updateddate: '2026-11-24' });
    expect(got).toEqual({ memberid: 'MBR0000001', cardnumber: '123', updateddate: '2026-11-24' });
  });

  it('a field whose name is not a plain identifier is read the same, never as a prototype', () => {
    const fields = [
      { name: '__proto__', type: 'string' },
      { name: 'with-dash', type: 'integer' },
      { name: 'ok', type: 'boolean' },
    ] as ResolvedField[];
    const model = { ...resourceModel(catalogue.screens[0]!), fields };
    const row = JSON.parse('{"__proto__": {"polluted": true}, "with-dash": "5", "ok": 1}') as Row;
    const got = recordReader(model)(row);
    expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
    expect((got as { polluted?: boolean }).polluted).toBeUndefined();
    expect(got['with-dash']).toBe(5);
    expect(got.ok).toBe(true);
  });
});

describe('resourceModelOf', () => {
  it("is the screen's model, the same object on every call (the reader is compiled once per model)", () => {
    const screen = catalogue.screenByResource.get('member')!;
    const model = resourceModelOf(catalogue, 'member');
    expect(model).toEqual(resourceModel(screen));
    expect(resourceModelOf(catalogue, 'member')).toBe(model);
  });

  it('refuses a resource no screen declares', () => {
    expect(() => resourceModelOf(catalogue, 'no-such-resource')).toThrow('no screen declares the resource "no-such-resource"');
  });
});
