// The change-expired-password modal (spec 000 §2, §5, §8), driven by changePasswordMachine: after a 9004 login
// it carries that answer's change ticket; on /profile the session is the proof.
import { useEffect } from 'react';
import { Alert, Form, Modal } from 'antd';
import { useMachine } from '@xstate/react';
import { changePasswordMachine, type ChangePasswordOutput } from '../../workflows/changePasswordMachine';
import { SHELL_MODAL_WIDTH } from '../shell/pageTitle';
import { changePasswordCalls } from './changePasswordCall';
import { NewPasswordForm } from './NewPasswordForm';

interface Props {
  username: string;
  /** The change ticket of the 9004 login answer (none on /profile). */
  ticket?: string;
  notice: string | undefined;
  onDone(output: ChangePasswordOutput): void;
  onCancel(): void;
}

export function ChangePasswordModal({ username, ticket, notice, onDone, onCancel }: Props) {
  const [state, send] = useMachine(changePasswordMachine.provide({ actors: changePasswordCalls }), { input: { username, ticket } });
  const [form] = Form.useForm();
  const busy = state.matches('submitting');

  useEffect(() => {
    if (state.status === 'done' && state.output) onDone(state.output);
  }, [state.status, state.output, onDone]);

  return (
    <Modal
      open
      title="Change Password"
      width={SHELL_MODAL_WIDTH}
      okText="Change Password"
      onOk={() => form.submit()}
      onCancel={onCancel}
      confirmLoading={busy}
      destroyOnHidden
    >
      {notice && <Alert type="warning" showIcon title={notice} style={{ marginBottom: 16 }} />}
      <NewPasswordForm errors={state.context.fieldErrors} message={state.context.message} busy={busy} send={send} modal={form} />
    </Modal>
  );
}
