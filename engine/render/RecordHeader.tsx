// A record page's heading parts: the summary fields the definition names (record.header: a member's name,
// card, tier, status and balances, formatted as the table shows them) and the screen's record actions
// (custom actions with place 'record': a member's Update Status, Terminate, Reactivate), each behind its
// function code, offered while its visibleWhen holds, asking 'Are you sure to {action} this data?' first
// (and for the value of its input field, when it has one). A read-only page offers none.
import { Button, Descriptions, Space } from 'antd';
import { CheckOutlined, EditOutlined, StopOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { fieldOf } from '../definition/compile';
import type { ScreenDefinition } from '../definition/screen';
import { useRecordActions } from './controllers/useRecordActions';
import { displayValue } from './displayValue';
import { InputConfirm } from './InputConfirm';
import { useReferenceLabels } from './useReferenceLabels';

type Row = Record<string, unknown>;

const ICONS: Record<string, typeof ThunderboltOutlined> = { edit: EditOutlined, stop: StopOutlined, check: CheckOutlined };

export function RecordHeader({ screen, record, fields }: { screen: ScreenDefinition; record: Row; fields: string[] }) {
  const resolved = fields.flatMap((name) => fieldOf(screen, name) ?? []);
  const labels = useReferenceLabels(resolved, [record]);
  return (
    <Descriptions
      className="engine-record-header"
      size="small"
      column={{ xs: 1, sm: 2, md: 4, xl: resolved.length }}
      layout="vertical"
      bordered
      items={resolved.map((field) => ({
        key: field.name,
        label: field.label,
        children: displayValue(field, record[field.name], field.source ? labels.get(field.source.selector) : undefined) || '–',
      }))}
    />
  );
}

export function RecordActions({ screen, record, onDone }: { screen: ScreenDefinition; record: Row; onDone(): Promise<void> | void }) {
  const { offered, start, asking, cancelInput, confirmInput } = useRecordActions(screen, record, onDone);
  if (offered.length === 0) return null;
  return (
    <Space wrap className="engine-record-buttons">
      {offered.map((action) => {
        const Icon = ICONS[action.icon ?? ''] ?? ThunderboltOutlined;
        return (
          <Button key={action.name} icon={<Icon />} danger={action.icon === 'stop'} onClick={() => start(action)}>
            {action.label}
          </Button>
        );
      })}
      {asking && <InputConfirm screen={screen} action={asking} record={record} onCancel={cancelInput} onConfirm={confirmInput} />}
    </Space>
  );
}
