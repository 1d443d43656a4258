// Activity files: a CSV of air or non-air activity uploaded on File Management, every row checked
// against Park Activity's fields (the fields /api/accrual/air and /non-air take) before anything is written,
// then processed as a job in chunks: each chunk one transaction in which the rule book (read once per file)
// rates its rows, members are looked up in bulk, and the member's activity rows, segment keys, ledger rows,
// lots, balances and detail lines are written with one statement per table (server/ledger/ledgerCredits.ts).
// Each row's result is written with its credit, so a resumed job never credits a row twice. "All or
// nothing" rates the whole file first and credits nothing when any row would not be credited; "park" credits
// the good rows, parks the ones no member or rule matches and refuses the rest, each with its reason.
import { sql, type Kysely } from 'kysely';
import { CODES } from '../../../engine/api/responseCodes';
import { cellValue, csvLine, csvRecords, isCsvFileName } from '../../../engine/definition/bulk';
import { formFields, resourceModel, validateFormFields, type ResolvedField } from '../../../engine/definition/compile';
import type { Catalogue } from '../../../engine/definition/catalogue';
import { generateKey } from '../../../engine/definition/generatedKey';
import { ApiError } from '../../platform/core/apiError';
import { isSqlite } from '../../platform/db/columnTypes';
import { insertJsonRows } from '../../platform/db/jsonRows';
import { withPageCache } from '../../platform/db/database';
import type { Schema } from '../../platform/db/schema';
import { AIR_FIELDS, NONAIR_FIELDS } from '../accrual/accrualActions';
import { rateBatch, writeBatch, type BatchOutcome, type RatedItem } from '../accrual/accrualBatch';
import {
  ACTIVITY_RESOURCE,
  PARK_RESOURCE,
  REQUIRED_BY_TYPE,
  activityProblems,
  models,
  referencesKnown,
  rowOf,
  ruleBook,
  type ActivityType,
  type PostedActivity,
  type WriteContext,
} from '../accrual/accrualStore';
import { checkColumnFit, checkDataTypes } from '../../platform/resources/fieldValues';
import { toDb, type Row } from '../../platform/resources/records';
import { countRollupsPerStatement } from '../../platform/rollups/rollupStore';
import { isoDay } from '../../../engine/definition/dates';
import { definitionDb } from '../../platform/db/definitionDb';
import * as moduleTexts from './texts.json';

type Db = Kysely<Schema>;

export const FILE_RESOURCE = 'activity-file';
export const FILE_STATUS = { UPLOADED: 'UPLOADED', VALIDATED: 'VALIDATED', PROCESSING: 'PROCESSING', DONE: 'DONE', FAILED: 'FAILED' } as const;
export const FILE_MODES = { ALL: 'ALL', PARK: 'PARK' } as const;
export type FileMode = keyof typeof FILE_MODES;
export const ROW_STATUS = { CREDITED: 'CREDITED', PARKED: 'PARKED', REFUSED: 'REFUSED' } as const;
export const RESULT_HEADER = ['Row', 'Status', 'Award Miles', 'Tier Miles', 'Segments', 'Reason'];
/** Rows per transaction: large enough that a statement per table costs little per row, small enough to keep a transaction short. */
export const CHUNK_ROWS = 5000;
/**
 * SQLite: the page cache while a file is processed (the connection's default is 16 MB). A chunk of a day's flights,
 * its members in no order, dirties some 50,000 pages of the member, activity and ledger indexes; bench:batch,
 * 100,000 flights: 3,995/s with 16 MB, 4,121/s with 64 MB, 4,316 and 4,576/s with 256 MB.
 */
export const FILE_CACHE_MB = 256;
/**
 * An upload lets other calls run (a turn of the event loop) after about this much work: a 400,000-row file read,
 * checked and stored in one go held every other call for seconds.
 */
