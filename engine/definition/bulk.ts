// Bulk files and bulk row actions, isomorphic: the upload texts of spec 000 §5 / 001 §5.2,
// the CSV reader, how an upload's header maps to a screen's fields and its cells to typed values, the
// per-row error report, and which actions a screen may run on many selected rows at once.
import { formatMessage } from '../rules';
import { confirmationText, formFields, isCustomAction, resourceModel, type FormField, type ResolvedField } from './compile';
import { createFormScreen } from './recordPage';
import type { CustomAction, ScreenDefinition, StandardAction } from './screen';
import * as moduleTexts from './texts.json';

/** The CSV upload widget's texts (spec 000 §5 / 001 §5.2), shared by the form's CSV field and the list's Upload. */
export const UPLOAD_TEXTS = moduleTexts.upload;

export const uploadText = (text: 'uploaded' | 'failed', file: string) => formatMessage(UPLOAD_TEXTS[text], { file });

/** The standard action name and API path segment of a list screen's CSV upload (<MENU>_UPLOAD). */
export const UPLOAD_ACTION = 'upload';
/** At most this many data rows in one file (the upload is proven at this size on both databases). */
export const MAX_UPLOAD_ROWS = 100_000;
/** An error report lists at most this many problems; the answer still counts them all. */
export const MAX_REPORTED_ERRORS = 10_000;
/** One bulk call changes at most this many records. */
export const MAX_BULK_KEYS = 1000;

export const isCsvFileName = (name: string) => /\.csv$/i.test(name.trim());

// ---- bulk row actions --------------------------------------------------------------------------

/**
 * Standard actions that may run on many selected rows; custom actions may too: one that only `set`s values is run
 * by the engine, one without `set` by its domain module, which serves /api/<resource>/bulk-<action> itself.
 */
export const BULK_STANDARD_ACTIONS = ['activate', 'deactivate', 'delete'] as const;

/** /api/<resource>/bulk-<action>: data.keys = [{ key fields }...]. */
export const bulkPath = (name: string) => `bulk-${name}`;

/** A bulk custom action without `set`: its domain module serves the bulk path (the server refuses to start otherwise). */
export const isDomainBulk = (action: StandardAction | CustomAction): action is CustomAction => isCustomAction(action) && !action.set;

/** The screen's action of this name (a standard action name or a custom action's name). */
export function screenAction(screen: ScreenDefinition, name: string): StandardAction | CustomAction | undefined {
  return screen.actions.find((action) => (isCustomAction(action) ? action.name : action) === name);
}

/** Why an action cannot run in bulk on this screen, or undefined when it can. */
export function bulkProblem(screen: ScreenDefinition, name: string): string | undefined {
  const action = screenAction(screen, name);
  if (!action) return `"${name}" is not an action of the screen`;
  if (isCustomAction(action)) {
    if (action.exclusiveBy) return `custom action "${name}" is exclusive by "${action.exclusiveBy}": it holds for one record of a group, not many`;
    if (action.reason) return `custom action "${name}" asks for a reason per record`;
  } else if (!(BULK_STANDARD_ACTIONS as readonly string[]).includes(action)) {
    return `"${name}" does not run in bulk (${BULK_STANDARD_ACTIONS.join(', ')} or a custom action with "set")`;
  }
  if (screen.approval?.actions.includes(name)) return `"${name}" needs approval: each record is requested on its own`;
  return undefined;
}

/** The screen's bulk actions, each with the confirmation it asks ('Are you sure to {action} this data?'). */
export function bulkActions(screen: ScreenDefinition): { name: string; action: StandardAction | CustomAction; label: string; confirm: string | undefined }[] {
  return (screen.bulk ?? []).flatMap((name) => {
    const action = screenAction(screen, name);
    if (!action || bulkProblem(screen, name)) return [];
    const label = isCustomAction(action) ? action.label : name.charAt(0).toUpperCase() + name.slice(1);
    return [{ name, action, label, confirm: confirmationText(action) }];
  });
}

// ---- CSV upload --------------------------------------------------------------------------------

/**
 * RFC 4180 records: commas, double quotes ("" inside quotes), CRLF or LF line ends, a leading BOM dropped,
 * blank lines skipped. Returns undefined for text that is not CSV (an unclosed quote).
 */
export function parseCsv(text: string): string[][] | undefined {
  const records: string[][] = [];
  const reader = csvRecords(text);
  for (;;) {
    const next = reader.next();
    if (next.done) return next.value ? records : undefined;
    records.push(next.value);
  }
}

/**
 * parseCsv's records one at a time, for a caller that pauses between them (a large file read in slices); returns
 * false once the text ends inside a quote (not CSV), true otherwise.
 */
export function* csvRecords(text: string): Generator<string[], boolean> {
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(cell);
      if (record.length > 1 || record[0] !== '') yield record;
      record = [];
      cell = '';
    } else cell += c;
  }
  if (quoted) return false;
  if (cell !== '' || record.length > 0) {
    record.push(cell);
    if (record.length > 1 || record[0] !== '') yield record;
  }
  return true;
}

