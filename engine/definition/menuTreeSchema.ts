// Generated from menu-tree.schema.json by `npm run schema:types` (scripts/definition-types.ts): edit the schema, not this file.

export type MenuNode = MenuItem | MenuGroup;
/**
 * Menu code: the permission prefix of the menu's functions (USER -> USER_ACCESS). Upper-case letters and digits, unique in the tree.
 */
export type Menucode = string;
/**
 * Route path from the root, in router syntax (':name' parameters, '?' for optional ones).
 */
export type Path = string;
/**
 * Text shown in the navigation.
 */
export type Label = string;
/**
 * Role names, e.g. BOD.
 *
 * @minItems 1
 *
 * Items: A role name.
 */
export type RoleNames = string[];
/**
 * Stable identifier of a group (lower-case words joined by '-'), unique in the tree; used as the navigation key.
 */
export type GroupKey = string;

/**
 * The navigation tree of the staff app (screens/menu-tree.json): the one place that says which menus exist, their menu code, route path, label and order. Cross-file rules the schema cannot express (unique menu codes, unique paths, unique group keys) are checked by checkMenuTree in engine/definition/menuTree.ts.
 */
export interface MenuTree {
  /**
   * Relative path of this schema, for editor autocomplete.
   */
  $schema?: string;
  /**
   * Version of this file format.
   */
  schemaVersion: 1;
  /**
   * Top-level navigation entries, in display order: menus and groups.
   *
   * @minItems 1
   */
  items: MenuNode[];
}
/**
 * A menu: one permission unit (menu code) with its route. Paths, including the extra routes, are unique in the tree, except that two menus may share a path when their role rules exclude each other (one is 'only' for roles the other lists in 'except', or both are 'only' for disjoint roles), as BOD's Member Data (BMEMMGT) and MEMBER share /member.
 */
export interface MenuItem {
  menucode: Menucode;
  /**
   * The menu's route, opened from the navigation. Required unless the menu is hidden; a hidden menu without a path is permission-only (for example a form section's grant).
   */
  path?: Path;
  label: Label;
  /**
   * Function suffixes the menu grants besides ACCESS (which every menu has), e.g. UPDATE -> <menucode>_UPDATE. Absent: ACCESS plus whatever the menu's screen definition declares.
   *
   * Items: Function suffix: upper-case letters and digits.
   */
  functions?: string[];
  /**
   * True when the menu is never shown in the navigation: a permission-only menu, or a route reached only by links.
   */
  hidden?: boolean;
  roles?: RoleRule;
  /**
   * A user attribute the menu needs besides its ACCESS grant: 'partnercode' shows the menu only to users with a partner code.
   */
  requires?: 'partnercode';
  quickSearch?: QuickSearch;
  /**
   * Further routes owned by this menu (forms, details) that open under its grant but are not navigation entries.
   */
  routes?: MenuRoute[];
  /**
   * Shown to every signed-in user whatever the role's grants (role rules still apply): the dashboard and the profile.
   */
  everyone?: boolean;
}
/**
 * Which role names see this menu. Absent: every role. Exactly one of 'only' and 'except'.
 */
export interface RoleRule {
  /**
   * Only users whose role name is in this list see the menu.
   */
  only?: RoleNames;
  /**
   * Users whose role name is in this list do not see the menu.
   */
  except?: RoleNames;
}
/**
 * A look-up in the top bar that opens this menu's record page: the typed value is matched exactly on one search field of the menu's list screen; a value with no row the user may see answers 'notFound'.
 */
export interface QuickSearch {
  /**
   * The list screen's search field the value is matched on (exactly).
   */
  field: string;
  /**
   * The input's placeholder and accessible name.
   */
  placeholder: string;
  /**
   * The message when no row matches (or none the user may see).
   */
  notFound: string;
}
/**
 * A route owned by the menu.
 */
export interface MenuRoute {
  path: Path;
  /**
   * Name of the route's page, for titles and breadcrumbs.
   */
  label: Label;
}
/**
 * A top-level group of the navigation. Its children are menus and sub-groups, in display order.
 */
export interface MenuGroup {
  key: GroupKey;
  label: Label;
  /**
   * Menus and sub-groups of this group, in display order.
   *
   * @minItems 1
   */
  children: (MenuItem | MenuSubGroup)[];
}
/**
 * A sub-group inside a top-level group. Groups nest one level only, so its children are menus.
 */
export interface MenuSubGroup {
  key: GroupKey;
  label: Label;
  /**
   * Menus of this sub-group, in display order.
   *
   * @minItems 1
   */
  children: MenuItem[];
}
