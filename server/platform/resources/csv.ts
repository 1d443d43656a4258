// CSV of a list as its table shows it: the declared columns, their labels, their display formats, and a
// reference by the label its selector gives it (Region 'Asia', not '142').
import { csvCell } from '../../../engine/definition/bulk';
import { tableColumns } from '../../../engine/definition/compile';
import { formatValue } from '../../../engine/definition/format';
import type { ScreenDefinition } from '../../../engine/definition/screen';
import type { ActionContext } from '../core/action';
import type { ResourceServices } from './resourceServices';
import { selectorActions } from './selectorActions';

export { csvCell };

/** Value -> label of each selector, as the table's reference columns read them. */
export type ReferenceLabels = Map<string, Map<unknown, string>>;


/**
 * The options of every selector the screen's columns name, read through the very action that serves the
 * table's labels (/api/selector/options), so a download and the table never disagree.
 */
export async function referenceLabels(services: ResourceServices, screen: ScreenDefinition, ctx: ActionContext): Promise<ReferenceLabels> {
  const selectors = [...new Set(tableColumns(screen).flatMap(({ field }) => (field.source ? [field.source.selector] : [])))];
  const labels: ReferenceLabels = new Map();
  if (selectors.length === 0) return labels;
  const options = selectorActions(services).find((action) => action.path === '/api/selector/options')!;
  for (const selector of selectors) {
    const answer = await options.handler({ ...ctx, paging: { limit: -1, page: 1 }, parameter: { data: { selector } } });
    const rows = (answer.result ?? []) as { value: unknown; label: string }[];
    labels.set(selector, new Map(rows.map((row) => [row.value, row.label])));
  }
  return labels;
}

export function toCsv(screen: ScreenDefinition, rows: Record<string, unknown>[], labels: ReferenceLabels = new Map()): string {
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
