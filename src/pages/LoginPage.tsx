// Staff sign-in (spec 000 §2, §4, §5): username, password, the self-hosted captcha, Log in enabled once it passes.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { App as AntApp, Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { CLIENT_VERSION, isSuccess } from '../../engine/api/envelope';
import { passwordDigest } from '../../engine/api/passwordDigest';
import { SHELL_MESSAGES } from '../../engine/rules';
import { AltchaCaptcha, type CaptchaHandle } from '../components/AltchaCaptcha';
import { api } from '../api';
import { sessionStore, type StoredPermission, type StoredProfile } from '../session/storage';

export const LOGIN_TITLE = 'Login | Loyalty Management System';

interface LoginResult extends StoredPermission {
  bearer: string;
  expiresat: string;
  user: StoredProfile;
}

export function LoginPage() {
  const [captcha, setCaptcha] = useState<string>();
  const [busy, setBusy] = useState(false);
  const captchaRef = useRef<CaptchaHandle>(null);
  const navigate = useNavigate();
  const { message } = AntApp.useApp();

  useEffect(() => {
    document.title = LOGIN_TITLE;
  }, []);

  async function submit(values: { username: string; password: string }) {
    setBusy(true);
    const answer = await api.call<LoginResult>('/api/session/authenticate', {
      noRetry: true,
      data: { username: values.username, password: passwordDigest(values.password), recaptcha: captcha },
    });
    setBusy(false);
    // The captcha is single use: a new one after every attempt.
    setCaptcha(undefined);
    captchaRef.current?.reset();
    if (isSuccess(answer.status.responsecode) && answer.result) {
      const { bearer, expiresat, user, usermenu, enrollmentaccess } = answer.result;
      sessionStore.save(bearer, expiresat, user, { usermenu, enrollmentaccess });
      navigate(user.rolename === 'BOD' ? '/member' : '/', { replace: true });
      return;
    }
    message.error(answer.status.responsemessage);
  }

  return (
    <div className="login-page">
      <div className="login-brand">
        <img src="/logo.svg" alt="" width={56} height={56} />
        <Typography.Title level={2} style={{ color: '#fff', margin: '24px 0 8px' }}>
          Loyalty Management System
        </Typography.Title>
        <Typography.Paragraph style={{ color: 'rgba(255,255,255,0.85)', fontSize: 16, maxWidth: 380 }}>
          Members, miles, tiers, awards and partners of the frequent-flyer programme, in one back office.
        </Typography.Paragraph>
      </div>
      <div className="login-panel">
        <Card className="login-card" variant="borderless">
          <Typography.Title level={3} style={{ marginTop: 0 }}>
            Log in
          </Typography.Title>
          <Form layout="vertical" requiredMark={false} onFinish={submit} size="large">
            <Form.Item name="username" label="Username" rules={[{ required: true, message: SHELL_MESSAGES.usernameRequired }]}>
              <Input prefix={<UserOutlined />} placeholder="Username" autoComplete="username" />
            </Form.Item>
            <Form.Item name="password" label="Password" rules={[{ required: true, message: SHELL_MESSAGES.passwordRequired }]}>
              <Input.Password prefix={<LockOutlined />} placeholder="Password" autoComplete="current-password" />
            </Form.Item>
            <Form.Item>
              <AltchaCaptcha ref={captchaRef} onChange={setCaptcha} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block disabled={!captcha} loading={busy}>
              Log in
            </Button>
          </Form>
        </Card>
        <Typography.Text type="secondary" className="login-footer">
          {CLIENT_VERSION} · © {new Date().getFullYear()} Loyalty Management System
        </Typography.Text>
      </div>
    </div>
  );
}
