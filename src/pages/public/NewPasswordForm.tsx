// The create-password form of the activation and reset pages; the machine checks it (workflows/newPasswordForm.ts).
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import type { NewPasswordErrors, NewPasswordField } from '../../../workflows/newPasswordForm';

interface Props {
  errors: NewPasswordErrors;
  /** The server's message of a refused attempt. */
  message: string | undefined;
  busy: boolean;
  onSubmit(newpassword: string, confirmation: string): void;
}

export function NewPasswordForm({ errors, message, busy, onSubmit }: Props) {
  const fieldStatus = (field: NewPasswordField) =>
    errors[field]?.length ? { validateStatus: 'error' as const, help: errors[field]!.map((text) => <div key={text}>{text}</div>) } : {};
  return (
    <>
      {message && <Alert type="error" showIcon title={message} style={{ marginBottom: 16 }} />}
      <Form
        layout="vertical"
        requiredMark={false}
        size="large"
        onFinish={(values: { newpassword?: string; confirmation?: string }) => onSubmit(values.newpassword ?? '', values.confirmation ?? '')}
      >
        <Form.Item name="newpassword" label="New Password" {...fieldStatus('newpassword')}>
          <Input.Password prefix={<LockOutlined />} placeholder="New Password" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmation" label="Confirm Password" {...fieldStatus('confirmation')}>
          <Input.Password prefix={<LockOutlined />} placeholder="Confirm Password" autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Submit
        </Button>
      </Form>
    </>
  );
}
