// A definition's versions: who made and approved each, why; two compared side by side; Rollback to an earlier one.
import { lazy, memo, Suspense } from 'react';
import { Button, Space, Table, Tag } from 'antd';
import type { StudioVersion } from '../../definition/studio';
import { formatValue } from '../../definition/format';
import { ReasonConfirm } from '../ReasonConfirm';
import { useHistoryController } from './useHistoryController';
import { STUDIO_TEXTS } from './studioTexts';

// The side-by-side view (CodeMirror's merge view) loads with the first comparison.
const VersionCompare = lazy(() => import('./VersionCompare').then((m) => ({ default: m.VersionCompare })));

const when = (value: string | null) => (value ? formatValue({ format: 'datetime' }, value) : '');

interface StudioHistoryProps {
  definitionKey: string;
  canUpdate: boolean;
  onRequested(): void;
}

/** Drawn again for another definition, not for each keystroke in the editor (onRequested is the same act). */
export const StudioHistory = memo(History, (before, after) => before.definitionKey === after.definitionKey && before.canUpdate === after.canUpdate);

function History({ definitionKey, canUpdate, onRequested }: StudioHistoryProps) {
  const history = useHistoryController(definitionKey, onRequested);
  return (
    <section className="studio-history" data-testid="studio-history">
      <Space className="studio-history-bar">
        <strong>{STUDIO_TEXTS.history}</strong>
        <Button size="small" disabled={history.chosen.length !== 2} onClick={() => void history.compare()}>
          {STUDIO_TEXTS.compare}
        </Button>
      </Space>
      <Table<StudioVersion>
        size="small"
        rowKey="version"
        pagination={false}
        dataSource={history.versions}
        rowSelection={{ selectedRowKeys: history.chosen, onChange: (keys) => history.choose(keys as number[]), hideSelectAll: true }}
        columns={[
          { title: 'Version', dataIndex: 'version', width: 80 },
          { title: 'Source', dataIndex: 'source', width: 90 },
          { title: 'Status', dataIndex: 'status', width: 110, render: (status: string) => <Tag color={status === 'ACTIVE' ? 'green' : status === 'CONFLICT' ? 'red' : undefined}>{status}</Tag> },
          { title: 'Reason', dataIndex: 'reason' },
          { title: 'By', dataIndex: 'createdby', width: 100 },
          { title: 'When', dataIndex: 'createddate', width: 160, render: when },
          { title: 'Approver', dataIndex: 'approvedby', width: 100 },
          {
            title: 'Action',
            key: 'action',
            width: 100,
            render: (_, version) =>
              canUpdate && version.status !== 'ACTIVE' ? (
                <Button size="small" onClick={() => history.askRollback(version.version)}>
                  {STUDIO_TEXTS.rollback}
                </Button>
              ) : null,
          },
        ]}
      />
      {history.rollingBack !== undefined && <ReasonConfirm title={STUDIO_TEXTS.rollbackTitle(history.rollingBack)} onCancel={() => history.askRollback(undefined)} onConfirm={history.rollback} />}
      {history.compared && (
        <Suspense fallback={null}>
          <VersionCompare compared={history.compared} onClose={history.closeCompare} />
        </Suspense>
      )}
    </section>
  );
}