export const UPLOAD_TURN_MS = 10;
/** Rows an upload stores in one statement (or looks up cards for), a turn of the event loop after each. */
export const UPLOAD_SLICE_ROWS = 500;
/** Rows per statement when a job writes the rows' results. */
const STORE_ROWS = 5000;

// not in spec: the product's own texts of activity files.
export const FILE_TEXTS = moduleTexts.file;

const say = (template: string, values: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));

// ---- reading and checking a file --------------------------------------------------------------------------

/** One problem of a file refused as a whole: the spreadsheet row (1: the header) and the message. */
export interface FileProblem {
  row: number;
  message: string;
}

export class FileRefusal extends Error {
  constructor(readonly problems: FileProblem[]) {
    super(problems[0]?.message ?? 'bad file');
  }
}

/** The checks a posted activity gets, made once per catalogue: Park Activity's types, rules, column sizes and references. */
function activityChecker(catalogue: Catalogue) {
  const screen = catalogue.screenByResource.get(PARK_RESOURCE)!;
  const model = resourceModel(screen);
  const form = formFields(screen, 'create');
  const byName = new Map(model.fields.map((f) => [f.name, f]));
  const labels = (name: string) => byName.get(name)?.label ?? name;
  return {
    field: (name: string): ResolvedField | undefined => byName.get(name),
    labels,
    /** The row's posted activity, or the first problem (field label: message). */
    check(values: Row, today: string, references: Parameters<typeof referencesKnown>[0]): { activity: PostedActivity } | { problem: string } {
      try {
        checkDataTypes(model, values);
      } catch (error) {
        if (error instanceof ApiError) return { problem: error.message };
        throw error;
      }
      const problems = { ...activityProblems(values as unknown as PostedActivity, labels, today), ...validateFormFields(form, values) };
      const first = Object.values(problems)[0];
      if (first) return { problem: first };
      const stored: Row = {};
      for (const [name, value] of Object.entries(values)) {
        const field = byName.get(name)!;
        stored[name] = toDb(field, value);
        try {
          checkColumnFit(field, stored[name]);
        } catch (error) {
          if (error instanceof ApiError) return { problem: error.message };
          throw error;
        }
      }
      if (!referencesKnown(references, stored)) return { problem: FILE_TEXTS.unknownReference };
      return { activity: stored as unknown as PostedActivity };
    },
  };
}

const checkers = new WeakMap<Catalogue, ReturnType<typeof activityChecker>>();
const checkerOf = (catalogue: Catalogue) => checkers.get(catalogue) ?? (checkers.set(catalogue, activityChecker(catalogue)), checkers.get(catalogue)!);

/** The header's fields: by field name or Park Activity's label; the type is the one whose fields it names. */
export function readHeader(header: readonly string[], labels: (name: string) => string): { type: ActivityType; fields: string[] } {
  const norm = (s: string) => s.trim().toLowerCase();
  const names = header.map(norm);
  const type: ActivityType | undefined = names.some((n) => n === 'carrier' || n === norm(labels('carrier'))) ? 'AIR' : names.some((n) => n === 'partnercode' || n === norm(labels('partnercode'))) ? 'NONAIR' : undefined;
  if (!type) throw new FileRefusal([{ row: 1, message: say(FILE_TEXTS.notActivity, { air: AIR_FIELDS.join(', '), nonair: NONAIR_FIELDS.join(', ') }) }]);
  const allowed = type === 'AIR' ? AIR_FIELDS : NONAIR_FIELDS;
  const problems: FileProblem[] = [];
  const fields = header.map((text) => {
    const field = allowed.find((f) => norm(f) === norm(text) || norm(labels(f)) === norm(text));
    if (!field) problems.push({ row: 1, message: say(FILE_TEXTS.unknownColumn, { column: text, type: type === 'AIR' ? 'air' : 'non-air' }) });
    return field ?? '';
  });
  for (const f of new Set(fields)) if (f && fields.filter((x) => x === f).length > 1) problems.push({ row: 1, message: say(FILE_TEXTS.twice, { column: f }) });
  const required = ['cardnumber', 'activitydate', ...REQUIRED_BY_TYPE[type]];
  for (const f of required) if (!fields.includes(f)) problems.push({ row: 1, message: say(FILE_TEXTS.missingColumn, { column: f }) });
  if (problems.length > 0) throw new FileRefusal(problems);
  return { type, fields };
}

