// The confirmation of an action that needs a reason (a custom action with `reason`, an approval's Reject):
// the confirmation text as its title, a Reason box checked by the rule language (the server checks it
// again with the same rules and its field message lands here too), and No / Yes.
import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { REASON_FIELD } from '../definition/approvals';
import { resolveField, ruleContext } from '../definition/compile';
import { validateValue } from '../rules';

const reasonField = resolveField(REASON_FIELD);
const check = (value: string) => validateValue(value, reasonField.rules, ruleContext(reasonField));

interface ReasonConfirmProps {
  /** The confirmation text, e.g. 'Are you sure to rating/reject this data?'. */
  title: string;
  onCancel(): void;
  /** Sends the action with the reason; answers the server's message for the reason, if it has one. */
  onConfirm(reason: string): Promise<string | undefined>;
}

export function ReasonConfirm({ title, onCancel, onConfirm }: ReasonConfirmProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);

  async function confirm() {
    const problem = check(reason);
    setError(problem ?? undefined);
    if (problem) return;
    setSending(true);
    const serverError = await onConfirm(reason);
    setSending(false);
    if (serverError) setError(serverError);
  }

  return (
    <Modal open title={title} okText="Yes" cancelText="No" onOk={() => void confirm()} onCancel={onCancel} confirmLoading={sending} destroyOnHidden width={480}>
      <Form layout="vertical" className="engine-reason">
        <Form.Item label={reasonField.label} required validateStatus={error ? 'error' : undefined} help={error} htmlFor="engine-reason">
          <Input.TextArea
            id="engine-reason"
            value={reason}
            rows={3}
            placeholder={`Input ${reasonField.placeholder}`}
            onChange={(event) => {
              setReason(event.target.value);
              // A shown message follows the typing, so it goes once the reason is good.
              if (error) setError(check(event.target.value) ?? undefined);
            }}
            onBlur={() => setError(check(reason) ?? undefined)}
            autoFocus
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
