// The confirmation of a record action that asks for a value of a field (a member's new status) before it runs:
// the field's options the action allows, less the record's current value, and the field's required message.
import { useState } from 'react';
import { Form, Modal, Select } from 'antd';
import { confirmationText, fieldOf, ruleContext } from '../definition/compile';
import { RULE_MESSAGES, fieldLabel, formatMessage } from '../rules';
import type { CustomAction, ScreenDefinition } from '../definition/screen';

type Row = Record<string, unknown>;

export function InputConfirm({ screen, action, record, onCancel, onConfirm }: { screen: ScreenDefinition; action: CustomAction; record: Row; onCancel(): void; onConfirm(value: unknown): Promise<unknown> }) {
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
