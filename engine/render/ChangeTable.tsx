// A value of format 'diff' (an approval request's change): one row per field, its label, its value now
// and as proposed, the proposed values that differ in bold; a long text (a definition's JSON) compared line by line.
import { lazy, Suspense } from 'react';
import { Table, Typography } from 'antd';
import type { ChangeLine } from '../definition/approvals';

const empty = <Typography.Text type="secondary">–</Typography.Text>;
// The line-by-line comparison loads with the first text change shown, not with every approval page.
const TextDiff = lazy(() => import('./TextDiff'));

const text = (value: string) => (value === '' ? empty : <span className="engine-text">{value}</span>);

export function ChangeTable({ value }: { value: unknown }) {
  const all = Array.isArray(value) ? (value as ChangeLine[]) : [];
  const lines = all.filter((line) => !line.text);
  const texts = all.filter((line) => line.text);
  const table = (
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
  if (texts.length === 0) return table;
  return (
    <>
      {lines.length > 0 && table}
      <Suspense fallback={null}>
        {texts.map((line) => (
          <TextDiff key={line.field} label={line.label} current={line.current} proposed={line.proposed} />
        ))}
      </Suspense>
    </>
  );
}
