// The signed-in application's pages: a menu's page behind its ACCESS grant (its definition loaded when the route
// first opens, with its breadcrumb and tab title), the built-in pages and the error pages, loaded when first shown.
import { lazy, Suspense, use, useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Spin } from 'antd';
import type { FlatMenuItem } from '../../engine/definition/menuTree';
import { PageView } from '../../engine/render/PageView';
import { useDefinitions } from './definitionSource';
import type { Grants } from './navigation';
import { pageTitle } from './pageTitle';
import { pageTrail } from './breadcrumbs';
import { PageBreadcrumb } from './PageBreadcrumb';

export const pageLoading = <Spin style={{ display: 'block', margin: 48 }} />;

// The error pages (antd's Result and its illustrations), the profile and the API reference load when first shown, not with every screen.
const errorPages = () => import('../pages/ErrorPages');
const LazyForbidden = lazy(() => errorPages().then((m) => ({ default: m.ForbiddenPage })));
const LazyNotFound = lazy(() => errorPages().then((m) => ({ default: m.NotFoundPage })));
export const LazyProfile = lazy(() => import('../pages/ProfilePage').then((m) => ({ default: m.ProfilePage })));
export const LazyApiDocs = lazy(() => import('../pages/ApiDocsPage').then((m) => ({ default: m.ApiDocsPage })));

export const ForbiddenPage = () => (
  <Suspense fallback={pageLoading}>
    <LazyForbidden />
  </Suspense>
);
export const NotFoundPage = () => (
  <Suspense fallback={pageLoading}>
    <LazyNotFound />
  </Suspense>
);

/** A built-in page and its tab title. */
export function Titled({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  return children;
}

/** A menu's page: its definition file loads when the route first opens (the grant is checked before). */
export function PageRoute({ menu, grants, rolename }: { menu: FlatMenuItem; grants: Grants; rolename: string }) {
  // A menu shown to everyone (the dashboard) needs no ACCESS grant (spec 000 §6).
  if (!menu.everyone && !grants.hasAccess(menu.menucode)) return <ForbiddenPage />;
  return (
    <Suspense fallback={pageLoading}>
      <LoadedPage menucode={menu.menucode} rolename={rolename} />
    </Suspense>
  );
}

function LoadedPage({ menucode, rolename }: { menucode: string; rolename: string }) {
  const definitions = useDefinitions();
  const screen = use(definitions.loadPage(menucode));
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = pageTitle(screen.title);
  }, [screen]);
  // Record, detail and wizard pages show where they sit in the menu tree; a list screen is the menu itself.
  const trail = pageTrail(definitions.menus, location.pathname, rolename);
  const crumbs = trail && (trail.onRoute || screen.kind === 'wizard') ? trail.crumbs : undefined;
  return (
    <>
      {crumbs && <PageBreadcrumb crumbs={crumbs} />}
      {/* Keyed by menu, so one screen's rows, form and search never show on the next. */}
      <PageView key={screen.menucode} page={screen} query={location.search.replace(/^\?/, '')} onQueryChange={(query) => navigate({ search: query ? `?${query}` : '' })} />
    </>
  );
}
