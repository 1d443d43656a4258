// The public pages that set a password from an e-mailed link: the spec's waiting text while the key is checked, the
// shared form, then the server's message in its place. The flow's own steps before the form come as children.
import type { ReactNode } from 'react';
import { Result } from 'antd';
import type { NewPasswordEvent } from '../../../workflows/newPasswordForm';
import { NewPasswordForm } from '../NewPasswordForm';
import { PublicLayout, Waiting } from './PublicLayout';
import { passwordFlowView, type PasswordFlowSnapshot } from './passwordFlowView';

interface Props {
  title: string;
  /** The flow's snapshot. */
  flow: PasswordFlowSnapshot;
  send(event: NewPasswordEvent): void;
  /** The spec's waiting text, shown while the flow checks the key. */
  waiting: string;
  /** Above the form (the staff reset's username). */
  header?: ReactNode;
  /** Under the success message (the staff reset's way back to the login page). */
  doneDetail?: string;
  children?: ReactNode;
}

export function NewPasswordPage({ title, flow, send, waiting, header, doneDetail, children }: Props) {
  const view = passwordFlowView(flow);
  return (
    <PublicLayout title={title}>
      {children}
      {view.checkingKey && <Waiting text={waiting} />}
      {view.step === 'form' && (
        <>
          {header}
          <NewPasswordForm errors={view.fieldErrors} message={view.message} busy={view.busy} send={send} />
        </>
      )}
      {view.step === 'done' && <Result status="success" title={view.message} subTitle={doneDetail} />}
      {view.step === 'failed' && <Result status="error" title={view.message} />}
    </PublicLayout>
  );
}