/** A cell as a CSV writes it: quoted when needed; a cell a spreadsheet would run as a formula kept as text. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: readonly string[]) => cells.map(csvCell).join(',');

/** The fields an upload fills: the create form's editable, stored fields (a record page's: its first section). */
export function uploadFields(screen: ScreenDefinition): FormField[] {
  return formFields(createFormScreen(screen), 'create').filter((f) => !f.readOnly && f.field.stored !== false);
}

/** The template's header: the upload fields' labels, as the Download writes its columns. */
export const uploadHeader = (screen: ScreenDefinition): string[] => uploadFields(screen).map((f) => f.field.label);

export interface UploadColumns {
  /** Column index -> the field it fills (columns of other known fields, e.g. a download's Status, are skipped). */
  columns: (ResolvedField | undefined)[];
  problems: string[];
}

const headerName = (text: string) => text.trim().toLowerCase();

/**
 * Maps a header row to the upload's fields by label or name (case and spaces at the ends ignored). A
 * column no field of the screen has, a field named twice or a required field missing is a problem of the file.
 */
export function uploadColumns(screen: ScreenDefinition, header: readonly string[]): UploadColumns {
  const fields = uploadFields(screen);
  const byHeader = new Map<string, ResolvedField>();
  for (const { field } of fields) {
    byHeader.set(headerName(field.label), field);
    byHeader.set(headerName(field.name), field);
  }
  const known = new Set(resourceModel(screen).fields.flatMap((f) => [headerName(f.label), headerName(f.name)]));
  known.add('no');
  const problems: string[] = [];
  const seen = new Set<string>();
  const columns = header.map((text) => {
    const field = byHeader.get(headerName(text));
    if (!field) {
      if (!known.has(headerName(text))) problems.push(`Column "${text}" is not a field of ${screen.title}`);
      return undefined;
    }
    if (seen.has(field.name)) problems.push(`Column "${field.label}" appears twice`);
    seen.add(field.name);
    return field;
  });
  for (const { field } of fields) {
    if (field.required && !seen.has(field.name)) problems.push(`Column "${field.label}" is missing`);
  }
  return { columns, problems };
}

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0', '']);

/** DD/MM/YYYY (as the Download writes dates) or YYYY-MM-DD -> YYYY-MM-DD; anything else passes for the checks to refuse. */
function wireDate(text: string): string {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : text;
}

/**
 * One cell as the value its field takes, or a message. Fixed options take their value or label; numbers
 * may carry thousand separators (as the Download writes them); lists are separated by commas; reference
 * fields stay text here (the server resolves a label to its value).
 */
export function cellValue(field: ResolvedField, raw: string): { value: unknown } | { message: string } {
  // A Download keeps a cell a spreadsheet would run as a formula as text with a leading quote: drop it again.
  const text = raw.trim().replace(/^'(?=[=+\-@])/, '');
  if (field.options && text !== '') {
    const pick = (one: string) => field.options!.find((o) => String(o.value) === one || o.label.toLowerCase() === one.toLowerCase())?.value ?? one;
    if (field.type === 'list') return { value: text.split(',').map((one) => pick(one.trim())) };
    return { value: pick(text) };
  }
  switch (field.type) {
    case 'integer':
    case 'number': {
      if (text === '') return { value: null };
      const number = Number(text.replace(/,/g, ''));
      if (!Number.isFinite(number) || (field.type === 'integer' && !Number.isSafeInteger(number))) {
        return { message: `${field.label} must be ${field.type === 'integer' ? 'a whole number' : 'a number'}` };
      }
      return { value: number };
    }
    case 'boolean':
      if (YES.has(text.toLowerCase())) return { value: true };
      if (NO.has(text.toLowerCase())) return { value: false };
      return { message: `${field.label} must be Yes or No` };
    case 'date':
    case 'datetime':
      return { value: text === '' ? null : wireDate(text) };
    case 'list':
      return { value: text === '' ? [] : text.split(',').map((one) => one.trim()) };
    default:
      return { value: text === '' ? null : text };
  }
}

/** One problem of an upload: the spreadsheet row (the header is row 1), the field's label, the message. */
export interface UploadError {
  row: number;
  field: string;
  message: string;
}

export const ERROR_REPORT_HEADER = ['Row', 'Field', 'Message'];

/** The downloadable error report: one line per problem. */
export function errorReportCsv(errors: readonly UploadError[]): string {
  return `${[csvLine(ERROR_REPORT_HEADER), ...errors.map((e) => csvLine([String(e.row), e.field, e.message]))].join('\r\n')}\r\n`;
}

/** The report's file name: the upload's name with '-errors' (cities.csv -> cities-errors.csv). */
export const errorReportName = (file: string) => `${file.replace(/\.csv$/i, '')}-errors.csv`;
