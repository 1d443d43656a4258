// Routes: the public member pages whether signed in or not; signed out, the login page at / and at every page of
// the application (which opens after sign-in), the branded not-found page elsewhere; signed in, the application
// (loaded lazily). The login page is plain React: antd's frame (theme, toasts) loads for every other page, once,
// and then stays, so a toast that explains a sign-out outlives the signed-in application.
import { lazy, Suspense, use, useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { useDefinitionIndex } from './definitions';
import { isStaffPath, staffPatterns } from './shell/staffRoutes';
import { useEnvironment, useSignedIn } from './session/useSessionState';

const LoginPage = lazy(() => import('./pages/LoginPage').then((m) => ({ default: m.LoginPage })));
const loadSignedIn = () => import('./shell/SignedInApp');
const SignedIn = lazy(loadSignedIn);
const PublicNotFoundPage = lazy(() => import('./pages/ErrorPages').then((m) => ({ default: m.PublicNotFoundPage })));
const ActivationPage = lazy(() => import('./pages/public/ActivationPage'));
const MemberResetPage = lazy(() => import('./pages/public/MemberResetPage'));
const StaffResetPage = lazy(() => import('./pages/public/StaffResetPage'));
const OtpPage = lazy(() => import('./pages/public/OtpPage'));
const EmailVerifiedPage = lazy(() => import('./pages/public/EmailVerifiedPage'));
const MiniViewPage = lazy(() => import('./pages/public/MiniViewPage'));

/** Public pages (spec 000 §2): a signed-in user opening an e-mailed link sees the page, not the shell. */
const publicRoutes = (
  <>
    <Route path="/activation" element={<ActivationPage />} />
    <Route path="/activation/:id" element={<ActivationPage />} />
    <Route path="/reset-password-member" element={<MemberResetPage />} />
    <Route path="/reset-password-member/:id" element={<MemberResetPage />} />
    <Route path="/announcement/reset-password-member/:token" element={<MemberResetPage withKey={false} />} />
    <Route path="/reset-password/:id" element={<StaffResetPage />} />
    <Route path="/otp/:id" element={<OtpPage />} />
    <Route path="/email-verified/:id" element={<EmailVerifiedPage />} />
    <Route path="/mini-view" element={<MiniViewPage />} />
  </>
);

/** Signed out, the login page answers at / and at the application's pages (of the menu tree served). */
function useShowsLogin(): (pathname: string) => boolean {
  const { tree } = useDefinitionIndex();
  const patterns = useMemo(() => staffPatterns(tree), [tree]);
  return (pathname) => pathname === '/' || isStaffPath(patterns, pathname);
}

/** Signed out: a page of the application asks for sign-in first (spec 000 §2); any other path is not found. */
function SignedOut() {
  const { pathname } = useLocation();
  return useShowsLogin()(pathname) ? <LoginPage /> : <PublicNotFoundPage />;
}

/** antd's spinner look, in plain CSS (styles.css), for the wait before a lazily loaded page. */
const loading = (
  <div className="app-loading" role="status" aria-label="Loading">
    <span />
    <span />
    <span />
    <span />
  </div>
);

type Frame = ComponentType<{ children: ReactNode }>;
let loadedFrame: Frame | undefined;
let frameLoading: Promise<Frame> | undefined;
const loadFrame = () => (frameLoading ??= import('./AntdFrame').then((m) => (loadedFrame = m.AntdFrame)));

/**
 * Wraps the routes in antd's frame once a page that needs antd is shown, and keeps it from then on. Only this
 * component loads it, never while the login page shows (the login page's own antd parts bring their own frame), so
 * the login page is never remounted under a frame arriving. It suspends while the frame loads, so the page below
 * waits in the same Suspense as its own code.
 */
function AntdRoot({ wanted, children }: { wanted: boolean; children: ReactNode }) {
  const Loaded = loadedFrame ?? (wanted ? use(loadFrame()) : undefined);
  return Loaded ? <Loaded>{children}</Loaded> : children;
}

export function App() {
  const signedIn = useSignedIn();
  const { pathname } = useLocation();
  const idleSeconds = useEnvironment()?.idleSeconds;
  const showsLogin = useShowsLogin();
  // The application's code loads beside antd's frame, not after it.
  useEffect(() => {
    if (signedIn) void loadSignedIn();
  }, [signedIn]);
  return (
    <Suspense fallback={loading}>
      <AntdRoot wanted={signedIn || !showsLogin(pathname)}>
        <Routes>
          {publicRoutes}
          {signedIn ? (
            // The application's own routes match below this one.
            <Route path="*" element={idleSeconds === undefined ? loading : <SignedIn idleSeconds={idleSeconds} />} />
          ) : (
            <>
              <Route path="/" element={<LoginPage />} />
              <Route path="*" element={<SignedOut />} />
            </>
          )}
        </Routes>
      </AntdRoot>
    </Suspense>
  );
}
