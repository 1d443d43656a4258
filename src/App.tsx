// Routes: the login page when signed out; when signed in, the shell with one route per screen behind its ACCESS grant.
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { App as AntApp } from 'antd';
import type { ScreenDefinition } from '../engine/definition/screen';
import { EngineContext, type EngineServices } from '../engine/render/EngineContext';
import { ScreenPage } from '../engine/render/ScreenPage';
import { api, onAccessDenied, onSessionDropped } from './api';
import { catalogue } from './definitions';
import { DashboardPage } from './pages/DashboardPage';
import { ForbiddenPage, NotFoundPage } from './pages/ErrorPages';
import { LoginPage } from './pages/LoginPage';
import { ProfilePage } from './pages/ProfilePage';
import { AppShell } from './shell/AppShell';
import { Grants, navigationFor } from './shell/navigation';
import { sessionStore } from './session/storage';

function ScreenRoute({ screen, grants }: { screen: ScreenDefinition; grants: Grants }) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = `${screen.title} | Loyalty Management System`;
  }, [screen]);
  if (!grants.hasAccess(screen.menucode)) return <ForbiddenPage />;
  return <ScreenPage screen={screen} query={location.search.replace(/^\?/, '')} onQueryChange={(query) => navigate({ search: query ? `?${query}` : '' })} />;
}

function SignedIn() {
  const profile = sessionStore.profile()!;
  const permission = useSyncExternalStore(sessionStore.subscribe, () => localStorage.getItem('alms.permission'));
  const grants = useMemo(() => new Grants(sessionStore.permission()), [permission]);
  const location = useLocation();
  const navigate = useNavigate();
  const { message } = AntApp.useApp();
  const [deniedPath, setDeniedPath] = useState<string>();

  useEffect(() => onAccessDenied(() => setDeniedPath(window.location.pathname)), []);
  useEffect(
    () =>
      onSessionDropped((text) => {
        message.error(text);
        setTimeout(() => {
          sessionStore.clear();
          navigate('/', { replace: true });
        }, 3000);
      }),
    [message, navigate],
  );

  const services: EngineServices = useMemo(() => ({ call: api.call, can: grants.can, catalogue }), [grants]);
  const routable = catalogue.menus.filter((menu) => menu.path && catalogue.screenByMenu.has(menu.menucode));
  const builtIn = new Set(['DASHBOARD', 'PROFILE', 'BPROFL']);
  const navigation = navigationFor(catalogue.tree, profile, grants, (menu) => builtIn.has(menu.menucode) || catalogue.screenByMenu.has(menu.menucode));

  const logout = async () => {
    await api.call('/api/session/expire', { noRetry: true });
    sessionStore.clear();
    navigate('/', { replace: true });
  };

  return (
    <EngineContext.Provider value={services}>
      <AppShell navigation={navigation} profile={profile} onLogout={logout}>
        {deniedPath === location.pathname ? (
          <ForbiddenPage />
        ) : (
          <Routes>
            <Route path="/" element={<DashboardPage profile={profile} />} />
            <Route path="/profile" element={<ProfilePage profile={profile} />} />
            {routable.map((menu) => (
              <Route key={menu.menucode} path={menu.path} element={<ScreenRoute screen={catalogue.screenByMenu.get(menu.menucode)!} grants={grants} />} />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        )}
      </AppShell>
    </EngineContext.Provider>
  );
}

export function App() {
  const signedIn = useSyncExternalStore(sessionStore.subscribe, () => !!sessionStore.token());
  return signedIn ? <SignedIn /> : <LoginPage />;
}
