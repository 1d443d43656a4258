// The change-expired-password modal (spec 000 §2, §5, §8), driven by changePasswordMachine: after a 9004 login
// it carries that answer's change ticket; on /profile the session is the proof.
import { useEffect } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { passwordDigest } from '../../engine/api/passwordDigest';
import { changePasswordMachine, type ChangePasswordCall, type ChangePasswordOutput } from '../../workflows/changePasswordMachine';
import { api } from '../api';
import { SHELL_MODAL_WIDTH } from '../shell/pageTitle';

const changePassword = fromPromise(async ({ input }: { input: ChangePasswordCall }) =>
  api.call('/api/user/change-password', {
    noRetry: true,
    data: {
      username: input.username,
      ...(input.ticket ? { ticket: input.ticket } : {}),
      currentpassword: passwordDigest(input.currentpassword),
      newpassword: passwordDigest(input.newpassword),
      plain: { currentpassword: input.currentpassword, newpassword: input.newpassword },
    },
  }),
);

interface Props {
  username: string;
  /** The change ticket of the 9004 login answer (none on /profile). */
  ticket?: string;
  notice: string | undefined;
  onDone(output: ChangePasswordOutput): void;
  onCancel(): void;
}

export function ChangePasswordModal({ username, ticket, notice, onDone, onCancel }: Props) {
  const [state, send] = useMachine(changePasswordMachine.provide({ actors: { changePassword } }), { input: { username, ticket } });
  const [form] = Form.useForm();
  const errors = state.context.fieldErrors;

  useEffect(() => {
    if (state.status === 'done' && state.output) onDone(state.output);
  }, [state.status, state.output, onDone]);

  const fieldStatus = (field: keyof typeof errors) =>
    errors[field]?.length ? { validateStatus: 'error' as const, help: errors[field]!.map((m) => <div key={m}>{m}</div>) } : {};

  return (
    <Modal
      open
      title="Change Password"
      width={SHELL_MODAL_WIDTH}
      okText="Change Password"
      onOk={() => form.submit()}
      onCancel={onCancel}
      confirmLoading={state.matches('submitting')}
      destroyOnHidden
    >
      {notice && <Alert type="warning" showIcon title={notice} style={{ marginBottom: 16 }} />}
      {state.context.message && <Alert type="error" showIcon title={state.context.message} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={(values) => send({ type: 'SUBMIT_PASSWORD', currentpassword: values.currentpassword ?? '', newpassword: values.newpassword ?? '', confirmation: values.confirmation ?? '' })}>
        <Form.Item name="currentpassword" label="Current Password" {...fieldStatus('currentpassword')}>
          <Input.Password placeholder="Current Password" autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newpassword" label="New Password" {...fieldStatus('newpassword')}>
          <Input.Password placeholder="New Password" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmation" label="Confirm New Password" {...fieldStatus('confirmation')}>
          <Input.Password placeholder="Confirm New Password" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
