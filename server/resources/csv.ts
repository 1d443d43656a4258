// CSV of a list as its table shows it: the declared columns, their labels, their display formats.
import { tableColumns } from '../../engine/definition/compile';
import { formatValue } from '../../engine/definition/format';
import type { ScreenDefinition } from '../../engine/definition/screen';

/** Quotes what needs quoting; a cell a spreadsheet would run as a formula is kept as text. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(screen: ScreenDefinition, rows: Record<string, unknown>[], labels: Map<string, Map<unknown, string>> = new Map()): string {
  const columns = tableColumns(screen);
  const lines = [columns.map((c) => csvCell(c.field.label)).join(',')];
  for (const row of rows) {
    lines.push(
      columns
        .map(({ field }) => {
          const value = row[field.name];
          const label = field.source ? labels.get(field.source.selector)?.get(value) : undefined;
          return csvCell(label ?? (field.format === 'number' ? (value == null ? '' : String(value)) : formatValue(field, value)));
        })
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
