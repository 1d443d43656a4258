// The screen's table: declared columns and formats, server paging and sort, the footer of spec 000 §9.
import type { ReactNode } from 'react';
import { Table, Tooltip } from 'antd';
import type { SortDirection } from '../api/envelope';
import { tableColumns } from '../definition/compile';
import { pageFooter } from '../definition/format';
import type { ScreenDefinition } from '../definition/screen';
import { fitWidths } from '../definition/tableWidths';
import { cellText, displayValue } from './displayValue';
import { useElementWidth } from './useElementWidth';
import { useReferenceLabels } from './useReferenceLabels';

const NO_WIDTH = 64;
/** The row checkbox column, its width set so that the data columns know what is left. */
const SELECTION_WIDTH = 48;

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
  /** The Action column's width: room for the most buttons a row of the page has. */
  actionsWidth: number;
  /** Row checkboxes, when the screen has a bulk action the user may run (engine/render/BulkControls.tsx). */
  selection?: { selected: Row[]; onChange(rows: Row[]): void };
}

export function DataTable(props: DataTableProps) {
  const { screen, sort } = props;
  const columns = tableColumns(screen);
  const { box, width: room } = useElementWidth<HTMLDivElement>();
  // What the data columns have: the panel less No, Action and the row checkboxes.
  const widths = fitWidths(
    columns.map((c) => c.width),
    (room ?? Infinity) - NO_WIDTH - props.actionsWidth - (props.selection ? SELECTION_WIDTH : 0),
  );
  const labels = useReferenceLabels(columns.map((c) => c.field), props.rows);
  const [sortField, sortDirection] = Object.entries(sort ?? {})[0] ?? [];
  const rowKey = (row: Row) => screen.resource.key.map((k) => String(row[k])).join('|');

  return (
    <div ref={box}>
    <Table<Row>
      rowKey={rowKey}
      dataSource={props.rows}
      rowSelection={props.selection && { columnWidth: SELECTION_WIDTH, selectedRowKeys: props.selection.selected.map(rowKey), onChange: (_keys, rows) => props.selection!.onChange(rows) }}
      // A page whose references are still being named waits for them: a clerk never sees a code flash before its label.
      loading={props.loading || labels.pending}
      size="middle"
      // The table fits its panel (no sideways scroll at 1366 px): declared widths are kept, the other columns
      // share what is left, and a cell's text longer than its column is cut with '…' and shown whole on hover
      // (a `wrap` column's goes on to more lines instead while the column keeps its width: squeezed on a narrow
      // screen, a few characters a line would read worse than a cut).
      tableLayout="fixed"
      columns={[
        {
          title: 'No',
          key: '__no',
          width: NO_WIDTH,
          render: (_value, _row, index) => (props.page - 1) * props.pageSize + index + 1,
        },
        ...columns.map((column, c) => ({
          title: column.field.label,
          dataIndex: column.field.name,
          key: column.field.name,
          width: widths[c],
          ellipsis: column.wrap && (widths[c] ?? Infinity) >= (column.width ?? 0) ? false : { showTitle: false },
          align: column.field.format === 'number' ? ('right' as const) : undefined,
          sorter: column.sortable,
          sortOrder: sortField === column.field.name ? (sortDirection === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
          render: (value: unknown) => {
            const valueLabels = column.field.source ? labels.get(column.field.source.selector) : undefined;
            const shown = displayValue(column.field, value, valueLabels);
            const text = cellText(column.field, value, valueLabels);
            return text ? (
              <Tooltip title={text} placement="topLeft" mouseEnterDelay={0.3}>
                <span className="engine-cell">{shown}</span>
              </Tooltip>
            ) : (
              shown
            );
          },
        })),
        { title: 'Action', key: '__actions', width: props.actionsWidth, render: (_: unknown, row: Row) => props.rowActions(row) },
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
    </div>
  );
}
