// Column shapes that differ between SQLite and PostgreSQL, chosen from the Kysely adapter in use.
import { SqliteAdapter, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

export function isSqlite(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** Adds an auto-incrementing integer primary key named `name`. */
export function addSerialKey<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
  name: string,
): CreateTableBuilder<T, never> {
  return isSqlite(db)
    ? table.addColumn(name, 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement())
    : table.addColumn(name, 'serial', (c: ColumnDefinitionBuilder) => c.primaryKey());
}
