// Bulk files and bulk row actions of the generic resource API. /api/<resource>/upload takes a
// CSV file (as text in the envelope, under its own body limit UPLOAD_LIMIT_BYTES): every row is checked
// with the create form's rules, types, references and keys before anything is written; a file with any bad
// row changes nothing and answers a per-row error report (CSV: row, field, message); a good file is inserted
// in one transaction, in batches. /api/<resource>/bulk-<action> runs activate, deactivate, delete or a
// custom `set` action on many keys in one transaction: all or nothing, one user log row per record.
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { CODES, MESSAGES } from '../../../engine/api/responseCodes';
import { keyData } from './resourceReference';
import {
  MAX_BULK_KEYS,
  MAX_REPORTED_ERRORS,
  MAX_UPLOAD_ROWS,
  UPLOAD_ACTION,
  UPLOAD_TEXTS,
  bulkActions as screenBulkActions,
  bulkPath,
  cellValue,
  errorReportCsv,
  errorReportName,
  isCsvFileName,
  isDomainBulk,
  parseCsv,
  uploadColumns,
  uploadFields,
  uploadText,
  type UploadError,
} from '../../../engine/definition/bulk';
import { STATUS_ACTIVE, STATUS_INACTIVE, actionFunctionCode, hasAction, isCustomAction, resourceModel, validateFormFields, type ResolvedField, type ResourceModel } from '../../../engine/definition/compile';
import type { CustomAction, ScreenDefinition } from '../../../engine/definition/screen';
import { defineAction, type Action, type ActionContext } from '../core/action';
import { ApiError } from '../core/apiError';
import { objectOf, text } from '../core/envelopeSchema';
import type { ServerConfig } from '../core/config';
import { isSqlite } from '../db/columnTypes';
import { LEGENDS, writeUserLog } from '../userlog/userLog';
import { tableShape } from './schemaSync';
import { checkColumnFit, checkedKey } from './fieldValues';
import { fileOverlaps } from './overlapCheck';
import { overlapFieldNames } from '../../../engine/definition/overlap';
import { recordKey, toDb, type Row } from './records';
import { RESULT_MESSAGES, changeRecord, core, deleteRecord, parentFilterValue, type Target } from './resourceActions';
import type { ResourceServices } from './resourceServices';
import { isUniqueViolation } from '../db/dbErrors';
import { definitionDb } from '../db/definitionDb';

/** What an upload of new records answers (a hook's upload says its own: hooks.ts uploadResult). */
const UPLOADED = { type: 'object', required: ['filename', 'created'], properties: { filename: { type: 'string' }, created: { type: 'integer', minimum: 1 } } };
const COUNTED = { type: 'object', required: ['count'], properties: { count: { type: 'integer', minimum: 0 } } };
const UPLOAD_DATA = objectOf({ filename: text(255, 1), content: { type: 'string' } }, { closed: true });

const BULK_DATA = {
  type: 'object',
  additionalProperties: false,
  required: ['keys'],
  properties: { keys: { type: 'array', minItems: 1, maxItems: MAX_BULK_KEYS, items: { type: 'object', maxProperties: 20 } } },
};

/** Values per IN list and per batched insert: well under SQLite's 32,766 and PostgreSQL's 65,535 parameters. */
const IN_CHUNK = 1000;
const INSERT_PARAMETERS = 20_000;
const MAX_INSERT_ROWS = 1000;

// not in spec: the product's own texts for a bad file and a bulk change that stopped.
const BAD_FILE = '{file}: {errors} in {rows}, nothing was uploaded. Download the error report to see each one.';
const NOTHING_CHANGED = 'Nothing was changed: {message}';

const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;

export function bulkResourceActions(services: ResourceServices, config: Pick<ServerConfig, 'uploadLimitBytes'>): Action[] {
  return services.catalogue.screens.flatMap((screen) => {
    const model = resourceModel(screen);
    const target: Target = { screen, model, hooks: services.hooks?.[model.name] ?? {} };
    return [
      ...(hasAction(screen, UPLOAD_ACTION) ? [uploadAction(target, services, config.uploadLimitBytes)] : []),
      ...screenBulkActions(screen)
        .filter(({ action }) => !isDomainBulk(action))
        .map(({ name, action }) => bulkAction(target, services, name, action)),
    ];
  });
}

// ---- upload ------------------------------------------------------------------------------------

