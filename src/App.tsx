// Routes: the public member pages whether signed in or not; signed out, the login page at / and at every page of
// the application (which opens after sign-in), the branded not-found page elsewhere; signed in, the application
// (loaded lazily).
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { Spin } from 'antd';
import type { MenuTree } from '../engine/definition/menuTree';
import tree from '../screens/menu-tree.json';
import { PublicNotFoundPage } from './pages/ErrorPages';
import { isStaffPath, staffPatterns } from './shell/staffRoutes';
import { sessionStore } from './session/storage';
import { loadEnvironment } from './session/environment';

const LoginPage = lazy(() => import('./pages/LoginPage').then((m) => ({ default: m.LoginPage })));
const SignedIn = lazy(() => import('./shell/SignedInApp'));
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

const STAFF_PATTERNS = staffPatterns(tree as MenuTree);

/** Signed out: a page of the application asks for sign-in first (spec 000 §2); any other path is not found. */
function SignedOut() {
  const { pathname } = useLocation();
  return isStaffPath(STAFF_PATTERNS, pathname) ? <LoginPage /> : <PublicNotFoundPage />;
}

const loading = <Spin size="large" style={{ display: 'block', marginTop: '20vh' }} />;

export function App() {
  const signedIn = useSyncExternalStore(sessionStore.subscribe, () => !!sessionStore.token());
  const [idleSeconds, setIdleSeconds] = useState<number>();
  useEffect(() => {
    void loadEnvironment().then((environment) => setIdleSeconds(environment.idleSeconds));
  }, []);
  return (
    <Suspense fallback={loading}>
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
    </Suspense>
  );
}
