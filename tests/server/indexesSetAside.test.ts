// A bulk load's indexes set aside (server/platform/db/indexesSetAside.ts) on both databases: the secondary indexes (and on
// PostgreSQL the foreign keys) go, primary keys and unique indexes stay, everything comes back as it was, and a
// load that fails leaves them untouched.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setIndexesAside } from '../../server/platform/db/indexesSetAside';
import { bareDatabase, testDatabases } from './harness';

describe.each(testDatabases)('indexes set aside on $name', (target) => {
  const { db } = bareDatabase(target, async (created) => {
    await sql`create table parent (id integer primary key)`.execute(created);
    await sql`create table child (id integer primary key, parentid integer references parent (id), code varchar(20), day varchar(10), remaining integer)`.execute(created);
    await sql`create index child_code_idx on child (code, id)`.execute(created);
    await sql`create index child_open_idx on child (day) where remaining > 0`.execute(created);
    await sql`create unique index child_day_uq on child (day, code)`.execute(created);
  });

  /** The table's indexes and foreign keys, with their definitions. */
  async function shape(on: Kysely<any>): Promise<string[]> {
    if (target.name === 'sqlite') {
      const { rows } = await sql<{ line: string }>`select name || ': ' || coalesce(sql, '') as line from sqlite_master where type = 'index' and tbl_name = 'child'`.execute(on);
      const keys = await sql<{ line: string }>`select 'fk ' || "table" || '(' || "from" || ')' as line from pragma_foreign_key_list('child')`.execute(on);
      return [...rows, ...keys.rows].map((r) => r.line).sort();
    }
    const { rows } = await sql<{ line: string }>`select indexname || ': ' || indexdef as line from pg_indexes where schemaname = current_schema() and tablename = 'child'
      union all select 'fk ' || conname || ': ' || pg_get_constraintdef(oid) from pg_constraint where contype = 'f' and conrelid = 'child'::regclass`.execute(on);
    return rows.map((r) => r.line).sort();
  }

  it('drops the secondary indexes for the load and makes them again after it', async () => {
    const before = await shape(db());
    expect(before.some((line) => line.startsWith('child_code_idx'))).toBe(true);
    await sql`insert into parent (id) values (1), (2)`.execute(db());
    await db()
      .transaction()
      .execute(async (trx) => {
        const restore = await setIndexesAside(trx, ['child']);
        const during = await shape(trx);
        expect(during.filter((line) => line.startsWith('child_code_idx') || line.startsWith('child_open_idx'))).toEqual([]);
        expect(during.some((line) => line.startsWith('child_day_uq'))).toBe(true);
        // SQLite keeps its foreign keys in the table's own definition; PostgreSQL's are set aside with the indexes.
        expect(during.some((line) => line.startsWith('fk '))).toBe(target.name === 'sqlite');
        await sql`insert into child (id, parentid, code, day, remaining) values (1, 1, 'A', '2026-01-01', 5), (2, 2, 'B', '2026-01-02', 0)`.execute(trx);
        await restore();
      });
    expect(await shape(db())).toEqual(before);
  });

  it('leaves the indexes as they were when the load fails', async () => {
    const before = await shape(db());
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await setIndexesAside(trx, ['child']);
          throw new Error('the load failed');
        }),
    ).rejects.toThrow('the load failed');
    expect(await shape(db())).toEqual(before);
  });
});