/** One data row of the file on its way to the table: its spreadsheet row and its values. */
interface FileRow {
  row: number;
  data: Row;
  /** Fields that already have a message (the rules do not repeat it). */
  failed: Set<string>;
}

function uploadAction(target: Target, services: ResourceServices, bodyLimit: number): Action {
  const { screen, model } = target;
  return defineAction({
    path: `/api/${model.name}/${UPLOAD_ACTION}`,
    guard: { function: actionFunctionCode(screen, UPLOAD_ACTION) },
    data: UPLOAD_DATA,
    bodyLimit,
    reference: {
      summary: `${screen.title}: upload a CSV file, every row checked before any is written (a bad file answers 1002 with an error report)`,
      result: target.hooks.uploadResult ?? UPLOADED,
      codes: [CODES.VALIDATION],
    },
    handler: async (ctx) => {
      const { filename, content } = ctx.parameter.data as { filename: string; content: string };
      if (target.hooks.upload) return target.hooks.upload(ctx, { filename, content });
      const file = filename.split(/[\\/]/).pop()!.trim();
      const records = isCsvFileName(file) ? parseCsv(content) : undefined;
      if (!records || records.length === 0) throw new ApiError(CODES.VALIDATION, UPLOAD_TEXTS.wrongFile);
      const [header, ...lines] = records as [string[], ...string[][]];
      if (lines.length === 0) throw new ApiError(CODES.VALIDATION, `${file} has no rows under its header: nothing was uploaded`);
      if (lines.length > MAX_UPLOAD_ROWS) {
        throw new ApiError(CODES.VALIDATION, `${file} has ${plural(lines.length, 'row')}: one file takes at most ${MAX_UPLOAD_ROWS.toLocaleString('en-US')}`);
      }
      const db = definitionDb(ctx.db);
      const errors: UploadError[] = [];
      const { columns, problems } = uploadColumns(screen, header);
      if (problems.length > 0) return failure(file, problems.map((message) => ({ row: 1, field: '', message })), 0);

      // Each phase's time goes to the log (scripts/bench-upload.ts reads it).
      const ms: Record<string, number> = {};
      let mark = performance.now();
      const lap = (phase: string) => {
        const at = performance.now();
        ms[phase] = Math.round(at - mark);
        mark = at;
      };
      const rows = readRows(header, lines, columns, errors);
      lap('read');
      await resolveReferences(db, services, screen, rows, errors);
      lap('references');
      checkRows(screen, rows, errors);
      lap('rules');
      await checkKeys(db, model, rows, errors);
      lap('keys');
      await checkOverlaps(db, screen, model, rows, errors);
      await checkDomain(ctx, target, rows, errors);
      await checkScope(ctx, db, target, rows, errors);
      if (errors.length > 0) {
        ctx.log.info({ upload: { resource: model.name, rows: rows.length, errors: errors.length, ms } }, 'upload refused');
        return failure(file, errors, new Set(errors.map((e) => e.row)).size);
      }
      const created = await insertRows(ctx, db, target, rows.map((r) => r.data), file);
      lap('insert');
      ctx.log.info({ upload: { resource: model.name, rows: created, ms } }, 'upload written');
      services.counts.invalidate(model.name);
      ctx.mail.deliverSoon();
      return { message: uploadText('uploaded', file), result: { filename: file, created } };
    },
  });
}

/** A bad file: nothing written; the answer counts the problems and carries the report (its first MAX_REPORTED_ERRORS). */
function failure(file: string, errors: UploadError[], badRows: number) {
  const sorted = [...errors].sort((a, b) => a.row - b.row);
  const message = BAD_FILE.replace('{file}', file)
    .replace('{errors}', plural(errors.length, 'error'))
    .replace('{rows}', badRows === 0 ? 'its header' : plural(badRows, 'row'));
  return {
    code: CODES.VALIDATION,
    message,
    result: {
      filename: file,
      errors: errors.length,
      rows: badRows,
      report: { filename: errorReportName(file), mimetype: 'text/csv', content: errorReportCsv(sorted.slice(0, MAX_REPORTED_ERRORS)) },
    },
  };
}

