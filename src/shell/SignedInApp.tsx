// The signed-in application: shell, navigation, one route per screen behind its ACCESS grant, session machine.
// Loaded on its own after sign-in, so the login page stays small.
import { Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { App as AntApp, Modal } from 'antd';
import { IDLE_WARNING } from '../../workflows/shellTexts';
import { EngineContext } from '../../engine/render/EngineContext';
import { closeErrorToasts } from '../../engine/render/errorToast';
import { AppShell } from './AppShell';
import { ErrorBoundary } from './ErrorBoundary';
import { API_DOCS_ROUTE } from '../../engine/api/apiReference';
import { ForbiddenPage, LazyApiDocs, LazyProfile, NotFoundPage, PageRoute, Titled, pageLoading } from './PageRoute';
import { useSignedInController } from './useSignedInController';

export default function SignedIn({ idleSeconds }: { idleSeconds: number }) {
  const { profile, grants, session, services, routes, navigation, choices, quickSearches } = useSignedInController(idleSeconds);
  const location = useLocation();
  const { message } = AntApp.useApp();

  // A screen's error toasts stay until closed (spec 000 §8), but only on that screen.
  useEffect(() => () => closeErrorToasts(message), [location.pathname, message]);

  return (
    <EngineContext.Provider value={services}>
      <AppShell navigation={navigation} menuChoices={choices} quickSearches={quickSearches} profile={profile} onLogout={async () => session.logout()}>
        {session.deniedPath === location.pathname ? (
          <ForbiddenPage />
        ) : (
          <ErrorBoundary resetKey={location.pathname}>
          <Routes>
            <Route path="/profile" element={<Titled title="Profile"><Suspense fallback={pageLoading}><LazyProfile profile={profile} /></Suspense></Titled>} />
            <Route path={API_DOCS_ROUTE} element={<Titled title="API Reference"><Suspense fallback={pageLoading}><LazyApiDocs /></Suspense></Titled>} />
            {routes.map(({ menu, path }) => (
              <Route key={`${menu.menucode} ${path}`} path={path} element={<PageRoute menu={menu} grants={grants} rolename={profile.rolename} />} />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
          </ErrorBoundary>
        )}
      </AppShell>
      <Modal open={session.idleWarning} title={IDLE_WARNING} closable={false} maskClosable={false} okText="Stay signed in" onOk={session.stayActive} cancelButtonProps={{ style: { display: 'none' } }}>
        You will be logged out in {session.remaining} seconds.
      </Modal>
    </EngineContext.Provider>
  );
}

