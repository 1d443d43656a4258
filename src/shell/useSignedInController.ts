// The signed-in application's state: the profile and grants of the session, the engine's services (the API client
// among them), the session machine, and the routes, navigation and quick searches of the menus this user sees.
import { useMemo, useSyncExternalStore } from 'react';
import { roleAllows, type FlatMenuItem, type QuickSearch as QuickSearchDefinition } from '../../engine/definition/menuTree';
import type { EngineServices } from '../../engine/render/EngineContext';
import { LabelCache } from '../../engine/render/labelCache';
import { api } from '../api';
import { useDefinitions } from './definitionSource';
import { sessionStore } from '../session/storage';
import { navigators, views } from '../views/registry';
import { menuChoices } from './breadcrumbs';
import { Grants, navigationFor } from './navigation';
import { useSession } from './useSession';

/** Menus with a page of their own in the app rather than a definition. */
const BUILT_IN = new Set(['PROFILE', 'BPROFL']);

export function useSignedInController(idleSeconds: number) {
  const profile = sessionStore.profile()!;
  const permission = useSyncExternalStore(sessionStore.subscribe, () => localStorage.getItem('alms.permission'));
  const grants = useMemo(() => new Grants(sessionStore.permission()), [permission]);
  const session = useSession(idleSeconds);
  // A version check that finds new definitions renders the menus and pages again from them.
  const definitions = useDefinitions();

  const labels = useMemo(() => new LabelCache(), []);
  const services: EngineServices = useMemo(() => ({ call: api.call, can: grants.can, definitions, views, navigators, labels }), [grants, labels, definitions]);
  // Menus of other roles are left out, so a path two menus share ('/' for Dashboard and BOD's Member Data) has one page.
  const routable = definitions.menus.filter((menu) => menu.path && definitions.hasPage(menu.menucode) && roleAllows(menu.roles, profile.rolename));
  // A page answers on its menu's path and on the extra routes the menu declares (e.g. /<menu>/form/:key/:section?).
  const routes = routable.flatMap((menu) => [menu.path!, ...(menu.routes ?? []).map((r) => r.path)].map((path) => ({ menu, path })));
  const navigation = navigationFor(definitions.tree, profile, grants, (menu) => BUILT_IN.has(menu.menucode) || definitions.hasPage(menu.menucode));
  const choices = menuChoices(navigation);
  // The top bar's record look-ups: those of menus the user sees.
  const opened = new Set(choices.map((c) => c.path));
  const quickSearches = definitions.menus.filter((menu): menu is FlatMenuItem & { quickSearch: QuickSearchDefinition } => !!menu.quickSearch && !!menu.path && opened.has(menu.path) && roleAllows(menu.roles, profile.rolename));

  return { profile, grants, session, services, routes, navigation, choices, quickSearches };
}