/** Cells -> typed values of the columns' fields; a row of the wrong width or a cell of the wrong type is reported. */
function readRows(header: string[], lines: string[][], columns: (ResolvedField | undefined)[], errors: UploadError[]): FileRow[] {
  const rows: FileRow[] = [];
  lines.forEach((cells, i) => {
    const row = i + 2;
    if (cells.length !== header.length) {
      errors.push({ row, field: '', message: `The row has ${plural(cells.length, 'cell')}; the header has ${header.length}` });
      return;
    }
    const fileRow: FileRow = { row, data: {}, failed: new Set() };
    columns.forEach((field, c) => {
      if (!field) return;
      // A reference stays text until resolveReferences finds its record by code or by label.
      const read = field.source ? { value: cells[c]!.trim() === '' ? (field.type === 'list' ? [] : null) : field.type === 'list' ? cells[c]!.split(',').map((v) => v.trim()) : cells[c]!.trim() } : cellValue(field, cells[c]!);
      if ('message' in read) {
        errors.push({ row, field: field.label, message: read.message });
        fileRow.failed.add(field.name);
      } else fileRow.data[field.name] = read.value;
    });
    rows.push(fileRow);
  });
  return rows;
}

const chunks = <T>(items: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** A reference's match: the record's value, and its parent's value for a cascading reference. */
interface Match {
  value: unknown;
  parent: unknown;
}

const addMatch = (map: Map<string, Match[]>, name: string, match: Match) => map.set(name, [...(map.get(name) ?? []), match]);

/**
 * Reference cells name their record by its code or by its label (as the Download writes it), read in
 * batches; a cascading reference must belong to its parent's value (a state of the row's country). Parents
 * are resolved before the fields that depend on them. The same messages as a create's reference check.
 */
async function resolveReferences(db: Kysely<any>, services: ResourceServices, screen: ScreenDefinition, rows: FileRow[], errors: UploadError[]) {
  const fields = uploadFields(screen)
    .map((f) => f.field)
    .filter((f) => f.source)
    .sort((a, b) => Number(!!a.source!.dependsOn) - Number(!!b.source!.dependsOn));
  for (const field of fields) {
    const selector = services.catalogue.selectors[field.source!.selector];
    const targetScreen = selector && services.catalogue.screenByResource.get(selector.resource);
    if (!selector || !targetScreen || selector.composite) continue;
    const targetModel = resourceModel(targetScreen);
    const valueType = targetModel.fields.find((f) => f.name === selector.value)?.type;
    const parent = field.source!.dependsOn;
    const parentLabel = screen.fields.find((f) => f.name === parent?.field)?.label ?? parent?.field;
    const columns = [...new Set([selector.value, selector.label, ...(parent ? [parent.filter] : [])])];
    const pending = rows.filter((r) => !r.failed.has(field.name) && r.data[field.name] !== null && r.data[field.name] !== undefined);
    const cells = new Set(pending.flatMap((r) => (Array.isArray(r.data[field.name]) ? (r.data[field.name] as string[]) : [r.data[field.name] as string])));
    const matchOf = (row: Row): Match => ({ value: row[selector.value], parent: parent ? row[parent.filter] : undefined });

    // By code first (a numeric code column is asked only numbers), then the rest by label.
    const byValue = new Map<string, Match[]>();
    const codes: unknown[] = valueType === 'integer' || valueType === 'number' ? [...cells].filter((c) => /^-?\d+(\.\d+)?$/.test(c)).map(Number) : [...cells];
    for (const part of chunks(codes, IN_CHUNK)) {
      for (const row of (await db.selectFrom(targetModel.table).select(columns).where(selector.value, 'in', part).execute()) as Row[]) addMatch(byValue, String(row[selector.value]), matchOf(row));
    }
    const byLabel = new Map<string, Match[]>();
    for (const part of chunks([...cells].filter((c) => !byValue.has(c)), IN_CHUNK)) {
      for (const row of (await db.selectFrom(targetModel.table).select(columns).where(selector.label, 'in', part).execute()) as Row[]) addMatch(byLabel, String(row[selector.label]), matchOf(row));
    }

    // A parent looked up `through` its record filters by that record's field (the airline of the chosen rule), once per parent value.
    const throughValues = new Map<unknown, unknown>();
    const model = resourceModel(screen);
    for (const fileRow of pending) {
      let parentValue = parent && !fileRow.failed.has(parent.field) ? fileRow.data[parent.field] : undefined;
      if (parent?.through && parentValue !== null && parentValue !== undefined) {
        if (!throughValues.has(parentValue)) throughValues.set(parentValue, await parentFilterValue(db, services, model, parent, fileRow.data));
        parentValue = throughValues.get(parentValue);
      }
      const resolve = (text: string): { value: unknown } | { message: string } => {
        let matches = byValue.get(text) ?? byLabel.get(text) ?? [];
        if (matches.length === 0) return { message: `${field.label} "${text}" does not exist` };
        if (parent && parentValue !== null && parentValue !== undefined) {
          matches = matches.filter((m) => String(m.parent) === String(parentValue));
          if (matches.length === 0) return { message: `${field.label} "${text}" does not belong to the chosen ${parentLabel}` };
        }
        const values = new Set(matches.map((m) => m.value));
        if (values.size > 1) return { message: `${field.label} "${text}" names ${values.size} records: write its code instead` };
        return { value: matches[0]!.value };
      };
      const cell = fileRow.data[field.name];
      const answers = (Array.isArray(cell) ? (cell as string[]) : [cell as string]).map(resolve);
      const wrong = answers.find((a): a is { message: string } => 'message' in a);
      if (wrong) {
        errors.push({ row: fileRow.row, field: field.label, message: wrong.message });
        fileRow.failed.add(field.name);
      } else {
        const values = answers.map((a) => (a as { value: unknown }).value);
        fileRow.data[field.name] = Array.isArray(cell) ? values : values[0];
      }
    }
  }
}

/** The create form's rules on every row, and each text's column size. */
function checkRows(screen: ScreenDefinition, rows: FileRow[], errors: UploadError[]) {
  const fields = uploadFields(screen);
  for (const fileRow of rows) {
    const messages = validateFormFields(fields, fileRow.data);
    for (const { field } of fields) {
      if (fileRow.failed.has(field.name)) continue;
      let message = messages[field.name];
      if (!message) {
        try {
          checkColumnFit(field, toDb(field, fileRow.data[field.name]));
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          message = error.message;
        }
      }
      if (message) {
        errors.push({ row: fileRow.row, field: field.label, message });
        fileRow.failed.add(field.name);
      }
    }
  }
}

/** Keys are unique within the file and new to the table (an upload only creates: it never overwrites a record). */
async function checkKeys(db: Kysely<any>, model: ResourceModel, rows: FileRow[], errors: UploadError[]) {
  const keyField = model.fields.find((f) => f.name === model.key[model.key.length - 1])!;
  const complete = rows.filter((r) => model.key.every((k) => !r.failed.has(k) && r.data[k] !== null && r.data[k] !== undefined));
  const firstRow = new Map<string, number>();
  const unique: FileRow[] = [];
  for (const fileRow of complete) {
    const key = recordKey(model, fileRow.data);
    const first = firstRow.get(key);
    if (first !== undefined) errors.push({ row: fileRow.row, field: keyField.label, message: `${keyField.label} "${key}" is repeated (also row ${first})` });
    else {
      firstRow.set(key, fileRow.row);
      unique.push(fileRow);
    }
  }
  const existing = new Set<string>();
  const [only] = model.key;
  // PostgreSQL: the keys as one array parameter joined to the table. (A list of thousands of parameters
  // plans slowly next to trigram indexes; "= any(array)" under a reused generic plan scans the table.)
  const arrayType = model.key.length === 1 && !isSqlite(db) ? columnArrayType(model, only!) : undefined;
  for (const part of chunks(unique, model.key.length > 1 ? 200 : arrayType ? KEY_ARRAY_CHUNK : IN_CHUNK)) {
    let rows: Row[];
    if (arrayType) {
      const keys = part.map((r) => toDb(keyField, r.data[only!]));
      rows = (await sql<Row>`select t.${sql.ref(only!)} from ${sql.table(model.table)} t join unnest(${keys}::${sql.raw(arrayType)}[]) as k(v) on t.${sql.ref(only!)} = k.v`.execute(db)).rows;
    } else if (model.key.length === 1) {
      rows = (await db.selectFrom(model.table).select(model.key).where(only!, 'in', part.map((r) => toDb(keyField, r.data[only!]))).execute()) as Row[];
    } else {
      rows = (await db.selectFrom(model.table).select(model.key).where((eb) => eb.or(part.map((r) => eb.and(model.key.map((k) => eb(k, '=', r.data[k])))))).execute()) as Row[];
    }
    for (const row of rows) existing.add(recordKey(model, row));
  }
  for (const fileRow of unique) {
    const key = recordKey(model, fileRow.data);
    if (existing.has(key)) errors.push({ row: fileRow.row, field: keyField.label, message: `${keyField.label} "${key}" already exists` });
  }
}

/** A screen's `noOverlap`: rows that overlap a stored record or an earlier row of the file (engine/definition/overlap.ts). */
async function checkOverlaps(db: Kysely<any>, screen: ScreenDefinition, model: ResourceModel, rows: FileRow[], errors: UploadError[]) {
  const rule = screen.noOverlap;
  if (!rule) return;
  const names = overlapFieldNames(rule);
  const checked = rows.filter((r) => names.every((name) => !r.failed.has(name)));
  const stored = (data: Row) => Object.fromEntries(model.fields.map((f) => [f.name, toDb(f, f.name in data ? data[f.name] : f.default)]));
  const found = await fileOverlaps(db, screen, model, checked.map((r) => ({ row: r.row, values: stored(r.data) })));
  const label = screen.fields.find((f) => f.name === rule.ranges[0]!.from)?.label ?? rule.ranges[0]!.from;
  for (const [row, { message }] of found) errors.push({ row, field: label, message });
}

/** The resource's own check of the rows still good (hooks.checkUpload), with the messages on their fields' labels. */
async function checkDomain(ctx: ActionContext, { screen, hooks }: Target, rows: FileRow[], errors: UploadError[]) {
  if (!hooks.checkUpload) return;
  const good = rows.filter((r) => r.failed.size === 0 && !errors.some((e) => e.row === r.row));
  if (good.length === 0) return;
  for (const problem of await hooks.checkUpload(ctx.db, good.map((r) => r.data))) {
    const fileRow = good[problem.index]!;
    errors.push({ row: fileRow.row, field: screen.fields.find((f) => f.name === problem.field)?.label ?? problem.field, message: problem.message });
  }
}

/** A scoped caller's file creates only rows of their own scope (server/platform/resources/rowScope.ts). */
async function checkScope(ctx: ActionContext, db: Kysely<any>, { screen, model }: Target, rows: FileRow[], errors: UploadError[]) {
  if (!ctx.scope.limited || !model.scope) return;
  for (const fileRow of rows) {
    const name = await ctx.scope.outside(db, model, fileRow.data);
    if (name === undefined) continue;
    const label = screen.fields.find((f) => f.name === name)?.label ?? name;
    errors.push({ row: fileRow.row, field: label, message: `${label} "${String(fileRow.data[name])}" is outside your scope` });
  }
}

/** Every row in one transaction, in batched inserts; one user log row names the file and how many it created. */
async function insertRows(ctx: ActionContext, db: Kysely<any>, { screen, model, hooks }: Target, data: Row[], file: string): Promise<number> {
  const at = ctx.now().toISOString();
  const user = ctx.user!.username;
  const columnRows: Row[] = [];
  for (const values of data) {
    const row: Row = {};
    for (const field of model.fields) {
      const value = field.name in values ? values[field.name] : field.default;
      row[field.name] = value === undefined ? null : toDb(field, value);
    }
    if (model.status && !row[model.status]) row[model.status] = STATUS_ACTIVE;
    Object.assign(row, await hooks.createColumns?.(ctx), { createdby: user, createddate: at, updatedby: user, updateddate: at });
    columnRows.push(row);
  }
  const width = Object.keys(columnRows[0] ?? {}).length || 1;
  const batch = Math.max(1, Math.min(MAX_INSERT_ROWS, Math.floor(INSERT_PARAMETERS / width)));
  try {
    await db.transaction().execute(async (trx) => {
      const byArrays = !isSqlite(db) && columnRows.length > 0 && (await insertByArrays(trx, model, columnRows));
      if (!byArrays) for (const part of chunks(columnRows, batch)) await trx.insertInto(model.table).values(part).execute();
      if (hooks.afterCreate) for (const row of columnRows) await hooks.afterCreate(ctx, core(trx), row);
      await writeUserLog(trx as never, { username: user, module: screen.menucode, legend: LEGENDS.UPLOAD, recordkey: file, after: { filename: file, created: columnRows.length }, ip: ctx.ip }, ctx.now());
    });
  } catch (error) {
    // Checked a moment ago; a key written meanwhile by someone else still refuses the whole file.
    if (isUniqueViolation(error)) throw new ApiError(CODES.DUPLICATE, `A record of ${file} was created meanwhile by someone else: nothing was uploaded, please upload it again`);
    throw error;
  }
  return columnRows.length;
}

/** Keys per PostgreSQL array look-up. */
const KEY_ARRAY_CHUNK = 10_000;

/** A column's PostgreSQL element type for an array parameter (varchar(n) -> text, numeric(p,s) -> numeric). */
function columnArrayType(model: ResourceModel, column: string): string | undefined {
  return tableShape(model).find((c) => c.name === column)?.type.replace(/^varchar\(\d+\)$/, 'text').replace(/\(.*\)$/, '');
}

/** Rows per PostgreSQL array insert: one statement of a few parameters however many rows it carries. */
const ARRAY_INSERT_ROWS = 10_000;

/**
 * PostgreSQL: INSERT ... SELECT FROM unnest(one array per column), which parses and plans once per 10,000
 * rows instead of binding thousands of parameters per statement. False when a column is not one of the
 * table's declared shape (a hook's extra column): the caller then inserts the rows in batches.
 */
async function insertByArrays(trx: Kysely<any>, model: ResourceModel, rows: Row[]): Promise<boolean> {
  const columns = Object.keys(rows[0]!);
  const types = columns.map((c) => columnArrayType(model, c));
  if (types.some((t) => t === undefined)) return false;
  for (const part of chunks(rows, ARRAY_INSERT_ROWS)) {
    const arrays = columns.map((c, i) => sql`${part.map((row) => row[c] ?? null)}::${sql.raw(types[i]!)}[]`);
    await sql`insert into ${sql.table(model.table)} (${sql.join(columns.map((c) => sql.ref(c)))}) select * from unnest(${sql.join(arrays)})`.execute(trx);
  }
  return true;
}

// ---- bulk row actions --------------------------------------------------------------------------

function bulkAction(target: Target, services: ResourceServices, name: string, action: ScreenDefinition['actions'][number]): Action {
  const { screen, model } = target;
  const run = async (ctx: ActionContext, trx: Kysely<any>, key: Row) => {
    if (isCustomAction(action)) return changeRecord(ctx, trx, target, key, setValues(model, action), action.name.toUpperCase());
    if (action === 'delete') return deleteRecord(ctx, trx, target, services, key);
    const active = action === 'activate';
    return changeRecord(ctx, trx, target, key, { [model.status!]: active ? STATUS_ACTIVE : STATUS_INACTIVE }, active ? LEGENDS.ACTIVATE : LEGENDS.DEACTIVATE);
  };
  return defineAction({
    path: `/api/${model.name}/${bulkPath(name)}`,
    guard: { function: actionFunctionCode(screen, action) },
    data: BULK_DATA,
    reference: {
      summary: `${screen.title}: ${name} each record of a list, all or none`,
      data: { ...BULK_DATA, properties: { keys: { ...BULK_DATA.properties.keys, uniqueItems: true, items: keyData(model) } } },
      result: COUNTED,
      codes: [CODES.NOT_FOUND, CODES.VALIDATION, CODES.IN_USE],
    },
    handler: async (ctx) => {
      const given = (ctx.parameter.data as { keys: Row[] }).keys;
      const keys = given.map((key, i) => checkedKey(model, key, `data.keys.${i}`));
      const seen = new Map<string, number>();
      keys.forEach((key, i) => {
        const first = seen.get(recordKey(model, key));
        if (first !== undefined) throw new ApiError(CODES.BAD_REQUEST, `Invalid request: data.keys.${i} repeats data.keys.${first}`, 400);
        seen.set(recordKey(model, key), i);
      });
      await definitionDb(ctx.db).transaction().execute(async (trx) => {
        for (const key of keys) {
          try {
            await run(ctx, trx, key);
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            // The first record that cannot change stops them all; the message names it.
            const named = error.message.includes(`"${recordKey(model, key)}"`) ? error.message : `${screen.title} "${recordKey(model, key)}": ${error.message}`;
            throw new ApiError(error.code, NOTHING_CHANGED.replace('{message}', named), error.httpStatus, error.fields);
          }
        }
      });
      services.counts.invalidate(model.name);
      ctx.mail.deliverSoon();
      const done = isCustomAction(action) ? MESSAGES.DATA_UPDATED : RESULT_MESSAGES[action as keyof typeof RESULT_MESSAGES];
      return { message: `${done} (${plural(keys.length, 'record')})`, result: { count: keys.length } };
    },
  });
}

const setValues = (model: ResourceModel, action: CustomAction): Row => {
  const byName = new Map(model.fields.map((f) => [f.name, f]));
  return Object.fromEntries(Object.entries(action.set ?? {}).map(([name, value]) => [name, toDb(byName.get(name)!, value)]));
};
