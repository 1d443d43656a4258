// Routes: signed out, the login page at / and not-found elsewhere; signed in, the application (loaded lazily).
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Spin } from 'antd';
import { NotFoundPage } from './pages/ErrorPages';
import { sessionStore } from './session/storage';
import { loadEnvironment } from './session/environment';

const LoginPage = lazy(() => import('./pages/LoginPage').then((m) => ({ default: m.LoginPage })));
const SignedIn = lazy(() => import('./shell/SignedInApp'));

const loading = <Spin size="large" style={{ display: 'block', marginTop: '20vh' }} />;

export function App() {
  const signedIn = useSyncExternalStore(sessionStore.subscribe, () => !!sessionStore.token());
  const [idleSeconds, setIdleSeconds] = useState<number>();
  useEffect(() => {
    void loadEnvironment().then((environment) => setIdleSeconds(environment.idleSeconds));
  }, []);
  if (!signedIn) {
    // Signed out: the login page at /, the public pages, and the not-found page for any other path.
    return (
      <Suspense fallback={loading}>
        <Routes>
          <Route path="/" element={<LoginPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    );
  }
  return idleSeconds === undefined ? loading : <Suspense fallback={loading}><SignedIn idleSeconds={idleSeconds} /></Suspense>;
}
