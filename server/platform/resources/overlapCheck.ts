// The server's side of a screen's `noOverlap` (engine/definition/overlap.ts): before a record is written, no
// other record of its group may overlap it in every range. Called in the write's transaction by every path
// that writes a record (create, createbulk, update, section saves, status and custom actions, uploads); on
// PostgreSQL the group is locked for the transaction first, so two writers of one group cannot both pass.
import { sql, type Kysely } from 'kysely';
import { CODES } from '../../../engine/api/responseCodes';
import type { ResourceModel } from '../../../engine/definition/compile';
import { overlapMessage, recordsOverlap } from '../../../engine/definition/overlap';
import type { NoOverlapRule } from '../../../engine/definition/screen';
import type { ScreenDefinition } from '../../../engine/definition/screen';
import { ApiError } from '../core/apiError';
import { isSqlite } from '../db/columnTypes';
import { recordKey, rowToRecord, type Row } from './records';

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** Another stored record of the group that overlaps `record` (values as stored), leaving out the record `ownKey` names. */
export async function findOverlap(db: Kysely<any>, rule: NoOverlapRule, model: ResourceModel, record: Row, ownKey?: Row): Promise<Row | undefined> {
  let query = db.selectFrom(model.table).selectAll();
  for (const name of rule.per) query = isEmpty(record[name]) ? query.where(name, 'is', null) : query.where(name, '=', record[name]);
  for (const { from, to } of rule.ranges) {
    // Both ends are included; an empty end reaches everything on its side.
    if (!isEmpty(record[to])) query = query.where((eb) => eb.or([eb(from, 'is', null), eb(from, '<=', record[to])]));
    if (!isEmpty(record[from])) query = query.where((eb) => eb.or([eb(to, 'is', null), eb(to, '>=', record[from])]));
  }
  if (ownKey) query = query.where((eb) => eb.not(eb.and(model.key.map((k) => eb(k, '=', ownKey[k])))));
  return (await query.limit(1).executeTakeFirst()) as Row | undefined;
}

/** On PostgreSQL: waits for any other transaction writing the same group, so the check sees its row. */
async function lockGroup(db: Kysely<any>, rule: NoOverlapRule, model: ResourceModel, record: Row) {
  if (isSqlite(db)) return; // SQLite runs one write transaction at a time
  const group = [model.table, ...rule.per.map((name) => (isEmpty(record[name]) ? '' : String(record[name])))].join('|');
  await sql`select pg_advisory_xact_lock(hashtext(${group}))`.execute(db);
}

/** Refuses the write (changing nothing) when the record overlaps another of its group, with the message on the ranges' fields. */
export async function checkNoOverlap(db: Kysely<any>, screen: ScreenDefinition, model: ResourceModel, record: Row, ownKey?: Row): Promise<void> {
  const rule = screen.noOverlap;
  if (!rule) return;
  await lockGroup(db, rule, model, record);
  const other = await findOverlap(db, rule, model, record, ownKey);
  if (!other) return;
  const { message, fields } = overlapMessage(screen, rule, rowToRecord(model, other), recordKey(model, other));
  throw new ApiError(CODES.VALIDATION, message, 200, fields);
}

/**
 * The rows of an upload (values as stored, by their file row) that overlap a stored record or an earlier row of
 * the same file: row -> its message. Nothing is locked: the insert's transaction checks nothing again.
 */
export async function fileOverlaps(db: Kysely<any>, screen: ScreenDefinition, model: ResourceModel, rows: { row: number; values: Row }[]): Promise<Map<number, { message: string; fields: Record<string, string> }>> {
  const found = new Map<number, { message: string; fields: Record<string, string> }>();
  const rule = screen.noOverlap;
  if (!rule) return found;
  const earlier: { row: number; values: Row }[] = [];
  for (const fileRow of rows) {
    const stored = await findOverlap(db, rule, model, fileRow.values);
    if (stored) found.set(fileRow.row, overlapMessage(screen, rule, rowToRecord(model, stored), recordKey(model, stored)));
    else {
      const twin = earlier.find((e) => recordsOverlap(rule, e.values, fileRow.values));
      // A generated key is made at insert: the earlier row is named by its row number alone.
      const named = (values: Row, row: number) => (model.key.every((k) => !isEmpty(values[k])) ? `${recordKey(model, values)}, row ${row}` : `row ${row}`);
      if (twin) found.set(fileRow.row, overlapMessage(screen, rule, rowToRecord(model, twin.values), named(twin.values, twin.row)));
    }
    earlier.push(fileRow);
  }
  return found;
}
