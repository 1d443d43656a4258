// Approval requests (maker-checker) as the engine shows them: a request's fields declared once (columns,
// search, detail with its change), the Approve and Reject actions, which requests a page covers, and the
// list screen every approval page is rendered and served as. Isomorphic: the browser and the server use it.
import type { Catalogue } from './catalogue';
import { APPROVAL_FUNCTIONS, isCustomAction, resolveField, type ResolvedField } from './compile';
import { formatValue } from './format';
import { isListScreen, type ApprovalPage, type CustomAction, type FieldDefinition, type FieldOption, type PageDefinition, type ScreenDefinition } from './screen';
import { STUDIO_ACTIONS } from './studio';
import * as moduleTexts from './texts.json';

export const APPROVAL_STATUS = { PENDING: 'PENDING', APPROVED: 'APPROVED', REJECTED: 'REJECTED' } as const;
export type ApprovalStatus = (typeof APPROVAL_STATUS)[keyof typeof APPROVAL_STATUS];

// not in spec: the product's own texts for maker-checker.
export const APPROVAL_TEXTS = moduleTexts.approval;

/** Spec 000 §4: both decisions ask 'Are you sure to rating/reject this data?' (confirm 'rating'). */
/** The caller's own requests are listed too, read-only: nobody decides their own. */
const NOT_MINE = { field: 'mine', notEquals: true };
export const APPROVE_ACTION: CustomAction = { name: 'approve', label: 'Approve', function: APPROVAL_FUNCTIONS.approve, confirm: 'rating', icon: 'check', visibleWhen: NOT_MINE };
export const REJECT_ACTION: CustomAction = { name: 'reject', label: 'Reject', function: APPROVAL_FUNCTIONS.reject, confirm: 'rating', reason: true, icon: 'close', visibleWhen: NOT_MINE };

/** The reason a confirmation asks for (an action with `reason`), checked by the same rules in the browser and the server. */
export const REASON_FIELD: FieldDefinition = { name: 'reason', label: 'Reason', placeholder: 'Reason', type: 'text', rules: ['required', 'max.500'] };

/** Write actions a list screen may put behind approval (custom actions with `set` too). */
export const APPROVABLE_ACTIONS = ['create', 'update', 'delete', 'activate', 'deactivate'] as const;

const STATUS_OPTIONS: FieldOption[] = [
  { value: APPROVAL_STATUS.PENDING, label: 'Pending' },
  { value: APPROVAL_STATUS.APPROVED, label: 'Approved' },
  { value: APPROVAL_STATUS.REJECTED, label: 'Rejected' },
];

/**
 * A request's fields, once for every approval page: the menu and action get their options per page. The
 * detail shows them all (view mode of the form) with the change as a table of label, current and proposed.
 */
const REQUEST_FIELDS: FieldDefinition[] = [
  { name: 'requestid', label: 'Request ID', type: 'integer', format: 'text', column: { width: 110 }, form: true },
  { name: 'menucode', label: 'Menu', placeholder: 'Menu', search: true, column: true, form: true },
  // 'Requested Action': the table's own last column is 'Action' (the row's buttons).
  { name: 'action', label: 'Requested Action', placeholder: 'Requested Action', search: true, column: true, form: true },
  // The record by its name as the request kept it, and its key ('Hilton Stay (HTL-HILTON)'): found by either.
  // Its column is the widest and wraps; the short ones keep what their headings and values need at 1366 px.
  { name: 'record', label: 'Record', placeholder: 'Record', rules: ['max.255'], search: true, column: { width: 200, wrap: true }, form: true },
  { name: 'requestedby', label: 'Requested By', placeholder: 'Requested By', rules: ['max.60'], search: { mode: 'advanced' }, column: { width: 133 }, form: true },
  { name: 'requestdate', label: 'Request Date', placeholder: 'Request Date', type: 'datetime', search: { mode: 'advanced', range: true }, column: { width: 155 }, form: true },
  { name: 'status', label: 'Status', options: STATUS_OPTIONS, column: { width: 100 }, form: true },
  // The caller's own request (listed for them to follow, not to decide).
  { name: 'mine', label: 'My Request', type: 'boolean' },
  { name: 'changes', label: 'Changes', type: 'list', format: 'diff', form: { wide: true } },
];

/** What a request is about, for deciding which pages cover it. */
export interface RequestSubject {
  menucode: string;
  action: string;
}

/** Whether an approval page lists and decides requests of this menu and action. */
export const pageCovers = (page: ApprovalPage, request: RequestSubject): boolean =>
  (!page.menus || page.menus.includes(request.menucode)) && (!page.actions || page.actions.includes(request.action));

export const isApprovalPage = (page: PageDefinition): page is ApprovalPage => page.kind === 'approvals';

/** The catalogue's approval pages: who may approve a request follows from them. */
export const approvalPages = (catalogue: Pick<Catalogue, 'pages'>): ApprovalPage[] => catalogue.pages.filter(isApprovalPage);

/** Whether the screen's action waits for approval. */
export const needsApproval = (screen: ScreenDefinition, action: string): boolean => !!screen.approval?.actions.includes(action);

type CatalogueView = Pick<Catalogue, 'menus' | 'pages'>;

