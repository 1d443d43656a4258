// The staff sign-in's behaviour: loginMachine with its authenticate call (the password leaves the browser as its
// digest), the session kept and the requested page opened after sign-in, the forgot-password modal's state, and
// whether antd's overlays (modals, toasts) are due yet.
import { useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ResponseEnvelope } from '../../engine/api/envelope';
import { passwordDigest } from '../../engine/api/passwordDigest';
import { loginMachine, type AuthenticateInput, type LoginField } from '../../workflows/loginMachine';
import type { CaptchaHandle } from '../components/AltchaCaptcha';
import { api } from '../api';
import { afterSignIn } from '../shell/staffRoutes';
import type { Environment } from '../session/environment';
import { sessionStore, type StoredPermission, type StoredProfile } from '../session/storage';

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

/** `loadOverlays` starts loading antd's parts (LoginOverlays); the page loads them again lazily from the same import. */
export function useLoginController(environment: Environment, captchaRef: RefObject<CaptchaHandle | null>, loadOverlays: () => Promise<unknown>) {
  const navigate = useNavigate();
  // Signed out on a page of the application, the login page shows there and opens it after sign-in.
  const requested = useRef(useLocation());
  const [forgotOpen, setForgotOpen] = useState(false);
  const [state, send] = useMachine(
    loginMachine.provide({ actors: { authenticate }, actions: { resetCaptcha: () => captchaRef.current?.reset() } }),
    { input: { maintenance: environment.maintenance } },
  );
  const failedWith = state.matches('failed') ? state.context.error : undefined;
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
  const captchaChanged = (payload: string | undefined) => send(payload ? { type: 'CAPTCHA_VERIFIED', payload } : { type: 'CAPTCHA_RESET' });

  return { state, send, failedWith, overlays, forgotOpen, openForgot: () => setForgotOpen(true), closeForgot, submit, edit, captchaChanged };
}
