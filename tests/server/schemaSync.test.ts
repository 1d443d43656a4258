// Tables follow the definitions: a new resource makes a table, a new field a column; a removed or
// retyped field stops the start with a message and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../engine/definition/catalogue';
import type { ScreenDefinition } from '../../engine/definition/screen';
import { openDatabase, type Database } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { loadCatalogue } from '../../server/definitions';
import { SchemaDriftError, syncResourceTables } from '../../server/resources/schemaSync';
import { createTestSchema, dropTestSchema, testDatabases } from './harness';

const base = loadCatalogue();
const gadget = (fields: ScreenDefinition['fields']): ScreenDefinition => ({
  schemaVersion: 1,
  menucode: 'REGION',
  title: 'Gadget',
  resource: { name: 'gadget', key: ['code'] },
  fields,
  actions: ['create'],
});
const catalogueWith = (screen: ScreenDefinition) => buildCatalogue(base.tree, [...base.screens, screen], { schemaVersion: 1, selectors: base.selectors });
const codeField = { name: 'code', label: 'Code', rules: ['required', 'max.10'], form: true };

describe.each(testDatabases)('schema sync on $name', (target) => {
  let database: Database;
  const sync = (catalogue: ReturnType<typeof catalogueWith>) => syncResourceTables(database.db, catalogue, database.schema);
  let schema: string | undefined;

  beforeAll(async () => {
    if (target.name === 'postgres') schema = await createTestSchema(target.url);
    database = openDatabase(target.url, { schema });
    await migrateToLatest(database.db, database.schema);
  });
  afterAll(async () => {
    await database?.close();
    if (schema) await dropTestSchema(target.url, schema);
  });

  const columns = async (table: string) =>
    (await database.db.introspection.getTables()).find((t) => t.name === table && (database.schema === undefined || t.schema === database.schema))?.columns.map((c) => c.name).sort();

  it('creates a table for a new resource with its fields and audit columns', async () => {
    const changed = await sync(catalogueWith(gadget([codeField])));
    expect(changed).toContain('created gadget');
    expect(await columns('gadget')).toEqual(['code', 'createdby', 'createddate', 'updatedby', 'updateddate']);
    expect(await sync(catalogueWith(gadget([codeField])))).toEqual([]);
  });

  it('adds a column for a new field, keeping the rows', async () => {
    await (database.db as any).insertInto('gadget').values({ code: 'G1' }).execute();
    const changed = await sync(catalogueWith(gadget([codeField, { name: 'weight', label: 'Weight', type: 'integer', form: true }])));
    expect(changed).toEqual(['added gadget.weight']);
    expect(await (database.db as any).selectFrom('gadget').select(['code', 'weight']).execute()).toEqual([{ code: 'G1', weight: null }]);
  });

  it('stops on a removed field and on a retyped field, naming the migration to write, and changes nothing', async () => {
    const removed = sync(catalogueWith(gadget([codeField])));
    await expect(removed).rejects.toThrow(SchemaDriftError);
    await expect(removed).rejects.toThrow('resource "gadget": field "weight" was removed from its definition but its column holds data; write a migration in server/db/migrations that drops or renames gadget.weight');
    const retyped = sync(catalogueWith(gadget([codeField, { name: 'weight', label: 'Weight', type: 'string', form: true }])));
    await expect(retyped).rejects.toThrow('resource "gadget": field "weight" changed type from bigint to varchar(255); write a migration in server/db/migrations that converts gadget.weight');
    expect(await columns('gadget')).toEqual(['code', 'createdby', 'createddate', 'updatedby', 'updateddate', 'weight']);
  });
});
