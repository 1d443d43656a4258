// The login page's antd parts, loaded the first time one is due and kept from then on: the failed sign-in's toast,
// the 9004 change-password modal, the maintenance notice, the forgot-password modal and its closing toast.
import { useCallback, useEffect } from 'react';
import { App as AntApp, Modal } from 'antd';
import type { LoginEvent } from '../../workflows/loginMachine';
import type { ForgotPasswordOutput } from '../../workflows/forgotPasswordMachine';
import { AntdFrame } from '../AntdFrame';
import { ChangePasswordModal } from './ChangePasswordModal';
import { ForgotPasswordModal } from './ForgotPasswordModal';

export interface LoginOverlaysProps {
  /** The server's message of the attempt that just failed. */
  error: string | undefined;
  /** Set while the change-password modal is open (after 9004). */
  expired: { username: string; ticket: string | undefined; notice: string | undefined } | undefined;
  /** The notice while the maintenance window blocks sign-in. */
  maintenance: string | undefined;
  forgotOpen: boolean;
  onForgotClosed(): void;
  send(event: LoginEvent): void;
}

function Overlays({ error, expired, maintenance, forgotOpen, onForgotClosed, send }: LoginOverlaysProps) {
  const { message } = AntApp.useApp();

  useEffect(() => {
    if (error) message.error({ content: error, key: 'login-error' });
  }, [error, message]);

  // The modal closes at once; its toast is shown from here, where it outlives the modal.
  const closeForgot = useCallback(
    (output: ForgotPasswordOutput) => {
      onForgotClosed();
      if (output.outcome === 'done' && output.message) message.success(output.message);
    },
    [message, onForgotClosed],
  );

  return (
    <>
      {expired && (
        <ChangePasswordModal
          username={expired.username}
          ticket={expired.ticket}
          notice={expired.notice}
          onDone={() => send({ type: 'PASSWORD_CHANGED' })}
          onCancel={() => send({ type: 'CLOSE_MODAL' })}
        />
      )}
      <Modal open={maintenance !== undefined} title="Maintenance" onOk={() => send({ type: 'CLOSE_MODAL' })} onCancel={() => send({ type: 'CLOSE_MODAL' })} cancelButtonProps={{ style: { display: 'none' } }}>
        {maintenance}
      </Modal>
      {forgotOpen && <ForgotPasswordModal onDone={closeForgot} />}
    </>
  );
}

export default function LoginOverlays(props: LoginOverlaysProps) {
  return (
    <AntdFrame>
      <Overlays {...props} />
    </AntdFrame>
  );
}
