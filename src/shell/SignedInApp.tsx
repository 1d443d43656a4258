// The signed-in application: shell, navigation, one route per screen behind its ACCESS grant, session machine.
// Loaded on its own after sign-in, so the login page stays small.
import { lazy, Suspense, use, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { App as AntApp, Modal, Spin } from 'antd';
import { IDLE_WARNING } from '../../workflows/shellTexts';
import { roleAllows, type FlatMenuItem, type QuickSearch as QuickSearchDefinition } from '../../engine/definition/menuTree';
import { EngineContext, type EngineServices } from '../../engine/render/EngineContext';
import { PageView } from '../../engine/render/PageView';
import { closeErrorToasts } from '../../engine/render/errorToast';
import { LabelCache } from '../../engine/render/labelCache';
import { api } from '../api';
import { definitions } from '../definitions';
import { navigators, views } from '../views/registry';
import { AppShell } from './AppShell';
import { ErrorBoundary } from './ErrorBoundary';
import { Grants, navigationFor } from './navigation';
import { useSession } from './useSession';
import { pageTitle } from './pageTitle';
import { menuChoices, pageTrail } from './breadcrumbs';
import { PageBreadcrumb } from './PageBreadcrumb';
import { sessionStore } from '../session/storage';

const pageLoading = <Spin style={{ display: 'block', margin: 48 }} />;

// The error pages (antd's Result and its illustrations) and the profile page load when first shown, not with every screen.
const errorPages = () => import('../pages/ErrorPages');
const LazyForbidden = lazy(() => errorPages().then((m) => ({ default: m.ForbiddenPage })));
const LazyNotFound = lazy(() => errorPages().then((m) => ({ default: m.NotFoundPage })));
const LazyProfile = lazy(() => import('../pages/ProfilePage').then((m) => ({ default: m.ProfilePage })));

const ForbiddenPage = () => (
  <Suspense fallback={pageLoading}>
    <LazyForbidden />
  </Suspense>
);
const NotFoundPage = () => (
  <Suspense fallback={pageLoading}>
    <LazyNotFound />
  </Suspense>
);

/** A built-in page and its tab title. */
function Titled({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  return children;
}

/** A menu's page: its definition file loads when the route first opens (the grant is checked before). */
function PageRoute({ menu, grants }: { menu: FlatMenuItem; grants: Grants }) {
  // A menu shown to everyone (the dashboard) needs no ACCESS grant (spec 000 §6).
  if (!menu.everyone && !grants.hasAccess(menu.menucode)) return <ForbiddenPage />;
  return (
    <Suspense fallback={pageLoading}>
      <LoadedPage menucode={menu.menucode} />
    </Suspense>
  );
}

function LoadedPage({ menucode }: { menucode: string }) {
  const screen = use(definitions.loadPage(menucode));
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = pageTitle(screen.title);
  }, [screen]);
  // Record, detail and wizard pages show where they sit in the menu tree; a list screen is the menu itself.
  const trail = pageTrail(definitions.menus, location.pathname, sessionStore.profile()?.rolename ?? '');
  const crumbs = trail && (trail.onRoute || screen.kind === 'wizard') ? trail.crumbs : undefined;
  return (
    <>
      {crumbs && <PageBreadcrumb crumbs={crumbs} />}
      {/* Keyed by menu, so one screen's rows, form and search never show on the next. */}
      <PageView key={screen.menucode} page={screen} query={location.search.replace(/^\?/, '')} onQueryChange={(query) => navigate({ search: query ? `?${query}` : '' })} />
    </>
  );
}

export default function SignedIn({ idleSeconds }: { idleSeconds: number }) {
  const profile = sessionStore.profile()!;
  const permission = useSyncExternalStore(sessionStore.subscribe, () => localStorage.getItem('alms.permission'));
  const grants = useMemo(() => new Grants(sessionStore.permission()), [permission]);
  const location = useLocation();
  const session = useSession(idleSeconds);
  const { message } = AntApp.useApp();

  // A screen's error toasts stay until closed (spec 000 §8), but only on that screen.
  useEffect(() => () => closeErrorToasts(message), [location.pathname, message]);

  const labels = useMemo(() => new LabelCache(), []);
  const services: EngineServices = useMemo(() => ({ call: api.call, can: grants.can, definitions, views, navigators, labels }), [grants, labels]);
  // Menus of other roles are left out, so a path two menus share ('/' for Dashboard and BOD's Member Data) has one page.
  const routable = definitions.menus.filter((menu) => menu.path && definitions.hasPage(menu.menucode) && roleAllows(menu.roles, profile.rolename));
  // A page answers on its menu's path and on the extra routes the menu declares (e.g. /<menu>/form/:key/:section?).
  const routes = routable.flatMap((menu) => [menu.path!, ...(menu.routes ?? []).map((r) => r.path)].map((path) => ({ menu, path })));
  const builtIn = new Set(['PROFILE', 'BPROFL']);
  const navigation = navigationFor(definitions.tree, profile, grants, (menu) => builtIn.has(menu.menucode) || definitions.hasPage(menu.menucode));
  const choices = menuChoices(navigation);
  // The top bar's record look-ups: those of menus the user sees.
  const opened = new Set(choices.map((c) => c.path));
  const quickSearches = definitions.menus.filter((menu): menu is FlatMenuItem & { quickSearch: QuickSearchDefinition } => !!menu.quickSearch && !!menu.path && opened.has(menu.path) && roleAllows(menu.roles, profile.rolename));

  return (
    <EngineContext.Provider value={services}>
      <AppShell navigation={navigation} menuChoices={choices} quickSearches={quickSearches} profile={profile} onLogout={async () => session.logout()}>
        {session.deniedPath === location.pathname ? (
          <ForbiddenPage />
        ) : (
          <ErrorBoundary resetKey={location.pathname}>
          <Routes>
            <Route path="/profile" element={<Titled title="Profile"><Suspense fallback={pageLoading}><LazyProfile profile={profile} /></Suspense></Titled>} />
            {routes.map(({ menu, path }) => (
              <Route key={`${menu.menucode} ${path}`} path={path} element={<PageRoute menu={menu} grants={grants} />} />
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

