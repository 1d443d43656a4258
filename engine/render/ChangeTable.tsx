// A value of format 'diff' (an approval request's change): one row per field, its label, its value now
// and as proposed, the proposed values that differ in bold.
import { Table, Typography } from 'antd';
import type { ChangeLine } from '../definition/approvals';

const empty = <Typography.Text type="secondary">–</Typography.Text>;
const text = (value: string) => (value === '' ? empty : <span className="engine-text">{value}</span>);

export function ChangeTable({ value }: { value: unknown }) {
  const lines = Array.isArray(value) ? (value as ChangeLine[]) : [];
  return (
    <Table<ChangeLine>
      className="engine-changes"
      size="small"
      pagination={false}
      rowKey="field"
      dataSource={lines}
      locale={{ emptyText: 'No change' }}
      columns={[
        { title: 'Field', dataIndex: 'label', key: 'label', width: '28%' },
        { title: 'Current', dataIndex: 'current', key: 'current', width: '36%', render: text },
        { title: 'Proposed', dataIndex: 'proposed', key: 'proposed', width: '36%', render: (proposed: string, line) => (proposed !== line.current && proposed !== '' ? <strong>{text(proposed)}</strong> : text(proposed)) },
      ]}
    />
  );
}