/** A row as the upload keeps it: `seq` its place in the processing order, `card` the card it posts to. */
interface StoredRow {
  rowno: number;
  seq: number;
  card?: string;
  activity: string | null;
  problem: string | null;
}

/** Lets the calls that came in meanwhile run (a turn of the event loop) before the upload's next slice. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A loop's slices by time: `due()` once UPLOAD_TURN_MS of work has passed since the last turn (rows cost from a few
 * to a hundred µs each, so a slice of a fixed number of rows is either too short or too long).
 */
function turnsEvery(ms = UPLOAD_TURN_MS) {
  let since = performance.now();
  return {
    due: () => performance.now() - since >= ms,
    async next(): Promise<void> {
      await nextTurn();
      since = performance.now();
    },
  };
}

/** parseCsv in slices of records, a turn of the event loop between them; undefined for text that is not CSV. */
async function readCsvInSlices(text: string): Promise<string[][] | undefined> {
  const records: string[][] = [];
  const reader = csvRecords(text);
  const turns = turnsEvery();
  for (;;) {
    const next = reader.next();
    if (next.done) return next.value ? records : undefined;
    if (records.push(next.value) % 100 === 0 && turns.due()) await turns.next();
  }
}

/**
 * Gives each row its place in the processing order: the rows of a member together in the file's order, members in
 * memberid order, then the rows of no member known now and the bad rows. A file of flights lists its members in no
 * order; credited so, every chunk writes pages all over the member, ledger, lot, activity and segment indexes
 * (keyed by memberid), and a chunk of members in order writes a run of neighbouring pages of each (bench:batch,
 * 1,000,000 members: see docs/benchmarks.md). The job looks every member up again when it credits a row; the order only
 * decides which rows share a chunk. Returns the rows in that order.
 */
async function placeInMemberOrder(db: Db, rows: StoredRow[]): Promise<StoredRow[]> {
  const cards = [...new Set(rows.flatMap((r) => (r.card ? [r.card] : [])))];
  const memberOf = new Map<string, string>();
  const sqlite = isSqlite(db);
  for (let from = 0; from < cards.length; from += UPLOAD_SLICE_ROWS) {
    const data = JSON.stringify(cards.slice(from, from + UPLOAD_SLICE_ROWS));
    const found = sqlite
      ? await sql<{ cardnumber: string; memberid: string }>`select cardnumber, memberid from member_card where cardnumber in (select value from json_each(${data}))`.execute(db)
      : await sql<{ cardnumber: string; memberid: string }>`select cardnumber, memberid from member_card where cardnumber = any(array(select json_array_elements_text(${data}::json)))`.execute(db);
    for (const r of found.rows) memberOf.set(r.cardnumber, r.memberid);
    await nextTurn();
  }
  // Grouped by member in the file's order, then only the members sorted: no sort of the whole file in one go.
  const byMember = new Map<string, StoredRow[]>();
  const unknown: StoredRow[] = [];
  for (const row of rows) {
    const member = row.card ? memberOf.get(row.card) : undefined;
    if (member === undefined) unknown.push(row);
    else if (byMember.has(member)) byMember.get(member)!.push(row);
    else byMember.set(member, [row]);
  }
  const ordered = [...[...byMember.keys()].sort().flatMap((member) => byMember.get(member)!), ...unknown];
  ordered.forEach((row, i) => (row.seq = i + 1));
  return ordered;
}

export interface UploadedFile {
  fileid: string;
  filename: string;
  filetype: ActivityType;
  totalrows: number;
  badrows: number;
}

