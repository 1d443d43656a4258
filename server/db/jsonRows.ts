// Many rows in one statement whatever their number: the rows travel as one JSON parameter and the database
// unpacks them (SQLite json_each, PostgreSQL json_populate_recordset typed by the table itself), so a batch of
// thousands is one round trip with no parameter limit and one statement text per table and column list.
import { sql, type Kysely } from 'kysely';
import { isSqlite } from './columnTypes';

type Row = Record<string, unknown>;

/** Inserts rows of one shape (the first row's columns) into `table`; `conflict` names key columns whose clash skips the row. */
export async function insertJsonRows(db: Kysely<any>, table: string, rows: readonly Row[], conflict?: readonly string[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const list = sql.join(columns.map((c) => sql.ref(c)));
  const skip = conflict ? sql` on conflict (${sql.join(conflict.map((c) => sql.ref(c)))}) do nothing` : sql``;
  if (isSqlite(db)) {
    // Arrays, not objects: json_each hands each row over once and ->> picks its cells by position.
    const data = JSON.stringify(rows.map((row) => columns.map((c) => sqliteValue(row[c]))));
    const cells = sql.join(columns.map((_, i) => sql.raw(`value ->> ${i}`)));
    await sql`insert into ${sql.table(table)} (${list}) select ${cells} from json_each(${data}) where true${skip}`.execute(db);
    return;
  }
  const data = JSON.stringify(rows.map((row) => Object.fromEntries(columns.map((c) => [c, row[c] ?? null]))));
  await sql`insert into ${sql.table(table)} (${list}) select ${list} from json_populate_recordset(null::${sql.table(table)}, ${data}::json)${skip}`.execute(db);
}

/** SQLite keeps booleans as 0/1. */
const sqliteValue = (value: unknown) => (typeof value === 'boolean' ? (value ? 1 : 0) : (value ?? null));

/** The values of `column` among `values` found in `table` (a batch's existence check in one statement). */
export async function existingValues(db: Kysely<any>, table: string, column: string, values: readonly string[]): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const data = JSON.stringify(values);
  const rows = isSqlite(db)
    ? await sql<{ v: string }>`select ${sql.ref(column)} as v from ${sql.table(table)} where ${sql.ref(column)} in (select value from json_each(${data}))`.execute(db)
    : await sql<{ v: string }>`select ${sql.ref(column)} as v from ${sql.table(table)} where ${sql.ref(column)} = any(array(select json_array_elements_text(${data}::json)))`.execute(db);
  return new Set(rows.rows.map((r) => String(r.v)));
}
