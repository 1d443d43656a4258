// A table panel: its declared columns formatted as the chart data says, paged by ten when it has more rows.
import { Table } from 'antd';
import { formatCell } from '../definition/chartData';
import type { PanelChart as PanelChartDefinition } from '../definition/screen';

const TABLE_PAGE_SIZE = 10;

export function PanelTable({ chart, rows }: { chart: PanelChartDefinition; rows: unknown[] }) {
  const columns = chart.columns ?? [];
  return (
    <Table<Record<string, unknown>>
      size="small"
      rowKey={(_, index) => String(index)}
      dataSource={rows as Record<string, unknown>[]}
      pagination={rows.length > TABLE_PAGE_SIZE ? { pageSize: TABLE_PAGE_SIZE, showSizeChanger: false } : false}
      columns={columns.map((column) => ({
        key: column.name,
        dataIndex: column.name,
        title: column.label,
        align: column.format === 'number' || column.format === 'percent' ? ('right' as const) : undefined,
        render: (value: unknown) => formatCell(column, value),
      }))}
    />
  );
}