/** The API group of an approval page: its menu path's last segment (/my-approval -> /api/my-approval/list). */
export function approvalResourceName(page: ApprovalPage, catalogue: Pick<Catalogue, 'menus'>): string {
  const path = catalogue.menus.find((m) => m.menucode === page.menucode)?.path;
  return path?.split('/').filter(Boolean).at(-1) ?? page.menucode.toLowerCase();
}

/** 'redemption-cancel' -> 'Redemption Cancel'. */
const titleCase = (name: string) => name.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');

/** Every menu and action some request of the catalogue can have: screens with approval, and approval pages' filters. */
function requestSubjects(catalogue: CatalogueView): { menus: Set<string>; actions: Map<string, string> } {
  const menus = new Set<string>();
  const actions = new Map<string, string>(APPROVABLE_ACTIONS.map((a) => [a, titleCase(a)]));
  for (const page of catalogue.pages) {
    if (isListScreen(page) && page.approval) {
      // A child screen's requests are filed under its parent menu (server/platform/approvals/approvalHooks.ts requestMenu).
      menus.add(page.childOf ?? page.menucode);
      for (const action of page.actions) if (isCustomAction(action)) actions.set(action.name, action.label);
    }
    // The Definition Studio's requests: a definition published, or an earlier version served again.
    if (page.kind === 'studio') {
      menus.add(page.menucode);
      for (const [action, label] of Object.entries(STUDIO_ACTIONS)) actions.set(action, label);
    }
    if (isApprovalPage(page)) {
      for (const menu of page.menus ?? []) menus.add(menu);
      for (const action of page.actions ?? []) if (!actions.has(action)) actions.set(action, titleCase(action));
    }
  }
  return { menus, actions };
}

/**
 * The list screen an approval page is: the request fields with this page's menus and actions as choices,
 * View (the detail with the change) and Approve / Reject, over the engine's approval API for the page.
 */
export function approvalScreen(page: ApprovalPage, catalogue: CatalogueView): ScreenDefinition {
  const subjects = requestSubjects(catalogue);
  const menuLabel = new Map(catalogue.menus.map((m) => [m.menucode, m.label]));
  const menus = catalogue.menus.filter((m) => subjects.menus.has(m.menucode) && (!page.menus || page.menus.includes(m.menucode)));
  const menuOptions = menus.map((m) => ({ value: m.menucode, label: menuLabel.get(m.menucode)! }));
  const actionOptions = [...subjects.actions].filter(([name]) => !page.actions || page.actions.includes(name)).map(([value, label]) => ({ value, label }));
  const fields = REQUEST_FIELDS.map((field): FieldDefinition => {
    // A choice of one is no search: a page of one menu (or one action) does not offer it.
    if (field.name === 'menucode') return { ...field, options: menuOptions, search: menuOptions.length > 1 ? field.search : undefined };
    if (field.name === 'action') return { ...field, options: actionOptions, search: actionOptions.length > 1 ? field.search : undefined };
    return field;
  });
  return {
    schemaVersion: 1,
    menucode: page.menucode,
    title: page.title,
    ...(page.layout ? { layout: page.layout } : {}),
    resource: { name: approvalResourceName(page, catalogue), table: 'approval_request', key: ['requestid'], status: false },
    fields,
    actions: ['view', APPROVE_ACTION, REJECT_ACTION],
    options: { defaultSort: { requestdate: 'asc' }, formWidth: 880 },
  };
}

/** One line of a request's change: the field's label, and its value now and as proposed, as the screens show them. */
export interface ChangeLine {
  field: string;
  label: string;
  current: string;
  proposed: string;
  /** A long text of many lines (a definition's JSON): the page compares it line by line, side by side. */
  text?: boolean;
}

type Row = Record<string, unknown>;

function shown(field: ResolvedField, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object' && !Array.isArray(value)) return JSON.stringify(value);
  if (Array.isArray(value) && value.some((v) => typeof v === 'object' && v !== null)) return JSON.stringify(value);
  return formatValue(field, value);
}

/**
 * The change a request proposes against the record as it is: for an update, the fields whose values
 * differ; for a create (no current record) or a delete (nothing proposed), every field with a value.
 */
export function requestChanges(screen: ScreenDefinition, current: Row | null, proposed: Row | null): ChangeLine[] {
  const lines: ChangeLine[] = [];
  for (const definition of screen.fields) {
    const field = resolveField(definition, screen.resource.key);
    const now = current?.[field.name];
    const next = proposed?.[field.name];
    if (current && proposed && (!(field.name in proposed) || JSON.stringify(now ?? null) === JSON.stringify(next ?? null))) continue;
    // A JSON text (a definition) is compared as it is written, line by line.
    const asText = field.format === 'json' && (typeof now === 'string' || typeof next === 'string');
    const value = (v: unknown) => (asText && typeof v === 'string' ? v : shown(field, v));
    const line: ChangeLine = { field: field.name, label: field.label, current: current ? value(now) : '', proposed: proposed ? value(next) : '', ...(asText ? { text: true } : {}) };
    if (line.current !== '' || line.proposed !== '') lines.push(line);
  }
  return lines;
}
