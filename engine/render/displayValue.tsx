// A value as the table, the details and the record header show it: formats, status tags, references by label,
// a progress bar. A module of its own, so what shows a value alone does not bring the table with it.
import { lazy, Suspense, type ReactNode } from 'react';
import { Tag } from 'antd';
import type { ResolvedField } from '../definition/compile';
import { formatValue } from '../definition/format';
import type { ValueLabels } from './useReferenceLabels';

// The one screen with a progress column loads antd's Progress with its first bar, not every list.
const Progress = lazy(() => import('antd/es/progress'));

const STATUS_COLORS: Record<string, string> = { ACTIVE: 'green', INACTIVE: 'red' };

/** A value as a table cell or a detail line shows it: status and tag formats as tags, references by label. */
export function displayValue(field: ResolvedField, value: unknown, labels: ValueLabels | undefined): ReactNode {
  if (field.format === 'status' && typeof value === 'string') {
    const color = field.options?.find((o) => o.value === value)?.color;
    return <Tag color={color ?? STATUS_COLORS[value] ?? 'default'}>{formatValue(field, value)}</Tag>;
  }
  if (field.zeroTag && value !== null && value !== undefined && Number(value) === 0) return <Tag color="red">{field.zeroTag}</Tag>;
  if (field.format === 'tag' && value) return <Tag>{formatValue(field, value)}</Tag>;
  if (field.format === 'progress' && value !== null && value !== undefined) {
    return (
      <Suspense fallback={null}>
        <Progress percent={Number(value)} size="small" aria-label={field.label} />
      </Suspense>
    );
  }
  // A list of references (a member's hobbies) as its labels, one after another.
  if (labels && Array.isArray(value)) return value.map((v) => labels.get(v) ?? String(v)).join(', ');
  if (labels) return labels.get(value) ?? formatValue(field, value);
  return formatValue(field, value);
}

/** A cell's whole text, for the tooltip over a cut cell: none for a progress bar or an empty cell. */
export function cellText(field: ResolvedField, value: unknown, labels: ValueLabels | undefined): string {
  if (field.format === 'progress' || value === null || value === undefined || value === '') return '';
  if (labels && Array.isArray(value)) return value.map((v) => labels.get(v) ?? String(v)).join(', ');
  return labels?.get(value) ?? formatValue(field, value);
}
