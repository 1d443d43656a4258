// Display formats of spec 000 §9: dates DD/MM/YYYY, date-times DD/MM/YYYY HH:mm:ss, thousand separators, Yes/No.
import type { ResolvedField } from './compile';

/** Dates as they travel (search criteria, stored values) and as they show (spec 000 §9). */
export const WIRE_DATE = 'YYYY-MM-DD';
export const DISPLAY_DATE = 'DD/MM/YYYY';

const pad = (n: number) => String(n).padStart(2, '0');

export function formatDate(value: unknown): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return value == null ? '' : String(value);
  const [y, m, d] = value.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string') return value == null ? '' : String(value);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export function formatNumber(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: 4 }) : String(value);
}

export const formatYesNo = (value: unknown): string => (value === true || value === 1 || value === '1' ? 'Yes' : 'No');

/** The text of a value as a table cell or a detail line shows it. */
export function formatValue(field: Pick<ResolvedField, 'format' | 'options'>, value: unknown): string {
  if (field.options && !Array.isArray(value)) {
    const option = field.options.find((o) => o.value === value);
    if (option) return option.label;
  }
  switch (field.format) {
    case 'date':
      return formatDate(value);
    case 'datetime':
      return formatDateTime(value);
    case 'number':
      return formatNumber(value);
    case 'yesno':
      return formatYesNo(value);
    case 'progress':
      return value === null || value === undefined ? '' : `${String(value)} %`;
    default:
      if (Array.isArray(value)) return value.map((v) => field.options?.find((o) => o.value === v)?.label ?? String(v)).join(', ');
      return value === null || value === undefined ? '' : String(value);
  }
}

/** The table footer of spec 000 §9: '{from}-{to} of {total} items'. */
export function pageFooter(page: number, pageSize: number, total: number, rowsOnPage: number): string {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = total === 0 ? 0 : from + rowsOnPage - 1;
  return `${from}-${to} of ${total} items`;
}
