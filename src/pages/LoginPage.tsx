// Staff sign-in (spec 000 §2, §4, §5) in plain React and login.css, driven by loginMachine: the captcha gates Log in,
// 9004 opens the change-password modal, the maintenance window blocks sign-in, the forgot-password modal is one click
// away. The modals and toasts are antd's, in LoginOverlays, loaded only when first needed, so the page loads no antd.
import { lazy, Suspense, useEffect, useRef } from 'react';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import { CLIENT_VERSION } from '../../engine/api/envelope';
import { AltchaCaptcha, type CaptchaHandle } from '../components/AltchaCaptcha';
import { pageTitle } from '../shell/pageTitle';
import type { Environment } from '../session/environment';
import { useEnvironment } from '../session/useSessionState';
import { Field } from './LoginField';
import { LoginIcon } from './LoginIcon';
import { useLoginController } from './useLoginController';
import './login.css';

export const LOGIN_TITLE = pageTitle('Login');
export const FORGOT_LINK = "Don't know your password? Set your password here.";

const loadOverlays = () => import('./LoginOverlays');
const LoginOverlays = lazy(loadOverlays);

function LoginForm({ environment }: { environment: Environment }) {
  const captchaRef = useRef<CaptchaHandle>(null);
  const { state, send, failedWith, overlays, forgotOpen, openForgot, closeForgot, submit, edit, captchaChanged } = useLoginController(environment, captchaRef, loadOverlays);
  const { context } = state;
  const submitting = state.matches('submitting');

  return (
    <>
      {context.notice && !state.matches('passwordExpired') && !state.matches('maintenance') && (
        <div className="login-notice" role="alert">
          <LoginIcon icon={CheckCircleFilled} />
          <div>
            <div className="login-notice-title">{context.notice.message}</div>
            {context.notice.description && <div>{context.notice.description}</div>}
          </div>
        </div>
      )}
      <form noValidate onSubmit={submit}>
        <Field name="username" error={context.fieldErrors.username} onEdit={edit} />
        <Field name="password" error={context.fieldErrors.password} onEdit={edit} />
        <div className="login-captcha">
          <AltchaCaptcha ref={captchaRef} onChange={captchaChanged} />
        </div>
        <button type="submit" className={`login-button${submitting ? ' login-button-busy' : ''}`} disabled={!state.matches('ready')}>
          {submitting && <LoginIcon icon={LoadingOutlined} />}
          <span>Log in</span>
        </button>
      </form>
      {environment.forgotPassword !== false && (
        <button type="button" className="login-link" onClick={openForgot}>
          <span>{FORGOT_LINK}</span>
        </button>
      )}
      {overlays && (
        <Suspense fallback={null}>
          <LoginOverlays
            error={failedWith}
            expired={state.matches('passwordExpired') ? { username: context.username, ticket: context.changeTicket, notice: context.notice?.message } : undefined}
            maintenance={state.matches('maintenance') ? (context.notice?.message ?? '') : undefined}
            forgotOpen={forgotOpen}
            onForgotClosed={closeForgot}
            send={send}
          />
        </Suspense>
      )}
    </>
  );
}

export function LoginPage() {
  const environment = useEnvironment();

  useEffect(() => {
    document.title = LOGIN_TITLE;
  }, []);

  return (
    <div className="login-page">
      <div className="login-brand">
        <img src="/logo.svg" alt="" width={56} height={56} />
        <h2 className="login-brand-title">Loyalty Management System</h2>
        <p className="login-brand-text">Members, miles, tiers, awards and partners of the frequent-flyer programme, in one back office.</p>
      </div>
      <div className="login-panel">
        <div className="login-card">
          <h3 className="login-title">Log in</h3>
          {environment && <LoginForm environment={environment} />}
        </div>
        <span className="login-footer">
          {CLIENT_VERSION} · © {new Date().getFullYear()} Loyalty Management System
        </span>
      </div>
    </div>
  );
}
