// A record page's heading parts: the summary fields the definition names (record.header: a member's name,
// card, tier, status and balances, formatted as the table shows them) and the screen's record actions
// (custom actions with place 'record': a member's Update Status, Terminate, Reactivate), each behind its
// function code, offered while its visibleWhen holds, asking 'Are you sure to {action} this data?' first
// (and for the value of its input field, when it has one). A read-only page offers none.
import { useState } from 'react';
import { App, Button, Descriptions, Form, Modal, Select, Space } from 'antd';
import { CheckOutlined, EditOutlined, StopOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { isSuccess } from '../api/envelope';
import { actionFunctionCode, confirmationText, fieldOf, isCustomAction, ruleContext } from '../definition/compile';
import { RULE_MESSAGES, fieldLabel, formatMessage } from '../rules';
import { sectionApplies } from '../definition/recordPage';
import type { CustomAction, ScreenDefinition } from '../definition/screen';
import { displayValue } from './displayValue';
import { useEngine } from './EngineContext';
import { showErrorToast } from './errorToast';
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

/** The record actions the user may run on this record now. */
export function recordActions(screen: ScreenDefinition, record: Row, can: (code: string) => boolean): CustomAction[] {
  return screen.actions.filter(isCustomAction).filter((a) => a.place === 'record' && can(actionFunctionCode(screen, a)) && sectionApplies({ key: a.name, label: a.label, visibleWhen: a.visibleWhen }, record));
}

export function RecordActions({ screen, record, onDone }: { screen: ScreenDefinition; record: Row; onDone(): Promise<void> | void }) {
  const { call, can, readOnly } = useEngine();
  const { message, modal } = App.useApp();
  const [asking, setAsking] = useState<CustomAction>();
  const key = Object.fromEntries(screen.resource.key.map((k) => [k, record[k]]));

  async function run(action: CustomAction, extra: Row = {}): Promise<boolean> {
    const answer = await call(`/api/${screen.resource.name}/${action.name}`, { data: { ...key, ...extra } });
    if (!isSuccess(answer.status.responsecode)) {
      showErrorToast(message, answer.status.responsemessage);
      return false;
    }
    message.success(answer.status.responsemessage);
    await onDone();
    return true;
  }

  const offered = readOnly ? [] : recordActions(screen, record, can);
  if (offered.length === 0) return null;
  return (
    <Space wrap className="engine-record-buttons">
      {offered.map((action) => {
        const Icon = ICONS[action.icon ?? ''] ?? ThunderboltOutlined;
        const onClick = () => {
          if (action.input) return setAsking(action);
          const text = confirmationText(action);
          if (!text) return void run(action);
          modal.confirm({ title: text, okText: 'Yes', cancelText: 'No', onOk: () => run(action) });
        };
        return (
          <Button key={action.name} icon={<Icon />} danger={action.icon === 'stop'} onClick={onClick}>
            {action.label}
          </Button>
        );
      })}
      {asking && <InputConfirm screen={screen} action={asking} record={record} onCancel={() => setAsking(undefined)} onConfirm={async (value) => (await run(asking, { [asking.input!.field]: value })) && setAsking(undefined)} />}
    </Space>
  );
}

/** The confirmation of an action that asks for a value of a field (a new status) before it runs. */
function InputConfirm({ screen, action, record, onCancel, onConfirm }: { screen: ScreenDefinition; action: CustomAction; record: Row; onCancel(): void; onConfirm(value: unknown): Promise<unknown> }) {
  const field = fieldOf(screen, action.input!.field)!;
  const allowed = action.input!.values;
  const options = (field.options ?? []).filter((o) => !allowed || allowed.includes(o.value)).filter((o) => o.value !== record[field.name]);
  const [value, setValue] = useState<string | number | boolean>();
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const id = `engine-input-${action.name}`;
  return (
    <Modal
      open
      title={confirmationText(action) ?? action.label}
      okText="Yes"
      cancelText="No"
      confirmLoading={sending}
      onCancel={onCancel}
      onOk={async () => {
        if (value === undefined) return setError(formatMessage(RULE_MESSAGES.required, { label: fieldLabel(ruleContext(field)) }));
        setSending(true);
        await onConfirm(value);
        setSending(false);
      }}
      destroyOnHidden
      width={480}
    >
      <Form layout="vertical">
        <Form.Item label={field.label} required htmlFor={id} validateStatus={error ? 'error' : undefined} help={error}>
          <Select
            id={id}
            aria-label={field.label}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={`Choose ${field.placeholder ?? field.label}`}
            value={value}
            onChange={(next) => {
              setValue(next);
              setError(undefined);
            }}
            options={options.map((o) => ({ value: o.value as string, label: o.label }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
