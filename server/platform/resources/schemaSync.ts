// Creates and widens the tables of definition-built resources on start. A new resource makes a table,
// a new field a column; a removed or retyped field never drops data: start stops and says what to write.
import { sql, type Kysely } from 'kysely';
import { AUDIT_COLUMNS, resourceModel, type ResolvedField, type ResourceModel } from '../../../engine/definition/compile';
import type { Catalogue } from '../../../engine/definition/catalogue';
import type { Schema } from '../db/schema';
import { syncTrigramIndexes } from './trigramIndex';
import { counting, silent, type Tell } from '../core/startProgress';
import { definitionDb } from '../db/definitionDb';

export interface ColumnShape {
  name: string;
  type: string;
}

export function sqlType(field: Pick<ResolvedField, 'type' | 'maxLength'>): string {
  switch (field.type) {
    case 'string':
      return `varchar(${field.maxLength ?? 255})`;
    case 'text':
    case 'list':
      return 'text';
    case 'integer':
      return 'bigint';
    case 'number':
      return 'numeric(20,4)';
    case 'boolean':
      return 'integer';
    case 'date':
      return 'varchar(10)';
    case 'datetime':
      return 'varchar(30)';
  }
}

export function tableShape(model: ResourceModel): ColumnShape[] {
  return [
    ...model.fields.map((f) => ({ name: f.name, type: sqlType(f) })),
    ...AUDIT_COLUMNS.map((name) => ({ name, type: name.endsWith('date') ? 'varchar(30)' : 'varchar(60)' })),
  ];
}

