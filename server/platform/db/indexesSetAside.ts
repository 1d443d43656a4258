// A bulk load's secondary indexes (and on PostgreSQL its foreign keys) set aside: dropped before the rows go in
// and made again after, each in one pass over the rows, rather than kept up row by row (the first start's demo
// ledger: about 200,000 rows). Primary keys and unique indexes stay, and check the load as it goes. Both databases
// roll DDL back with the transaction: set aside and restored in one, a load that fails leaves them as they were.
import { sql, type Kysely } from 'kysely';
import { isSqlite } from './columnTypes';

/**
 * Drops the secondary indexes of `tables` (PostgreSQL: and their foreign keys) in the transaction `trx`; answers
 * the call that creates them again (in the same transaction, once the rows are in).
 */
export async function setIndexesAside(trx: Kysely<any>, tables: readonly string[]): Promise<() => Promise<void>> {
  const { drops, creates } = isSqlite(trx) ? await sqliteIndexes(trx, tables) : await postgresIndexes(trx, tables);
  for (const statement of drops) await sql.raw(statement).execute(trx);
  return async () => {
    for (const statement of creates) await sql.raw(statement).execute(trx);
  };
}

interface SetAside {
  drops: string[];
  creates: string[];
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** SQLite: the indexes made by CREATE INDEX (a constraint's index has no SQL; a unique one stays). */
async function sqliteIndexes(trx: Kysely<any>, tables: readonly string[]): Promise<SetAside> {
  const { rows } = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
    where type = 'index' and sql is not null and tbl_name in (${sql.join(tables)}) and upper(sql) not like 'CREATE UNIQUE%' order by name`.execute(trx);
  return { drops: rows.map((r) => `drop index ${quote(r.name)}`), creates: rows.map((r) => r.sql) };
}

/** PostgreSQL: the indexes of no constraint and not unique, and the foreign keys (made again after the indexes). */
async function postgresIndexes(trx: Kysely<any>, tables: readonly string[]): Promise<SetAside> {
  const { rows: indexes } = await sql<{ name: string; definition: string }>`select i.relname as name, pg_get_indexdef(i.oid) as definition
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and t.relname = any(${[...tables]}) and not x.indisunique
      and not exists (select 1 from pg_constraint c where c.conindid = i.oid) order by i.relname`.execute(trx);
  const { rows: keys } = await sql<{ name: string; tablename: string; definition: string }>`select c.conname as name, t.relname as tablename, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
    where c.contype = 'f' and n.nspname = current_schema() and t.relname = any(${[...tables]}) order by t.relname, c.conname`.execute(trx);
  return {
    drops: [...keys.map((k) => `alter table ${quote(k.tablename)} drop constraint ${quote(k.name)}`), ...indexes.map((i) => `drop index ${quote(i.name)}`)],
    creates: [...indexes.map((i) => i.definition), ...keys.map((k) => `alter table ${quote(k.tablename)} add constraint ${quote(k.name)} ${k.definition}`)],
  };
}
