// The new-password form of every password flow: the public activation and reset pages, and the change-password
// modal, which asks the current password too and submits the form from its own OK button. The flow's machine checks
// what is sent (workflows/newPasswordForm.ts); this only lays the fields out and sends SUBMIT_PASSWORD.
import { Alert, Button, Form, Input, type FormInstance } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import type { FieldErrors, NewPasswordEvent } from '../../workflows/newPasswordForm';
import { fieldStatus } from '../components/fieldStatus';

/** How the form looks on a public page and in the modal, with its labels. */
const LOOKS = {
  page: { size: 'large', requiredMark: false, icon: <LockOutlined />, confirmation: 'Confirm Password' },
  modal: { size: undefined, requiredMark: undefined, icon: undefined, confirmation: 'Confirm New Password' },
} as const;

interface Props {
  errors: FieldErrors;
  /** The server's message of a refused attempt. */
  message: string | undefined;
  busy: boolean;
  send(event: NewPasswordEvent): void;
  /** In the change-password modal: the form asks the current password too, and the modal's OK button submits it. */
  modal?: FormInstance;
}

type Values = { currentpassword?: string; newpassword?: string; confirmation?: string };

export function NewPasswordForm({ errors, message, busy, send, modal }: Props) {
  const look = modal ? LOOKS.modal : LOOKS.page;
  const item = (name: keyof Values, label: string, autoComplete: string) => (
    <Form.Item name={name} label={label} {...fieldStatus(errors[name])}>
      <Input.Password prefix={look.icon} placeholder={label} autoComplete={autoComplete} />
    </Form.Item>
  );
  const submit = ({ currentpassword, newpassword, confirmation }: Values) =>
    send({ type: 'SUBMIT_PASSWORD', ...(modal ? { currentpassword: currentpassword ?? '' } : {}), newpassword: newpassword ?? '', confirmation: confirmation ?? '' });
  return (
    <>
      {message && <Alert type="error" showIcon title={message} style={{ marginBottom: 16 }} />}
      <Form form={modal} layout="vertical" requiredMark={look.requiredMark} size={look.size} onFinish={submit}>
        {modal && item('currentpassword', 'Current Password', 'current-password')}
        {item('newpassword', 'New Password', 'new-password')}
        {item('confirmation', look.confirmation, 'new-password')}
        {!modal && (
          <Button type="primary" htmlType="submit" block loading={busy}>
            Submit
          </Button>
        )}
      </Form>
    </>
  );
}
