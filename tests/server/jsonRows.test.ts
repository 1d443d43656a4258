// Many rows a statement (server/platform/db/jsonRows.ts) on both databases: every row of a batch larger than one
// statement takes is written once, each value stored as its column keeps it (whole numbers into a text column
// as '832', not '832.0'; booleans 1/0; dates as ISO text; lists as JSON), a clash on the conflict key (or on
// any key) skips the row, the inserted rows answer the column asked for, and the lists' count listeners hear the table.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { existingValues, insertJsonRows } from '../../server/platform/db/jsonRows';
import { bareDatabase, testDatabases } from './harness';

describe.each(testDatabases)('rows in bulk on $name', (target) => {
  const { database, db } = bareDatabase(target, async (created) => {
    await sql`create table bulk_row (id integer primary key, code varchar(20), amount bigint, ratio real, flag integer, note text)`.execute(created);
  });

  it('writes every row of a batch wider than a statement once, each value as its column keeps it', async () => {
    const heard: string[] = [];
    const stop = database().onTableWrite((table) => heard.push(table));
    // 6 columns: 5,000 values a statement on SQLite, so 4,321 rows take one full statement and seven smaller ones.
    const rows = Array.from({ length: 4321 }, (_, i) => ({ id: i + 1, code: i % 2 === 0 ? 832 + i : `C${i}`, amount: i * 1000, ratio: i / 4, flag: i % 3 === 0, note: i === 7 ? ['a', 'b'] : i === 8 ? new Date('2026-03-10T01:02:03.000Z') : null }));
    try {
      await insertJsonRows(db(), 'bulk_row', target.name === 'postgres' ? rows.map((r) => ({ ...r, flag: r.flag ? 1 : 0, note: r.note === null ? null : r.note instanceof Date ? r.note.toISOString() : JSON.stringify(r.note) })) : rows);
    } finally {
      stop();
    }
    expect(heard).toContain('bulk_row');
    const stored = (await db().selectFrom('bulk_row').selectAll().orderBy('id').execute()) as Record<string, unknown>[];
    expect(stored).toHaveLength(4321);
    expect(stored.slice(0, 2).map((r) => [r.code, Number(r.amount), Number(r.ratio), Number(r.flag)])).toEqual([
      ['832', 0, 0, 1],
      ['C1', 1000, 0.25, 0],
    ]);
    expect([stored[7]!.note, stored[8]!.note, stored[9]!.note]).toEqual(['["a","b"]', '2026-03-10T01:02:03.000Z', null]);
    expect(stored.map((r) => Number(r.id))).toEqual(rows.map((r) => r.id));
  });

  it('skips a row whose conflict key is taken, and finds existing values', async () => {
    await insertJsonRows(db(), 'bulk_row', [{ id: 1, code: 'CLASH' }, { id: 5000, code: 'NEW' }], ['id']);
    const two = (await db().selectFrom('bulk_row').select(['id', 'code']).where('id', 'in', [1, 5000]).orderBy('id').execute()) as { id: number; code: string }[];
    expect(two.map((r) => [Number(r.id), r.code])).toEqual([[1, '832'], [5000, 'NEW']]);
    expect([...(await existingValues(db(), 'bulk_row', 'code', ['NEW', 'C1', 'NONE']))].sort()).toEqual(['C1', 'NEW']);
  });

  it('skips a row clashing on any key, and answers the keys of the rows it inserted', async () => {
    await sql`create unique index bulk_row_code_idx on bulk_row (code)`.execute(db());
    const inserted = await insertJsonRows(db(), 'bulk_row', [{ id: 6001, code: 'C1' }, { id: 1, code: 'FRESH' }, { id: 6002, code: 'LATER' }], 'any', 'id');
    expect(inserted.map((r) => Number(r.id))).toEqual([6002]);
    expect(await insertJsonRows(db(), 'bulk_row', [{ id: 6003, code: 'LAST' }])).toEqual([]);
  });
});
