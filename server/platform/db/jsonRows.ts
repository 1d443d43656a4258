// Many rows in one statement whatever their number: the rows travel as one JSON parameter and the database
// unpacks them (SQLite json_each, PostgreSQL json_populate_recordset typed by the table itself), so a batch of
// thousands is one round trip with no parameter limit and one statement text per table and column list.
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { isSqlite } from './columnTypes';
import { announceWrite } from './tableWrites';

type Row = Record<string, unknown>;

/**
 * Inserts rows of one shape (the first row's columns) into `table`. `conflict` names key columns whose clash skips
 * the row ('any': a clash on any key or unique index); `returning` names a column whose values the inserted rows
 * answer with (the rows a clash skipped are not among them).
 */
export async function insertJsonRows(db: Kysely<any>, table: string, rows: readonly Row[], conflict?: readonly string[] | 'any', returning?: string): Promise<Row[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!);
  const list = sql.join(columns.map((c) => sql.ref(c)));
  const target = conflict === 'any' ? sql`` : conflict ? sql`(${sql.join(conflict.map((c) => sql.ref(c)))}) ` : undefined;
  const skip = target ? sql` on conflict ${target}do nothing` : sql``;
  const answer = returning ? sql` returning ${sql.ref(returning)}` : sql``;
  const inserted: Row[] = [];
  if (isSqlite(db)) {
    // Bound values, many rows a statement: JSON would be parsed again for every cell (->> walks the row's array
    // from its start: a member activity's 29 cells cost 14 µs a row, bench:batch at 1,000,000 members).
    const perStatement = Math.max(1, Math.floor(SQLITE_VARIABLES / columns.length));
    for (let from = 0; from < rows.length; ) {
      // Statements of a few sizes only (perStatement, and powers of two below it), each prepared once and kept.
      const left = rows.length - from;
      const n = left >= perStatement ? perStatement : 2 ** Math.floor(Math.log2(left));
      const values: unknown[] = [];
      for (let r = from; r < from + n; r++) {
        const row = rows[r]!;
        for (const c of columns) values.push(sqliteValue(row[c]));
      }
      inserted.push(...(await db.executeQuery<Row>(CompiledQuery.raw(valuesInsert(table, columns, n, conflict, returning), values))).rows);
      from += n;
    }
    announceWrite(db, table);
    return inserted;
  }
  const data = JSON.stringify(rows.map((row) => Object.fromEntries(columns.map((c) => [c, row[c] ?? null]))));
  inserted.push(...(await sql<Row>`insert into ${sql.table(table)} (${list}) select ${list} from json_populate_recordset(null::${sql.table(table)}, ${data}::json)${skip}${answer}`.execute(db)).rows);
  // Its table is a parameter of the raw statement, which the listeners' reading of raw SQL does not see.
  announceWrite(db, table);
  return inserted;
}

/** Bound values a SQLite statement (its limit is 32,766). */
const SQLITE_VARIABLES = 30_000;
const insertTexts = new Map<string, string>();

/** SQLite: the insert of `n` rows of `columns`, each a row of bound values (one text per table, columns, count, clause). */
function valuesInsert(table: string, columns: readonly string[], n: number, conflict?: readonly string[] | 'any', returning?: string): string {
  const key = `${table}|${columns.join(',')}|${n}|${conflict === 'any' ? '*' : (conflict?.join(',') ?? '')}|${returning ?? ''}`;
  let text = insertTexts.get(key);
  if (!text) {
    const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
    const row = `(${columns.map(() => '?').join(', ')})`;
    const skip = conflict === 'any' ? ' on conflict do nothing' : conflict ? ` on conflict (${conflict.map(quote).join(', ')}) do nothing` : '';
    text = `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values ${Array.from({ length: n }, () => row).join(', ')}${skip}${returning ? ` returning ${quote(returning)}` : ''}`;
    insertTexts.set(key, text);
  }
  return text;
}

/**
 * A value as SQLite stores it from JSON (what the rows' cells were before they were bound): booleans 0/1, whole
 * numbers as integers (better-sqlite3 binds a JS number as a real, which a text column would keep as '832.0'),
 * dates as ISO text, lists and objects as JSON text.
 */
function sqliteValue(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return Number.isSafeInteger(value) ? BigInt(value) : value;
    case 'boolean':
      return value ? 1n : 0n;
    case 'bigint':
      return value;
    case 'undefined':
      return null;
    default:
      if (value === null || Buffer.isBuffer(value)) return value;
      return value instanceof Date ? value.toISOString() : JSON.stringify(value);
  }
}

/** The values of `column` among `values` found in `table` (a batch's existence check in one statement). */
export async function existingValues(db: Kysely<any>, table: string, column: string, values: readonly string[]): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const data = JSON.stringify(values);
  const rows = isSqlite(db)
    ? await sql<{ v: string }>`select ${sql.ref(column)} as v from ${sql.table(table)} where ${sql.ref(column)} in (select value from json_each(${data}))`.execute(db)
    : await sql<{ v: string }>`select ${sql.ref(column)} as v from ${sql.table(table)} where ${sql.ref(column)} = any(array(select json_array_elements_text(${data}::json)))`.execute(db);
  return new Set(rows.rows.map((r) => String(r.v)));
}