export class SchemaDriftError extends Error {
  constructor(readonly problems: string[]) {
    super(`The database does not match the definitions:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SchemaDriftError';
  }
}

async function createTable(db: Kysely<any>, model: ResourceModel, shape: ColumnShape[]) {
  let table = db.schema.createTable(model.table);
  for (const column of shape) {
    const isKey = model.key.includes(column.name);
    table = table.addColumn(column.name, sql.raw(column.type), (c) => (isKey ? c.notNull() : c));
  }
  await table.addPrimaryKeyConstraint(`${model.table}_pk`, model.key as never).execute();
}

/**
 * One index per searchable or sortable field, followed by the key: a filter on the field ordered by the
 * key, and a sort on the field with the key as tie-breaker, both read in index order with no sort step.
 */
async function createIndexes(db: Kysely<any>, model: ResourceModel) {
  // Row scope fields too: a scoped user's every list filters by them (their branch's members, by the key).
  const indexed = new Set([...model.searchable, ...model.sortable, ...(model.status ? [model.status] : []), ...Object.keys(model.filter ?? {}), ...Object.values(model.scope ?? {})]);
  for (const column of indexed) {
    if (model.key[0] === column) continue;
    const columns = [column, ...model.key.filter((k) => k !== column)];
    await db.schema.createIndex(`${model.table}_${column}_key_idx`).ifNotExists().on(model.table).columns(columns).execute();
  }
}

export interface SyncOptions {
  /**
   * false: the tables and columns only, their indexes left to syncResourceIndexes (a first start builds them after
   * its seed: one build over the rows costs less than keeping every index up row by row as they are written).
   */
  indexes?: boolean;
}

/**
 * Brings every resource table up to its definition, with its indexes and the trigram indexes of its
 * contains fields (unless `options.indexes` is false); throws SchemaDriftError (changing nothing) on drift.
 * `schema` is PostgreSQL's (Database.schema), undefined on SQLite.
 */
export function syncResourceTables(db: Kysely<Schema>, catalogue: Catalogue, schema?: string, options: SyncOptions = {}): Promise<string[]> {
  return inOneTransaction(db, (trx) => syncTables(trx, catalogue, schema, options));
}

/** Runs `work` in one transaction (the caller's, when it is one): PostgreSQL commits a start's DDL once, not a statement at a time. */
const inOneTransaction = <T>(db: Kysely<Schema>, work: (trx: Kysely<Schema>) => Promise<T>): Promise<T> => (db.isTransaction ? work(db) : db.transaction().execute(work));

/**
 * What a start would refuse of the catalogue's resources against the tables' stored shapes: a field removed, or its
 * type changed, while its column holds data (SchemaDriftError's lines; none when the catalogue fits).
 */
export async function schemaDrift(db: Kysely<Schema>, catalogue: Catalogue): Promise<string[]> {
  const stored = new Map((await db.selectFrom('resource_schema').selectAll().execute()).map((r) => [r.tablename, JSON.parse(r.columns) as ColumnShape[]]));
  const problems: string[] = [];
  for (const model of resourceModels(catalogue).models) {
    const before = stored.get(model.table);
    if (!before) continue;
    const wanted = new Map(tableShape(model).map((c) => [c.name, c.type]));
    for (const column of before) {
      const now = wanted.get(column.name);
      if (now === undefined) {
        problems.push(`resource "${model.name}": field "${column.name}" was removed from its definition but its column holds data; write a migration in server/platform/db/migrations that drops or renames ${model.table}.${column.name}`);
      } else if (now !== column.type) {
        problems.push(`resource "${model.name}": field "${column.name}" changed type from ${column.type} to ${now}; write a migration in server/platform/db/migrations that converts ${model.table}.${column.name}`);
      }
    }
  }
  return problems;
}

async function syncTables(db: Kysely<Schema>, catalogue: Catalogue, schema: string | undefined, options: SyncOptions): Promise<string[]> {
  const anyDb = definitionDb(db);
  // Introspection sees every schema: only the tables of ours count.
  const tables = (await db.introspection.getTables()).filter((t) => schema === undefined || t.schema === schema);
  const existing = new Map(tables.map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
  const problems = await schemaDrift(db, catalogue);
  const { models } = resourceModels(catalogue);
  if (problems.length > 0) throw new SchemaDriftError(problems);

  const changed: string[] = [];
  for (const model of models) {
    const shape = tableShape(model);
    const columns = existing.get(model.table);
    if (!columns) {
      await createTable(anyDb, model, shape);
      changed.push(`created ${model.table}`);
    } else {
      for (const column of shape.filter((c) => !columns.has(c.name))) {
        await anyDb.schema.alterTable(model.table).addColumn(column.name, sql.raw(column.type)).execute();
        changed.push(`added ${model.table}.${column.name}`);
      }
    }
    const snapshot = JSON.stringify(shape);
    await db
      .insertInto('resource_schema')
      .values({ tablename: model.table, columns: snapshot })
      .onConflict((oc) => oc.column('tablename').doUpdateSet({ columns: snapshot }))
      .execute();
  }
  if (options.indexes !== false) changed.push(...(await syncIndexes(db, catalogue, schema)));
  return changed;
}

/** The catalogue's resource models: those owning a table, and views (a view page's resource reads its source's table). */
function resourceModels(catalogue: Catalogue): { models: ResourceModel[]; views: ResourceModel[] } {
  const all = catalogue.screens.map(resourceModel);
  return { models: all.filter((model) => !model.filter), views: all.filter((model) => model.filter) };
}

/**
 * Gives every resource table (made by syncResourceTables) its indexes and the trigram indexes of its contains
 * fields, and drops the trigram indexes of fields no longer searched by contains; returns what it changed.
 */
export function syncResourceIndexes(db: Kysely<Schema>, catalogue: Catalogue, schema?: string, tell: Tell = silent): Promise<string[]> {
  return inOneTransaction(db, (trx) => syncIndexes(trx, catalogue, schema, tell));
}

async function syncIndexes(db: Kysely<Schema>, catalogue: Catalogue, schema: string | undefined, tell: Tell = silent): Promise<string[]> {
  const anyDb = definitionDb(db);
  // Database.schema: PostgreSQL's schema; SQLite has none.
  const dialect = schema === undefined ? 'sqlite' : 'postgres';
  const { models, views } = resourceModels(catalogue);
  const changed: string[] = [];
  const count = counting(tell, 'Building indexes (tables)', models.length);
  for (const [n, model] of models.entries()) {
    await createIndexes(anyDb, model);
    changed.push(...(await syncTrigramIndexes(anyDb, dialect, model, schema)));
    count(n + 1);
  }
  // A view adds indexes to its source's table, when that table is there (a model's, or a core table).
  const tables = new Set(models.map((model) => model.table));
  if (views.some((view) => !tables.has(view.table))) for (const t of await db.introspection.getTables()) if (schema === undefined || t.schema === schema) tables.add(t.name);
  for (const view of views) if (tables.has(view.table)) await createIndexes(anyDb, view);
  return changed;
}
