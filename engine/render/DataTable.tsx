// The screen's table: declared columns and formats, server paging and sort, the footer of spec 000 §9.
import type { ReactNode } from 'react';
import { Progress, Table, Tag } from 'antd';
import type { SortDirection } from '../api/envelope';
import { tableColumns, type ResolvedField } from '../definition/compile';
import { formatValue, pageFooter } from '../definition/format';
import type { ScreenDefinition } from '../definition/screen';
import { useReferenceLabels } from './useReferenceLabels';

type Row = Record<string, unknown>;

interface DataTableProps {
  screen: ScreenDefinition;
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
  paginated: boolean;
  loading: boolean;
  sort: Record<string, SortDirection> | undefined;
  onPage(page: number): void;
  onSort(sort: Record<string, SortDirection> | undefined): void;
  rowActions(row: Row): ReactNode;
  /** Row checkboxes, when the screen has a bulk action the user may run (engine/render/BulkControls.tsx). */
  selection?: { selected: Row[]; onChange(rows: Row[]): void };
}

const STATUS_COLORS: Record<string, string> = { ACTIVE: 'green', INACTIVE: 'red' };

/** A value as a table cell or a detail line shows it: status and tag formats as tags, references by label. */
export function displayValue(field: ResolvedField, value: unknown, labels: Map<unknown, string> | undefined): ReactNode {
  if (field.format === 'status' && typeof value === 'string') {
    const color = field.options?.find((o) => o.value === value)?.color;
    return <Tag color={color ?? STATUS_COLORS[value] ?? 'default'}>{formatValue(field, value)}</Tag>;
  }
  if (field.zeroTag && value !== null && value !== undefined && Number(value) === 0) return <Tag color="red">{field.zeroTag}</Tag>;
  if (field.format === 'tag' && value) return <Tag>{formatValue(field, value)}</Tag>;
  if (field.format === 'progress' && value !== null && value !== undefined) return <Progress percent={Number(value)} size="small" aria-label={field.label} />;
  if (labels) return labels.get(value) ?? formatValue(field, value);
  return formatValue(field, value);
}

export function DataTable(props: DataTableProps) {
  const { screen, sort } = props;
  const columns = tableColumns(screen);
  // Columns that cut their text fit the table to the panel (fixed layout at the declared widths); others grow to their content and scroll.
  const fitted = columns.some((c) => c.ellipsis);
  const labels = useReferenceLabels(columns.flatMap((c) => (c.field.source ? [c.field.source.selector] : [])));
  const [sortField, sortDirection] = Object.entries(sort ?? {})[0] ?? [];
  const rowKey = (row: Row) => screen.resource.key.map((k) => String(row[k])).join('|');

  return (
    <Table<Row>
      rowKey={rowKey}
      dataSource={props.rows}
      rowSelection={props.selection && { selectedRowKeys: props.selection.selected.map(rowKey), onChange: (_keys, rows) => props.selection!.onChange(rows) }}
      loading={props.loading}
      size="middle"
      scroll={fitted ? undefined : { x: 'max-content' }}
      tableLayout={fitted ? 'fixed' : undefined}
      columns={[
        {
          title: 'No',
          key: '__no',
          width: 64,
          render: (_value, _row, index) => (props.page - 1) * props.pageSize + index + 1,
        },
        ...columns.map((column) => ({
          title: column.field.label,
          dataIndex: column.field.name,
          key: column.field.name,
          width: column.width,
          ellipsis: column.ellipsis ? { showTitle: true } : undefined,
          align: column.field.format === 'number' ? ('right' as const) : undefined,
          sorter: column.sortable,
          sortOrder: sortField === column.field.name ? (sortDirection === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
          render: (value: unknown) => displayValue(column.field, value, column.field.source ? labels.get(column.field.source.selector) : undefined),
        })),
        { title: 'Action', key: '__actions', fixed: 'right' as const, render: (_: unknown, row: Row) => props.rowActions(row) },
      ]}
      pagination={
        props.paginated
          ? {
              current: props.page,
              pageSize: props.pageSize,
              total: props.total,
              showSizeChanger: false,
              showTotal: (total) => pageFooter(props.page, props.pageSize, total, props.rows.length),
            }
          : false
      }
      onChange={(pagination, _filters, sorter, extra) => {
        if (extra.action === 'paginate') props.onPage(pagination.current ?? 1);
        if (extra.action === 'sort') {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = one?.order ? String(one.field) : undefined;
          props.onSort(field ? { [field]: one!.order === 'ascend' ? 'asc' : 'desc' } : undefined);
        }
      }}
    />
  );
}
