// Tables follow the definitions: a new resource makes a table, a new field a column; a removed or
// retyped field stops the start with a message and changes nothing; a field searched by contains gets
// a trigram index, kept or dropped with the definition.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../engine/definition/catalogue';
import { resourceModel } from '../../engine/definition/compile';
import type { ScreenDefinition } from '../../engine/definition/screen';
import { openDatabase, type Database } from '../../server/platform/db/database';
import { migrateToLatest } from '../../server/platform/migrations';
import { loadCatalogue } from '../../server/platform/definitions';
import { CountCache } from '../../server/platform/resources/countCache';
import { listRecords } from '../../server/platform/resources/listQuery';
import { SchemaDriftError, syncResourceTables } from '../../server/platform/resources/schemaSync';
import { createTestSchema, dropTestSchema, testDatabases } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

const base = loadCatalogue();
const gadget = (fields: ScreenDefinition['fields']): ScreenDefinition => ({
  schemaVersion: 2,
  menucode: 'REGION',
  title: 'Gadget',
  resource: { name: 'gadget', key: ['code'] },
  fields,
  actions: ['create'],
});
const catalogueWith = (screen: ScreenDefinition) => buildCatalogue(base.tree, [...base.screens, screen], { schemaVersion: 1, selectors: base.selectors });
const codeField = { name: 'code', label: 'Code', rules: ['required', 'max.10'], form: true as const };
const weightField = { name: 'weight', label: 'Weight', type: 'integer' as const, form: true as const };
const labelField = (search: { exact?: boolean }) => ({ name: 'label', label: 'Label', search, form: true as const });