/**
 * Stores an uploaded file after checking every row: refused as a whole (FileRefusal, nothing written) when
 * it is not a CSV of activity, has no rows or a row of the wrong width; else every row is kept with its
 * posted activity or its problem, and the file is VALIDATED. Read, checked and stored in slices of
 * UPLOAD_SLICE_ROWS with a turn of the event loop between them, so other calls keep being answered meanwhile:
 * the rows are stored first, a statement a slice, and the file's own row last, so the file appears whole or not
 * at all (a failure meanwhile removes the rows already stored).
 */
export async function uploadActivityFile(db: Db, catalogue: Catalogue, { filename, content, user, now }: { filename: string; content: string; user: string; now: Date }): Promise<UploadedFile> {
  const file = filename.split(/[\\/]/).pop()!.trim();
  const records = isCsvFileName(file) ? await readCsvInSlices(content) : undefined;
  if (!records || records.length === 0) throw new FileRefusal([{ row: 1, message: 'Please upload correct file' }]);
  const [header, ...lines] = records as [string[], ...string[][]];
  const checker = checkerOf(catalogue);
  const { type, fields } = readHeader(header, checker.labels);
  if (lines.length === 0) throw new FileRefusal([{ row: 1, message: say(FILE_TEXTS.noRows, { file }) }]);
  const widths = lines.flatMap((cells, i) => (cells.length === header.length ? [] : [{ row: i + 2, message: say(FILE_TEXTS.width, { cells: cells.length, header: header.length }) }]));
  if (widths.length > 0) throw new FileRefusal(widths);
  const today = isoDay(now);
  const { references } = await ruleBook(db, catalogue);
  const resolved = fields.map((f) => checker.field(f)!);
  const rows: StoredRow[] = [];
  let bad = 0;
  const turns = turnsEvery();
  for (const [i, cells] of lines.entries()) {
    if (turns.due()) await turns.next();
    const values: Row = { activitytype: type };
    let problem: string | undefined;
    resolved.forEach((field, c) => {
      const read = cellValue(field, cells[c]!);
      if ('message' in read) problem ??= read.message;
      else values[field.name] = read.value;
    });
    const checked = problem ? { problem } : checker.check(values, today, references);
    if ('problem' in checked) bad += 1;
    rows.push({ rowno: i + 2, seq: 0, card: 'activity' in checked ? (checked.activity.cardnumber ?? undefined) : undefined, activity: 'activity' in checked ? JSON.stringify(checked.activity) : null, problem: 'problem' in checked ? checked.problem.slice(0, 500) : null });
  }
  // Kept in the order the job reads them, so its chunks read neighbouring pages.
  const stored = await placeInMemberOrder(db, rows);
  const fileid = generateKey(now);
  const model = models(catalogue, [FILE_RESOURCE]).get(FILE_RESOURCE)!;
  try {
    // Rows of a file with no row of its own yet are read by nothing (the list, processing and results start from the file).
    for (let from = 0; from < stored.length; from += UPLOAD_SLICE_ROWS) {
      await insertJsonRows(db, 'activity_file_row', stored.slice(from, from + UPLOAD_SLICE_ROWS).map(({ rowno, seq, activity, problem }) => ({ fileid, rowno, seq, activity, problem })));
      await nextTurn();
    }
    await insertJsonRows(db, model.table, [
      rowOf(model, { fileid, filename: file, filetype: type, totalrows: lines.length, badrows: bad, creditedrows: 0, parkedrows: 0, refusedrows: 0, processedrows: 0, percentage: 0, status: FILE_STATUS.VALIDATED, uploadedby: user, uploadeddate: now.toISOString() }, user, now),
    ]);
  } catch (error) {
    await definitionDb(db).deleteFrom('activity_file_row').where('fileid', '=', fileid).execute().catch(() => undefined);
    throw error;
  }
  return { fileid, filename: file, filetype: type, totalrows: lines.length, badrows: bad };
}

