// Column shapes that differ between SQLite and PostgreSQL, chosen from the Kysely adapter in use.
import { SqliteAdapter, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

export function isSqlite(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** Adds an auto-incrementing integer primary key named `name`. */
/** The largest key a serial column holds (PostgreSQL's `serial` is a 4-byte integer). */
export const SERIAL_MAX = 2_147_483_647;

export function addSerialKey<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
  name: string,
): CreateTableBuilder<T, never> {
  return isSqlite(db)
    ? table.addColumn(name, 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement())
    : table.addColumn(name, 'serial', (c: ColumnDefinitionBuilder) => c.primaryKey());
}