describe.each(testDatabases)('schema sync on $name', (target) => {
  let database: Database;
  const sync = (catalogue: ReturnType<typeof catalogueWith>) => syncResourceTables(database.db, catalogue, database.schema);
  let schema: string | undefined;

  beforeAll(async () => {
    if (target.name === 'postgres') schema = await createTestSchema(target.url);
    database = openDatabase(target.url, { schema });
    await migrateToLatest(database.db, database.schema);
    // The catalogue's own tables are built here, under the set-up's time limit (a minute and more on a busy
    // machine with PostgreSQL's posting triggers): the tests then time only what they change.
    await syncResourceTables(database.db, base, database.schema);
  });
  afterAll(async () => {
    await database?.close();
    if (schema) await dropTestSchema(target.url, schema);
  });

  const columns = async (table: string) =>
    (await database.db.introspection.getTables()).find((t) => t.name === table && (database.schema === undefined || t.schema === database.schema))?.columns.map((c) => c.name).sort();

  it('reads the tables of its own schema only (another schema, dropped meanwhile by another process, is never looked up)', async () => {
    if (target.name !== 'postgres') return;
    const other = await createTestSchema(target.url);
    try {
      const admin = openDatabase(target.url, { schema: other });
      try {
        await sql`create table ${sql.table(`${other}.elsewhere`)} (id integer)`.execute(admin.db);
      } finally {
        await admin.close();
      }
      const tables = await database.db.introspection.getTables();
      expect(tables.length).toBeGreaterThan(0);
      expect(tables.filter((t) => t.schema !== database.schema)).toEqual([]);
      expect(tables.map((t) => t.name)).not.toContain('elsewhere');
    } finally {
      await dropTestSchema(target.url, other);
    }
  });

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
    await expect(removed).rejects.toThrow('resource "gadget": field "weight" was removed from its definition but its column holds data; write a migration in server/platform/db/migrations that drops or renames gadget.weight');
    const retyped = sync(catalogueWith(gadget([codeField, { name: 'weight', label: 'Weight', type: 'string', form: true }])));
    await expect(retyped).rejects.toThrow('resource "gadget": field "weight" changed type from bigint to varchar(255); write a migration in server/platform/db/migrations that converts gadget.weight');
    expect(await columns('gadget')).toEqual(['code', 'createdby', 'createddate', 'updatedby', 'updateddate', 'weight']);
  });

  /** What serves contains searches of gadget.label: the posting table (PostgreSQL) or FTS5 table (SQLite) and its triggers. */
  const trigramParts = async () => {
    const db = definitionDb(database.db);
    const { rows } =
      target.name === 'postgres'
        ? await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = ${database.schema} and tablename like 'gadget\_\_%'
            union all select t.tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = ${database.schema} and c.relname = 'gadget' and not t.tgisinternal
            union all select indexname from pg_indexes where schemaname = ${database.schema} and tablename = 'gadget' and indexname like '%trgm%'`.execute(db)
        : await sql<{ name: string }>`select name from sqlite_master where name like 'gadget_label_trgm%' and (type = 'trigger' or sql like 'CREATE VIRTUAL TABLE%')`.execute(db);
    return rows.map((r) => r.name).sort();
  };
  const search = async (screen: ScreenDefinition, text: string) => {
    const found = await listRecords(database.db, database.dialect, resourceModel(screen), new CountCache(), { criteria: { label: `%${text}%` }, paging: { limit: 10, page: 1 } }, { code: 'asc' });
    return found.rows.map((r) => r.code);
  };
  const WANTED = { postgres: ['gadget__label_tri', 'gadget__label_tri_del', 'gadget__label_tri_ins', 'gadget__label_tri_set', 'gadget__label_tri_trunc'], sqlite: ['gadget_label_trgm', 'gadget_label_trgm_delete', 'gadget_label_trgm_insert', 'gadget_label_trgm_update'] };

  it('gives a text field searched by contains a trigram index, indexing the rows already there, once', async () => {
    const exact = gadget([codeField, weightField, labelField({ exact: true })]);
    expect(await sync(catalogueWith(exact))).toEqual(['added gadget.label']);
    expect(await trigramParts()).toEqual([]);
    await (database.db as any).insertInto('gadget').values({ code: 'G2', label: 'Blue Falcon' }).execute();
    const contains = gadget([codeField, weightField, labelField({})]);
    expect(await sync(catalogueWith(contains))).toEqual(['indexed gadget.label for contains search']);
    expect(await trigramParts()).toEqual(WANTED[target.name]);
    expect(await search(contains, 'FALC')).toEqual(['G2']);
    expect(await sync(catalogueWith(contains))).toEqual([]);
  });

  it('drops the trigram index when the field is searched exactly again, and still finds by contains', async () => {
    const exact = gadget([codeField, weightField, labelField({ exact: true })]);
    expect(await sync(catalogueWith(exact))).toEqual(['dropped the contains index of gadget.label']);
    expect(await trigramParts()).toEqual([]);
    await (database.db as any).insertInto('gadget').values({ code: 'G3', label: 'Red Falcon' }).execute();
    expect(await search(exact, 'falcon')).toEqual(['G2', 'G3']);
  });

  it('indexes afresh when a table rebuilt by a migration lost the triggers', async () => {
    const contains = gadget([codeField, weightField, labelField({})]);
    expect(await sync(catalogueWith(contains))).toEqual(['indexed gadget.label for contains search']);
    if (target.name === 'sqlite') await sql`drop trigger gadget_label_trgm_insert`.execute(database.db);
    else await sql`drop trigger gadget__label_tri_ins on gadget`.execute(database.db);
    await (database.db as any).insertInto('gadget').values({ code: 'G4', label: 'Grey Falcon' }).execute();
    expect(await sync(catalogueWith(contains))).toEqual(['indexed gadget.label for contains search']);
    expect(await trigramParts()).toEqual(WANTED[target.name]);
    expect(await search(contains, 'falcon')).toEqual(['G2', 'G3', 'G4']);
  });

  it.runIf(target.name === 'postgres')('replaces the earlier statement trigger on updates (every update of the table) with the row trigger on the field', async () => {
    const contains = gadget([codeField, weightField, labelField({})]);
    await sql`drop trigger gadget__label_tri_set on gadget`.execute(database.db);
    await sql.raw(`create or replace function gadget__label_tri_upd() returns trigger language plpgsql as $$ begin return null; end $$`).execute(database.db);
    await sql.raw(`create trigger gadget__label_tri_upd after update on gadget referencing old table as old_rows new table as new_rows for each statement execute function gadget__label_tri_upd()`).execute(database.db);
    expect(await sync(catalogueWith(contains))).toEqual(['indexed gadget.label for contains search']);
    expect(await trigramParts()).toEqual(WANTED[target.name]);
    await (database.db as any).updateTable('gadget').set({ label: 'Blue Heron' }).where('code', '=', 'G4').execute();
    expect(await search(contains, 'falcon')).toEqual(['G2', 'G3']);
    expect(await search(contains, 'heron')).toEqual(['G4']);
  });
});
