// Which buttons a table row offers (View, Edit, Activate, a custom action, Delete, ...), from the screen's
// definition, the row and the user's grants: the policy of list screens and child tables in one pure place.
import { CONFIRM_TEXTS, actionFunctionCode, hasAction, isCustomAction, resourceModel } from './compile';
import { sectionApplies } from './recordPage';
import type { ChildTableDefinition, CustomAction, ScreenDefinition, StandardAction } from './screen';

type Row = Record<string, unknown>;

/** What the user may do: the function codes granted, and whether the page only views (kind 'readonly'). */
export interface Grants {
  can(code: string): boolean;
  readOnly?: boolean;
}

/**
 * Where the table is drawn. A list screen may open its records as a page of their own (opensPage);
 * a child table is 'own' (its rows edited in place, or opened as a detail page) or 'pick' (a membership list).
 */
export type RowPlace =
  | { table: 'list'; opensPage?: boolean }
  | { table: 'child'; child: ChildTableDefinition; opensDetail?: boolean };

/**
 * One row button. kind says what it does: open the record as a page (page), in the form (edit, view),
 * run an action behind a confirmation (run), fetch a file of the row (file).
 */
export interface RowAction {
  key: string;
  label: string;
  kind: 'page' | 'edit' | 'view' | 'run' | 'file';
  action?: StandardAction | CustomAction;
  /** The icon's name: a standard action's own, or the one a custom action names ("icon"). */
  icon: string;
  danger?: boolean;
  /** 'View' in a list without record pages shows its text beside the icon. */
  withText?: boolean;
  /** The confirmation's title when it is not the action's own (a pick list's Remove). */
  confirm?: string;
}


// not in spec: a pick list's button for unlinking a record and its confirmation (spec 000 §4's pattern)
export const PICK_REMOVE = 'Remove';
export const PICK_REMOVE_CONFIRM = CONFIRM_TEXTS.action.replace('{action}', 'remove');

/** The buttons of one row, in their order on screen. */
export function rowActions(screen: ScreenDefinition, row: Row, grants: Grants, place: RowPlace = { table: 'list' }): RowAction[] {
  return place.table === 'list' ? listRowActions(screen, row, grants, place.opensPage ?? false) : childRowActions(screen, row, grants, place.child, place.opensDetail ?? false);
}

/** An action that only sets values is not offered where they are set already (Set Default on the default row). */
const alreadySet = (custom: CustomAction, row: Row) => !!custom.set && Object.entries(custom.set).every(([name, value]) => row[name] === value);
/** A custom action is offered only while its condition on the row holds (a suspect duplicate is decided while OPEN). */
const appliesTo = (custom: CustomAction, row: Row) => !custom.visibleWhen || sectionApplies({ key: custom.name, label: custom.label, visibleWhen: custom.visibleWhen }, row);

function statusActions(screen: ScreenDefinition, row: Row, allowed: (action: StandardAction) => boolean): RowAction[] {
  const status = resourceModel(screen).status;
  if (!status) return [];
  const active = row[status] === 'ACTIVE';
  if (active && allowed('deactivate')) return [{ key: 'deactivate', label: 'Deactivate', kind: 'run', action: 'deactivate', icon: 'stop', danger: true }];
  if (!active && allowed('activate')) return [{ key: 'activate', label: 'Activate', kind: 'run', action: 'activate', icon: 'check-circle' }];
  return [];
}

const deleteAction = (label = 'Delete', confirm?: string): RowAction => ({ key: 'delete', label, kind: 'run', action: 'delete', icon: 'delete', danger: true, ...(confirm ? { confirm } : {}) });

function listRowActions(screen: ScreenDefinition, row: Row, grants: Grants, opensPage: boolean): RowAction[] {
  const allowed = (action: StandardAction | CustomAction) => (isCustomAction(action) || hasAction(screen, action)) && grants.can(actionFunctionCode(screen, action));
  const actions: RowAction[] = [];
  if (opensPage && grants.readOnly) actions.push({ key: 'view', label: 'View', kind: 'page', icon: 'eye' });
  else if (opensPage) actions.push({ key: 'edit', label: 'Edit', kind: 'page', icon: 'edit' });
  else if (allowed('update')) actions.push({ key: 'edit', label: 'Edit', kind: 'edit', icon: 'edit' });
  else if (grants.can(actionFunctionCode(screen, 'access'))) actions.push({ key: 'view-text', label: 'View', kind: 'view', icon: 'eye', withText: true });
  actions.push(...statusActions(screen, row, allowed));
  // Record actions (place 'record') are buttons of the record page, not of its rows.
  for (const custom of screen.actions.filter(isCustomAction).filter((a) => a.place !== 'record')) {
    if (allowed(custom) && !alreadySet(custom, row) && appliesTo(custom, row)) actions.push({ key: custom.name, label: custom.label, kind: 'run', action: custom, icon: custom.icon ?? '' });
  }
  if (allowed('delete')) actions.push(deleteAction());
  return actions;
}

function childRowActions(screen: ScreenDefinition, row: Row, grants: Grants, child: ChildTableDefinition, opensDetail: boolean): RowAction[] {
  // A read-only page (kind 'readonly') views rows only.
  const allowed = (action: StandardAction) => (action === 'view' || (!grants.readOnly && hasAction(screen, action))) && grants.can(actionFunctionCode(screen, action === 'view' ? 'access' : action));
  if (child.mode === 'pick') return allowed('delete') ? [deleteAction(PICK_REMOVE, PICK_REMOVE_CONFIRM)] : [];
  const actions: RowAction[] = [];
  const detailPage = child.detailPage;
  const detailShown = !detailPage?.visibleWhen || sectionApplies({ key: 'detail', label: 'detail', visibleWhen: detailPage.visibleWhen }, row);
  if (opensDetail) {
    if (detailShown) actions.push({ key: 'detail', label: detailPage?.label ?? 'View', kind: 'page', icon: 'eye' });
  } else if (allowed('update')) actions.push({ key: 'edit', label: 'Edit', kind: 'edit', icon: 'edit' });
  else if (allowed('view')) actions.push({ key: 'view', label: 'View', kind: 'view', icon: 'eye' });
  actions.push(...statusActions(screen, row, allowed));
  for (const custom of screen.actions.filter(isCustomAction)) {
    const applies = appliesTo(custom, row);
    const granted = grants.can(actionFunctionCode(screen, custom));
    // Custom actions that set values (Set Preferred Address), not offered where the values are set already.
    if (custom.set && !alreadySet(custom, row) && applies && !grants.readOnly && granted) actions.push({ key: custom.name, label: custom.label, kind: 'run', action: custom, icon: 'star' });
    // A custom action its domain serves (no set, no file): a redemption's Cancel Redemption asks for approval.
    const served = !custom.set && !custom.download && !custom.open;
    if (served && applies && !grants.readOnly && granted) actions.push({ key: custom.name, label: custom.label, kind: 'run', action: custom, icon: 'star', danger: true });
    // Files of the row: saved (download), or their path opened (a purchase's receipt).
    if ((custom.download || custom.open) && applies && granted) actions.push({ key: custom.name, label: custom.label, kind: 'file', action: custom, icon: 'download' });
  }
  if (allowed('delete')) actions.push(deleteAction());
  return actions;
}
