// The member reset's request form, shown before there is a key: the card number or e-mail, with the login page's
// captcha; the button waits for the captcha. memberResetMachine checks and sends it.
import type { Ref } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import type { MemberResetEvent } from '../../../workflows/memberResetMachine';
import { AltchaCaptcha, type CaptchaHandle } from '../../components/AltchaCaptcha';

interface Props {
  /** The server's message of a refused request. */
  message: string | undefined;
  usernameErrors: string[] | undefined;
  busy: boolean;
  captchaPassed: boolean;
  captchaRef: Ref<CaptchaHandle>;
  send(event: MemberResetEvent): void;
}

export function MemberResetRequest({ message, usernameErrors, busy, captchaPassed, captchaRef, send }: Props) {
  return (
    <>
      {message && <Alert type="error" showIcon title={message} style={{ marginBottom: 16 }} />}
      <Form
        layout="vertical"
        requiredMark={false}
        size="large"
        onFinish={(values: { username?: string }) => send({ type: 'SUBMIT_REQUEST', username: values.username ?? '' })}
      >
        <Form.Item
          name="username"
          label="Card Number or Email"
          {...(usernameErrors ? { validateStatus: 'error' as const, help: usernameErrors.join(' ') } : {})}
        >
          <Input prefix={<UserOutlined />} placeholder="Card Number or Email" autoComplete="username" />
        </Form.Item>
        <Form.Item>
          <AltchaCaptcha ref={captchaRef} onChange={(payload) => send(payload ? { type: 'CAPTCHA_VERIFIED', payload } : { type: 'CAPTCHA_RESET' })} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} disabled={!captchaPassed && !busy}>
          Submit
        </Button>
      </Form>
    </>
  );
}
