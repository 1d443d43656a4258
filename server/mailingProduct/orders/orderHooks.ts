// The step screens' Upload: the vendor's result file moves the orders it names to the statuses it
// says, all or nothing. Columns Order ID and Status (a status code or its label), optionally Date
// (YYYY-MM-DD); an unknown order, an order not on the screen, a status the order cannot reach or a bad cell
// changes nothing and answers a per-row report (Row, Field, Message) to download.
import { CODES } from '../../../engine/api/responseCodes';
import type { Catalogue } from '../../../engine/definition/catalogue';
import { errorReportCsv, errorReportName, isCsvFileName, parseCsv, uploadText, UPLOAD_TEXTS, type UploadError } from '../../../engine/definition/bulk';
import { hasAction, resourceModel } from '../../../engine/definition/compile';
import type { ScreenDefinition } from '../../../engine/definition/screen';
import type { ActionContext } from '../../platform/core/action';
import type { HookRegistry } from '../../platform/resources/hooks';
import { isOrderStatus } from '../../../domain/orderStatus';
import { ORDER_TABLE, isOrderId, type OrderMove } from './orderStore';
import { MoveRefusal, runMoves } from './orderActions';
import { ApiError } from '../../platform/core/apiError';

/** The file's columns: the field each names, by its label or its name. */
export const RESULT_COLUMNS = { orderid: 'Order ID', status: 'Status', date: 'Date' } as const;
const MAX_ROWS = 100_000;

const norm = (s: string) => s.trim().toLowerCase();

export function parseResultFile(screen: ScreenDefinition, content: string): { moves: OrderMove[]; errors: UploadError[] } {
  const records = parseCsv(content);
  if (!records || records.length < 2) return { moves: [], errors: [{ row: 1, field: '', message: records ? 'The file has no rows under its header' : UPLOAD_TEXTS.wrongFile }] };
  const [header, ...lines] = records as [string[], ...string[][]];
  if (lines.length > MAX_ROWS) return { moves: [], errors: [{ row: 1, field: '', message: `One file takes at most ${MAX_ROWS.toLocaleString('en-US')} rows` }] };
  const at = (name: keyof typeof RESULT_COLUMNS) => header.findIndex((h) => norm(h) === norm(RESULT_COLUMNS[name]) || norm(h) === name);
  const columns = { orderid: at('orderid'), status: at('status'), date: at('date') };
  const errors: UploadError[] = [];
  if (columns.orderid < 0) errors.push({ row: 1, field: RESULT_COLUMNS.orderid, message: `The header has no column ${RESULT_COLUMNS.orderid}` });
  if (columns.status < 0) errors.push({ row: 1, field: RESULT_COLUMNS.status, message: `The header has no column ${RESULT_COLUMNS.status}` });
  if (errors.length > 0) return { moves: [], errors };
  const labels = new Map((screen.fields.find((f) => f.name === 'status')?.options ?? []).map((o) => [norm(o.label), String(o.value)]));
  const moves: OrderMove[] = [];
  lines.forEach((cells, i) => {
    const row = i + 2;
    const id = (cells[columns.orderid] ?? '').trim();
    const statusCell = (cells[columns.status] ?? '').trim();
    const status = isOrderStatus(statusCell.toUpperCase()) ? statusCell.toUpperCase() : labels.get(norm(statusCell));
    const date = columns.date >= 0 ? (cells[columns.date] ?? '').trim() : '';
    let bad = false;
    if (!/^\d{1,15}$/.test(id) || !isOrderId(Number(id))) {
      errors.push({ row, field: RESULT_COLUMNS.orderid, message: id === '' ? 'Required' : `"${id}" is not an order id` });
      bad = true;
    }
    if (!status) {
      errors.push({ row, field: RESULT_COLUMNS.status, message: statusCell === '' ? 'Required' : `"${statusCell}" is not an order status` });
      bad = true;
    }
    if (date !== '' && !(/^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(date)))) {
      errors.push({ row, field: RESULT_COLUMNS.date, message: `"${date}" is not a date (YYYY-MM-DD)` });
      bad = true;
    }
    if (!bad) moves.push({ orderid: Number(id), to: status!, row, ...(date ? { date: `${date}T00:00:00.000Z` } : {}) });
  });
  return { moves, errors };
}

function report(file: string, errors: UploadError[]) {
  const sorted = [...errors].sort((a, b) => a.row - b.row);
  const rows = new Set(sorted.map((e) => e.row)).size;
  return {
    code: CODES.VALIDATION,
    message: `${file}: ${errors.length} error(s) in ${rows} row(s), nothing was uploaded. Download the error report to see each one.`,
    result: { filename: file, errors: errors.length, rows, report: { filename: errorReportName(file), mimetype: 'text/csv', content: errorReportCsv(sorted) } },
  };
}

async function uploadResult(ctx: ActionContext, screen: ScreenDefinition, filename: string, content: string) {
  const file = filename.split(/[\\/]/).pop()!.trim();
  if (!isCsvFileName(file)) throw new ApiError(CODES.VALIDATION, UPLOAD_TEXTS.wrongFile);
  const { moves, errors } = parseResultFile(screen, content);
  if (errors.length > 0) return report(file, errors);
  try {
    const count = await runMoves(ctx, screen, 'UPLOAD', moves);
    return { message: uploadText('uploaded', file), result: { filename: file, count } };
  } catch (error) {
    if (!(error instanceof MoveRefusal)) throw error;
    return report(file, error.problems.map((p) => ({ row: p.row ?? 0, field: RESULT_COLUMNS.orderid, message: p.message })));
  }
}

/** What a good file answers: how many orders it moved. */
const MOVED = { type: 'object', required: ['filename', 'count'], properties: { filename: { type: 'string' }, count: { type: 'integer', minimum: 0 } } };

/** Upload on every step screen over the orders that offers it. */
export const orderHooks = (catalogue: Catalogue): HookRegistry =>
  Object.fromEntries(
    catalogue.screens
      .filter((s) => resourceModel(s).table === ORDER_TABLE && hasAction(s, 'upload'))
      .map((screen) => [screen.resource.name, { uploadResult: MOVED, upload: (ctx: ActionContext, f: { filename: string; content: string }) => uploadResult(ctx, screen, f.filename, f.content) }]),
  );
