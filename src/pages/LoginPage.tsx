// Staff sign-in (spec 000 §2, §4, §5) in plain React and login.css, driven by loginMachine: the captcha gates Log in,
// 9004 opens the change-password modal, the maintenance window blocks sign-in, the forgot-password modal is one click
// away. The modals and toasts are antd's, in LoginOverlays, loaded only when first needed, so the page loads no antd.
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import { CLIENT_VERSION, type ResponseEnvelope } from '../../engine/api/envelope';
import { passwordDigest } from '../../engine/api/passwordDigest';
import { loginMachine, type AuthenticateInput, type LoginField } from '../../workflows/loginMachine';
import { AltchaCaptcha, type CaptchaHandle } from '../components/AltchaCaptcha';
import { api } from '../api';
import { pageTitle } from '../shell/pageTitle';
import { afterSignIn } from '../shell/staffRoutes';
import { loadEnvironment, type Environment } from '../session/environment';
import { sessionStore, type StoredPermission, type StoredProfile } from '../session/storage';
import { LoginIcon } from './LoginIcon';
import './login.css';

export const LOGIN_TITLE = pageTitle('Login');
export const FORGOT_LINK = "Don't know your password? Set your password here.";

const loadOverlays = () => import('./LoginOverlays');
const LoginOverlays = lazy(loadOverlays);

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

const FIELDS = {
  username: { label: 'Username', icon: UserOutlined, autoComplete: 'username' },
  password: { label: 'Password', icon: LockOutlined, autoComplete: 'current-password' },
} as const;

/** A labelled large input with its prefix icon and the machine's message for it (antd's vertical form item look). */
function Field({ name, error, onEdit }: { name: LoginField; error: string | undefined; onEdit(field: LoginField, value: string): void }) {
  const { label, icon, autoComplete } = FIELDS[name];
  const [shown, setShown] = useState(false);
  const secret = name === 'password';
  return (
    <div className={`login-field${error ? ' login-field-error' : ''}`}>
      <label className="login-label" htmlFor={name}>
        {label}
      </label>
      <span className="login-input">
        <span className="login-prefix">
          <LoginIcon icon={icon} />
        </span>
        <input
          id={name}
          name={name}
          type={secret && !shown ? 'password' : 'text'}
          placeholder={label}
          autoComplete={autoComplete}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${name}_help` : undefined}
          onChange={(event) => onEdit(name, event.target.value)}
        />
        {secret && (
          <button type="button" className="login-eye" aria-label={shown ? 'Hide' : 'Show'} aria-pressed={shown} onClick={() => setShown(!shown)}>
            <LoginIcon icon={shown ? EyeOutlined : EyeInvisibleOutlined} />
          </button>
        )}
      </span>
      <div className="login-help" id={`${name}_help`} role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}

function LoginForm({ environment }: { environment: Environment }) {
  const captchaRef = useRef<CaptchaHandle>(null);
  const navigate = useNavigate();
  // Signed out on a page of the application, the login page shows there and opens it after sign-in.
  const requested = useRef(useLocation());
  const [forgotOpen, setForgotOpen] = useState(false);
  const [state, send] = useMachine(
    loginMachine.provide({ actors: { authenticate }, actions: { resetCaptcha: () => captchaRef.current?.reset() } }),
    { input: { maintenance: environment.maintenance } },
  );
  const { context } = state;
  const failedWith = state.matches('failed') ? context.error : undefined;
  // antd's parts load the first time a modal or a toast is due, and then stay (a toast outlives its modal).
  const [overlays, setOverlays] = useState(false);
  const wanted = forgotOpen || state.matches('passwordExpired') || state.matches('maintenance') || failedWith !== undefined;
  useEffect(() => {
    if (wanted) setOverlays(true);
  }, [wanted]);

  useEffect(() => {
    if (state.status !== 'done' || !state.output) return;
    const { bearer, expiresat, user, usermenu, enrollmentaccess } = (state.output as ResponseEnvelope<LoginResult>).result!;
    sessionStore.save(bearer, expiresat, user, { usermenu, enrollmentaccess });
    navigate(afterSignIn(requested.current, user.rolename), { replace: true });
  }, [state.status, state.output, navigate]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = new FormData(event.currentTarget);
    // A failed sign-in shows antd's toast: its code starts loading with the call, so the answer does not wait for it.
    void loadOverlays();
    send({ type: 'SUBMIT', username: String(values.get('username') ?? ''), password: String(values.get('password') ?? '') });
  };
  const edit = useCallback((field: LoginField, value: string) => send({ type: 'FIELD_CHANGED', field, value }), [send]);
  const closeForgot = useCallback(() => setForgotOpen(false), []);
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
          <AltchaCaptcha ref={captchaRef} onChange={(payload) => send(payload ? { type: 'CAPTCHA_VERIFIED', payload } : { type: 'CAPTCHA_RESET' })} />
        </div>
        <button type="submit" className={`login-button${submitting ? ' login-button-busy' : ''}`} disabled={!state.matches('ready')}>
          {submitting && <LoginIcon icon={LoadingOutlined} />}
          <span>Log in</span>
        </button>
      </form>
      {environment.forgotPassword !== false && (
        <button type="button" className="login-link" onClick={() => setForgotOpen(true)}>
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
  const [environment, setEnvironment] = useState<Environment>();

  useEffect(() => {
    document.title = LOGIN_TITLE;
    void loadEnvironment().then(setEnvironment);
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