// ---- processing ------------------------------------------------------------------------------------------

interface FileRow {
  rowno: number;
  /** The row's place in the processing order (placeInMemberOrder). */
  seq: number;
  activity: PostedActivity | null;
  problem: string | null;
}

interface RowResult {
  rowno: number;
  status: keyof typeof ROW_STATUS;
  awardmiles: number;
  tiermiles: number;
  segments: number;
  reason: string | null;
}

async function fileRecord(db: Db, catalogue: Catalogue, fileid: string): Promise<Row | undefined> {
  const model = models(catalogue, [FILE_RESOURCE]).get(FILE_RESOURCE)!;
  return (await definitionDb(db).selectFrom(model.table).selectAll().where('fileid', '=', fileid).executeTakeFirst()) as Row | undefined;
}

/** The next rows in processing order: the `limit` rows after place `after`. */
async function readChunk(db: Db, fileid: string, after: number, limit: number): Promise<FileRow[]> {
  const rows = (await definitionDb(db).selectFrom('activity_file_row').select(['rowno', 'seq', 'activity', 'problem']).where('fileid', '=', fileid).where('seq', '>', after).orderBy('seq').limit(limit).execute()) as { rowno: number; seq: number; activity: string | null; problem: string | null }[];
  return rows.map((r) => ({ rowno: Number(r.rowno), seq: Number(r.seq), activity: r.activity ? (JSON.parse(r.activity) as PostedActivity) : null, problem: r.problem }));
}

const refused = (rowno: number, reason: string): RowResult => ({ rowno, status: 'REFUSED', awardmiles: 0, tiermiles: 0, segments: 0, reason: reason.slice(0, 500) });

/** A chunk's rated rows: the rows with an activity rated as a batch (accrualBatch.ts); a bad row is only refused. */
interface RatedChunk {
  rows: FileRow[];
  /** The rated activity of each row that has one, by row number. */
  rated: Map<number, RatedItem>;
}

/** Rates a chunk's rows as posts rate them, writing nothing; a segment credited before, or earlier in the chunk, is rejected. */
async function rateChunk(trx: Db, w: WriteContext, rows: FileRow[]): Promise<RatedChunk> {
  // The job's time and the row's place: unique within the file, and in the order written, as generated keys are.
  const stampOf = generateKey(w.now).slice(0, 17);
  const good = rows.filter((r) => r.activity);
  const rated = await rateBatch(trx, w, good.map((r) => ({ activity: r.activity!, id: `${stampOf}${r.seq.toString(36).toUpperCase().padStart(6, '0')}` })), 'reject');
  return { rows, rated: new Map(good.map((r, i) => [r.rowno, rated[i]!])) };
}

/** A row's result from its outcome. */
function rowResult(rowno: number, outcome: BatchOutcome): RowResult {
  if ('refusal' in outcome) return refused(rowno, outcome.refusal.message);
  const { status, result } = outcome.posted;
  if (status === 'CREDITED') return { rowno, status: 'CREDITED', awardmiles: result.awardmiles, tiermiles: result.tiermiles, segments: result.segments, reason: null };
  if (status === 'PARKED') return { rowno, status: 'PARKED', awardmiles: 0, tiermiles: 0, segments: 0, reason: result.reason ?? null };
  return refused(rowno, result.reason ?? result.outcome);
}

/** Writes a chunk's rated rows and their results in the caller's transaction; returns each row's result. */
async function writeChunk(trx: Db, w: WriteContext, fileid: string, { rows, rated }: RatedChunk): Promise<RowResult[]> {
  const good = rows.filter((r) => rated.has(r.rowno));
  const outcomes = await writeBatch(trx, w, good.map((r) => rated.get(r.rowno)!), 'FILE', 'reject');
  const byRow = new Map(good.map((r, i) => [r.rowno, outcomes[i]!]));
  const results = rows.map((r) => (byRow.has(r.rowno) ? rowResult(r.rowno, byRow.get(r.rowno)!) : refused(r.rowno, r.problem ?? 'Bad row')));
  await insertJsonRows(trx, 'activity_file_result', results.map((r) => ({ fileid, ...r })));
  return results;
}

