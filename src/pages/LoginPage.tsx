// Staff sign-in (spec 000 §2, §4, §5), driven by loginMachine: the captcha gates Log in, 9004 opens the
// change-password modal, the maintenance window blocks sign-in, and the forgot-password modal is one click away.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert, App as AntApp, Button, Card, Form, Input, Modal, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { CLIENT_VERSION, type ResponseEnvelope } from '../../engine/api/envelope';
import { passwordDigest } from '../../engine/api/passwordDigest';
import { SHELL_MESSAGES } from '../../engine/rules';
import { loginMachine, type AuthenticateInput } from '../../workflows/loginMachine';
import { AltchaCaptcha, type CaptchaHandle } from '../components/AltchaCaptcha';
import { api } from '../api';
import { pageTitle } from '../shell/pageTitle';
import { afterSignIn } from '../shell/staffRoutes';
import { loadEnvironment, type Environment } from '../session/environment';
import { sessionStore, type StoredPermission, type StoredProfile } from '../session/storage';
import { ChangePasswordModal } from './ChangePasswordModal';
import { ForgotPasswordModal } from './ForgotPasswordModal';

export const LOGIN_TITLE = pageTitle('Login');
export const FORGOT_LINK = "Don't know your password? Set your password here.";

interface LoginResult extends StoredPermission {
  bearer: string;
  expiresat: string;
  user: StoredProfile;
}

const authenticate = fromPromise<ResponseEnvelope, AuthenticateInput>(async ({ input }) =>
  api.call('/api/session/authenticate', {
    noRetry: true,
    data: { username: input.username, password: passwordDigest(input.password), recaptcha: input.recaptcha },
  }),
);

function LoginForm({ environment }: { environment: Environment }) {
  const captchaRef = useRef<CaptchaHandle>(null);
  const navigate = useNavigate();
  // Signed out on a page of the application, the login page shows there and opens it after sign-in.
  const requested = useRef(useLocation());
  const { message } = AntApp.useApp();
  const [forgotOpen, setForgotOpen] = useState(false);
  const [state, send] = useMachine(
    loginMachine.provide({ actors: { authenticate }, actions: { resetCaptcha: () => captchaRef.current?.reset() } }),
    { input: { maintenance: environment.maintenance } },
  );
  const { context } = state;

  useEffect(() => {
    if (state.status !== 'done' || !state.output) return;
    const { bearer, expiresat, user, usermenu, enrollmentaccess } = (state.output as ResponseEnvelope<LoginResult>).result!;
    sessionStore.save(bearer, expiresat, user, { usermenu, enrollmentaccess });
    navigate(afterSignIn(requested.current, user.rolename), { replace: true });
  }, [state.status, state.output, navigate]);

  useEffect(() => {
    if (state.matches('failed') && context.error) message.error({ content: context.error, key: 'login-error' });
  }, [state, context.error, message]);

  const closeForgot = useCallback(
    (output: { outcome: string; message?: string }) => {
      setForgotOpen(false);
      if (output.outcome === 'done' && output.message) message.success(output.message);
    },
    [message],
  );

  return (
    <>
      {context.notice && !state.matches('passwordExpired') && !state.matches('maintenance') && (
        <Alert type="success" showIcon title={context.notice.message} description={context.notice.description} style={{ marginBottom: 16 }} />
      )}
      <Form layout="vertical" requiredMark={false} size="large" onFinish={(values) => send({ type: 'SUBMIT', username: values.username ?? '', password: values.password ?? '' })}>
        <Form.Item
          name="username"
          label="Username"
          rules={[{ required: true, message: SHELL_MESSAGES.usernameRequired }]}
          {...(context.fieldErrors.username ? { validateStatus: 'error' as const, help: context.fieldErrors.username } : {})}
        >
          <Input prefix={<UserOutlined />} placeholder="Username" autoComplete="username" />
        </Form.Item>
        <Form.Item
          name="password"
          label="Password"
          rules={[{ required: true, message: SHELL_MESSAGES.passwordRequired }]}
          {...(context.fieldErrors.password ? { validateStatus: 'error' as const, help: context.fieldErrors.password } : {})}
        >
          <Input.Password prefix={<LockOutlined />} placeholder="Password" autoComplete="current-password" />
        </Form.Item>
        <Form.Item>
          <AltchaCaptcha ref={captchaRef} onChange={(payload) => send(payload ? { type: 'CAPTCHA_VERIFIED', payload } : { type: 'CAPTCHA_RESET' })} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block disabled={!state.matches('ready')} loading={state.matches('submitting')}>
          Log in
        </Button>
      </Form>
      {environment.forgotPassword !== false && (
        <Button type="link" block style={{ marginTop: 12 }} onClick={() => setForgotOpen(true)}>
          {FORGOT_LINK}
        </Button>
      )}
      {state.matches('passwordExpired') && (
        <ChangePasswordModal
          username={context.username}
          ticket={context.changeTicket}
          notice={context.notice?.message}
          onDone={() => send({ type: 'PASSWORD_CHANGED' })}
          onCancel={() => send({ type: 'CLOSE_MODAL' })}
        />
      )}
      <Modal open={state.matches('maintenance')} title="Maintenance" onOk={() => send({ type: 'CLOSE_MODAL' })} onCancel={() => send({ type: 'CLOSE_MODAL' })} cancelButtonProps={{ style: { display: 'none' } }}>
        {context.notice?.message}
      </Modal>
      {forgotOpen && <ForgotPasswordModal onDone={closeForgot} />}
    </>
  );
}

export function LoginPage() {
  const [environment, setEnvironment] = useState<Environment>();

  useEffect(() => {
    document.title = LOGIN_TITLE;
    void loadEnvironment().then(setEnvironment);
  }, []);

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
          {environment && <LoginForm environment={environment} />}
        </Card>
        <Typography.Text type="secondary" className="login-footer">
          {CLIENT_VERSION} · © {new Date().getFullYear()} Loyalty Management System
        </Typography.Text>
      </div>
    </div>
  );
}