export interface ProcessOutcome {
  status: 'DONE' | 'FAILED';
  creditedrows: number;
  parkedrows: number;
  refusedrows: number;
}

/** Marks a file PROCESSING in the mode chosen (only a VALIDATED file); the job (activityFileJobs.ts) does the work. */
export async function startProcessing(db: Db, catalogue: Catalogue, fileid: string, mode: FileMode, user: string, now: Date): Promise<Row> {
  const model = models(catalogue, [FILE_RESOURCE]).get(FILE_RESOURCE)!;
  const file = await fileRecord(db, catalogue, fileid);
  if (!file) throw new ApiError(CODES.VALIDATION, `No activity file ${fileid}`, 200, { fileid: `No activity file ${fileid}` });
  const moved = await definitionDb(db)
    .updateTable(model.table)
    .set({ status: FILE_STATUS.PROCESSING, mode, updatedby: user, updateddate: now.toISOString() })
    .where('fileid', '=', fileid)
    .where('status', '=', FILE_STATUS.VALIDATED)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) {
    const message = say(FILE_TEXTS.notReady, { status: String(file.status) });
    throw new ApiError(CODES.VALIDATION, message, 200, { status: message });
  }
  return { ...file, status: FILE_STATUS.PROCESSING, mode };
}

/**
 * Processes a PROCESSING file from where it stopped (the rows placed after processedrows, in member order): chunk by chunk, each in
 * one transaction with its results and the file's counts. `progress` hears the percentage after each chunk.
 */
export async function processActivityFile(db: Db, w: WriteContext, fileid: string, progress: (percentage: number) => Promise<void> = async () => {}, chunkRows = CHUNK_ROWS): Promise<ProcessOutcome> {
  return withPageCache(db, FILE_CACHE_MB, () => processFile(db, w, fileid, progress, chunkRows));
}

async function processFile(db: Db, w: WriteContext, fileid: string, progress: (percentage: number) => Promise<void>, chunkRows: number): Promise<ProcessOutcome> {
  const model = models(w.catalogue, [FILE_RESOURCE]).get(FILE_RESOURCE)!;
  const file = await fileRecord(db, w.catalogue, fileid);
  if (!file) throw new Error(`no activity file ${fileid}`);
  const counts = { creditedrows: Number(file.creditedrows ?? 0), parkedrows: Number(file.parkedrows ?? 0), refusedrows: Number(file.refusedrows ?? 0) };
  if (file.status !== FILE_STATUS.PROCESSING) return { status: file.status === FILE_STATUS.FAILED ? 'FAILED' : 'DONE', ...counts };
  const total = Number(file.totalrows);
  // The place (seq) of the last row processed: the rows up to it are done.
  let after = Number(file.processedrows ?? 0);

  if (file.mode === FILE_MODES.ALL && after === 0) {
    // All or nothing: every row rated first (nothing written); any row not creditable fails the file.
    let bad = 0;
    const badRows: RowResult[] = [];
    for (let from = 0; ; ) {
      const rows = await readChunk(db, fileid, from, chunkRows);
      if (rows.length === 0) break;
      const { rated } = await db.transaction().execute((trx) => rateChunk(trx, w, rows));
      for (const r of rows) {
        const result = rated.get(r.rowno)?.result;
        if (!r.activity) badRows.push(refused(r.rowno, r.problem ?? 'Bad row'));
        else if (result && result.outcome !== 'CREDIT') badRows.push(refused(r.rowno, result.reason ?? result.outcome));
      }
      bad = badRows.length;
      from = rows[rows.length - 1]!.seq;
      await progress(Math.min(49, Math.floor((from / (total + 1)) * 50)));
    }
    if (bad > 0) {
      const others = say(FILE_TEXTS.allOrNothing, { bad });
      await db.transaction().execute(async (trx) => {
        const failed = new Map(badRows.map((r) => [r.rowno, r]));
        for (let from = 0; ; ) {
          const rows = await readChunk(trx, fileid, from, STORE_ROWS);
          if (rows.length === 0) break;
          await insertJsonRows(trx, 'activity_file_result', rows.map((r) => ({ fileid, ...(failed.get(r.rowno) ?? refused(r.rowno, others)) })), ['fileid', 'rowno']);
          from = rows[rows.length - 1]!.seq;
        }
        await definitionDb(trx)
          .updateTable(model.table)
          .set({ status: FILE_STATUS.FAILED, refusedrows: total, percentage: 100, message: others, updateddate: w.now.toISOString() })
          .where('fileid', '=', fileid)
          .execute();
      });
      return { status: 'FAILED', creditedrows: 0, parkedrows: 0, refusedrows: total };
    }
  }

  const base = file.mode === FILE_MODES.ALL ? 50 : 0;
  for (;;) {
    const rows = await readChunk(db, fileid, after, chunkRows);
    if (rows.length === 0) break;
    const last = rows[rows.length - 1]!.seq;
    const done = await db.transaction().execute(async (trx) => {
      // The marker is read again under the transaction: a second runner of the same file finds the chunk done.
      const marker = (await definitionDb(trx).selectFrom(model.table).select('processedrows').where('fileid', '=', fileid).executeTakeFirst()) as { processedrows: number } | undefined;
      if (Number(marker?.processedrows ?? 0) >= last) return undefined;
      // The chunk's thousands of rows reach the dashboard's rollups a statement at a time.
      await countRollupsPerStatement(trx);
      const ratedRows = await rateChunk(trx, w, rows);
      const results = await writeChunk(trx, w, fileid, ratedRows);
      const add = (status: string) => results.filter((r) => r.status === status).length;
      const next = { creditedrows: counts.creditedrows + add('CREDITED'), parkedrows: counts.parkedrows + add('PARKED'), refusedrows: counts.refusedrows + add('REFUSED') };
      const percentage = Math.min(99, base + Math.floor((last / total) * (100 - base)));
      await definitionDb(trx)
        .updateTable(model.table)
        .set({ ...next, processedrows: last, percentage, updateddate: w.now.toISOString() })
        .where('fileid', '=', fileid)
        .execute();
      return { next, percentage };
    });
    if (done) {
      Object.assign(counts, done.next);
      await progress(done.percentage);
    } else {
      const again = await fileRecord(db, w.catalogue, fileid);
      Object.assign(counts, { creditedrows: Number(again!.creditedrows), parkedrows: Number(again!.parkedrows), refusedrows: Number(again!.refusedrows) });
    }
    after = last;
  }
  await definitionDb(db).updateTable(model.table).set({ status: FILE_STATUS.DONE, percentage: 100, updateddate: w.now.toISOString() }).where('fileid', '=', fileid).where('status', '=', FILE_STATUS.PROCESSING).execute();
  return { status: 'DONE', ...counts };
}

/** The per-row result file: one line per row processed, in row order. */
export async function resultCsv(db: Db, fileid: string): Promise<string> {
  const rows = (await definitionDb(db).selectFrom('activity_file_result').select(['rowno', 'status', 'awardmiles', 'tiermiles', 'segments', 'reason']).where('fileid', '=', fileid).orderBy('rowno').execute()) as Row[];
  return `${[csvLine(RESULT_HEADER), ...rows.map((r) => csvLine([String(r.rowno), String(r.status), String(Number(r.awardmiles)), String(Number(r.tiermiles)), String(Number(r.segments)), String(r.reason ?? '')]))].join('\r\n')}\r\n`;
}
