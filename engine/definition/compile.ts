// Derives everything a screen needs from its one list of fields: search fields, table columns, the
// rjsf form schema, the server's resource model, permission codes, and record validation.
import { RULE_MESSAGES, fieldLabel, formatMessage, isEmptyValue, parseRule, validateValue, type FieldRuleContext, type FieldWidget } from '../rules';
import type {
  ColumnPlacement,
  CustomAction,
  DisplayFormat,
  FieldDefinition,
  FieldType,
  FormPlacement,
  PageDefinition,
  RowScopeFields,
  ScreenDefinition,
  SearchPlacement,
  StandardAction,
  Widget,
} from './screen';
import { isListScreen } from './screen';
import { resolveDateBound } from './dateBounds';
import { STUDIO_FUNCTION } from './studio';
import * as moduleTexts from './texts.json';

export const STATUS_ACTIVE = 'ACTIVE';
export const STATUS_INACTIVE = 'INACTIVE';
const DEFAULT_STRING_LENGTH = 255;

/** A field with every default filled in. */
export interface ResolvedField extends FieldDefinition {
  type: FieldType;
  widget: Widget;
  rules: string[];
  required: boolean;
  maxLength: number | undefined;
  format: DisplayFormat;
  isKey: boolean;
}

const WIDGET_TYPES: Partial<Record<Widget, FieldType>> = {
  multiselect: 'list',
  switch: 'boolean',
  date: 'date',
  range: 'list',
  number: 'number',
  textarea: 'text',
};

const TYPE_WIDGETS: Record<FieldType, Widget> = {
  string: 'text',
  text: 'textarea',
  integer: 'number',
  number: 'number',
  boolean: 'switch',
  date: 'date',
  datetime: 'date',
  list: 'multiselect',
};

const TYPE_FORMATS: Partial<Record<FieldType, DisplayFormat>> = {
  integer: 'number',
  number: 'number',
  date: 'date',
  datetime: 'datetime',
  boolean: 'yesno',
};

function ruleNumber(rules: string[], kind: 'max' | 'len'): number | undefined {
  const rule = rules.find((r) => r.startsWith(`${kind}.`));
  return rule ? Number(rule.slice(kind.length + 1)) : undefined;
}

export function resolveField(field: FieldDefinition, key: readonly string[] = []): ResolvedField {
  const widget: Widget = field.widget ?? (field.source || field.options ? 'select' : TYPE_WIDGETS[field.type ?? 'string']);
  const type: FieldType = field.type ?? WIDGET_TYPES[widget] ?? 'string';
  const rules = field.rules ?? [];
  const isKey = key.includes(field.name);
  const textual = type === 'string' || type === 'text';
  return {
    ...field,
    type,
    widget,
    rules,
    required: rules.includes('required') || isKey,
    maxLength: textual ? (ruleNumber(rules, 'max') ?? ruleNumber(rules, 'len') ?? (type === 'string' ? DEFAULT_STRING_LENGTH : undefined)) : undefined,
    format: field.format ?? (field.name === 'status' ? 'status' : (TYPE_FORMATS[type] ?? 'text')),
    isKey,
  };
}

export const resolveFields = (screen: ScreenDefinition): ResolvedField[] => screen.fields.map((f) => resolveField(f, screen.resource.key));

export function fieldOf(screen: ScreenDefinition, name: string): ResolvedField | undefined {
  const field = screen.fields.find((f) => f.name === name);
  return field ? resolveField(field, screen.resource.key) : undefined;
}

// ---- permissions -------------------------------------------------------------------------------

export const ACTION_FUNCTIONS: Record<StandardAction, string> = {
  create: 'CREATE',
  update: 'UPDATE',
  view: 'ACCESS',
  delete: 'DELETE',
  activate: 'ACTIVATE',
  deactivate: 'DEACTIVATE',
  download: 'DOWNLOAD',
  createbulk: 'CREATE',
  upload: 'UPLOAD',
};

export const isCustomAction = (action: StandardAction | CustomAction): action is CustomAction => typeof action === 'object';

export function hasAction(screen: ScreenDefinition, name: StandardAction): boolean {
  return screen.actions.includes(name);
}

/** The function code each action needs; list, detail and view need ACCESS. */
export function actionFunctionCode(screen: ScreenDefinition, action: StandardAction | CustomAction | 'access'): string {
  if (screen.childOf) return childFunctionCode(screen.childOf, action);
  if (action === 'access') return `${screen.menucode}_ACCESS`;
  return `${screen.menucode}_${isCustomAction(action) ? action.function : ACTION_FUNCTIONS[action]}`;
}

/** The function whose holders write the screen's approval actions at once (approval.direct), or undefined. */
export function directFunctionCode(screen: ScreenDefinition): string | undefined {
  const suffix = screen.approval?.direct;
  return suffix ? `${screen.childOf ?? screen.menucode}_${suffix}` : undefined;
}

/** A child-only screen (`childOf`) works under its parent's codes: reads ACCESS, downloads DOWNLOAD, custom actions their function, any other write UPDATE (it changes the parent record). */
function childFunctionCode(parent: string, action: StandardAction | CustomAction | 'access'): string {
  if (typeof action === 'object') return `${parent}_${action.function}`;
  if (action === 'access' || action === 'view') return `${parent}_ACCESS`;
  if (action === 'download') return `${parent}_DOWNLOAD`;
  return `${parent}_UPDATE`;
}

/**
 * The read-only menus of a list screen (pages of kind 'readonly' showing it; for a child-only screen, its
 * parent's): their ACCESS reads what the screen's ACCESS reads.
 */
export function readOnlyMenus(pages: readonly PageDefinition[], screen: ScreenDefinition): string[] {
  const shown = screen.childOf ?? screen.menucode;
  return pages.flatMap((page) => (page.kind === 'readonly' && page.screen === shown ? [page.menucode] : []));
}

/** A screen as a read-only menu shows it: no writes, no actions but view (the server refuses them too). */
export function readOnlyScreen(screen: ScreenDefinition): ScreenDefinition {
  return { ...screen, actions: screen.actions.filter((a) => a === 'view'), bulk: undefined, approval: undefined };
}

/** A wizard's Submit needs <menucode>_CREATE: it creates what the draft describes. */
export const WIZARD_SUBMIT_FUNCTION = 'CREATE';

/** Function suffixes of a page of any kind besides ACCESS; each page kind adds its own here. */
export function pageFunctionSuffixes(page: PageDefinition): string[] {
  if (isListScreen(page)) return screenFunctionSuffixes(page);
  if (page.kind === 'wizard') return [WIZARD_SUBMIT_FUNCTION];
  if (page.kind === 'approvals') return [APPROVAL_FUNCTIONS.approve, APPROVAL_FUNCTIONS.reject];
  // A view page (engine/definition/viewPage.ts): its own actions' codes, like the list screen it makes.
  if (page.kind === 'view') return [...new Set(page.actions.map((a) => (isCustomAction(a) ? a.function : ACTION_FUNCTIONS[a])))].filter((s) => s !== 'ACCESS');
  // The Definition Studio: UPDATE edits and submits (engine/definition/studio.ts).
  if (page.kind === 'studio') return [STUDIO_FUNCTION];
  // A read-only page only reads: ACCESS.
  return [];
}

/** An approval page's decisions: <menucode>_APPROVE and <menucode>_REJECT (engine/definition/approvals.ts). */
export const APPROVAL_FUNCTIONS = { approve: 'APPROVE', reject: 'REJECT' } as const;

/** Function suffixes of the screen besides ACCESS (for the menu's function catalogue). */
export function screenFunctionSuffixes(screen: ScreenDefinition): string[] {
  // A child-only screen's codes are its parent's (declared by the parent's actions and sections).
  if (screen.childOf) return [];
  const suffixes = screen.actions.map((a) => (isCustomAction(a) ? a.function : ACTION_FUNCTIONS[a]));
  // A record page's sections without a function code of their own save with <MENU>_UPDATE.
  if (screen.record?.sections.some((section) => !section.function)) suffixes.push('UPDATE');
  if (screen.approval?.direct) suffixes.push(screen.approval.direct);
  return [...new Set(suffixes)].filter((s) => s !== 'ACCESS');
}

// ---- confirmations (spec 000 §4) ---------------------------------------------------------------

export const CONFIRM_TEXTS = moduleTexts.confirm;

/** The confirmation an action asks for, or undefined when it asks none. */
export function confirmationText(action: StandardAction | CustomAction): string | undefined {
  if (isCustomAction(action)) {
    if (action.confirm === false) return undefined;
    const kind = action.confirm ?? 'action';
    return CONFIRM_TEXTS[kind].replace('{action}', action.label.toLowerCase());
  }
  return ['delete', 'activate', 'deactivate'].includes(action) ? CONFIRM_TEXTS.action.replace('{action}', action) : undefined;
}

// ---- search ------------------------------------------------------------------------------------

export interface SearchField {
  field: ResolvedField;
  mode: 'normal' | 'advanced';
  exact: boolean;
  range: boolean;
}

/** Where a field shows: absent, not there; true, the defaults; or how (schemaVersion 2 has no `false`). */
const placement = <T extends object>(value: true | T | undefined): T | undefined => (value === true ? ({} as T) : value);

export function searchFields(screen: ScreenDefinition): SearchField[] {
  return resolveFields(screen).flatMap((field) => {
    const search = placement<SearchPlacement>(field.search);
    if (!search) return [];
    // Choices and dates match exactly; text contains unless told otherwise.
    const exact = search.exact ?? !(field.widget === 'text' || field.widget === 'textarea');
    return [{ field, mode: search.mode ?? 'normal', exact, range: search.range ?? false }];
  });
}

/** Rules a search input carries: every text field gets preventsql (spec 001 §5.2). */
export function searchRules(search: SearchField): string[] {
  return search.field.widget === 'text' || search.field.widget === 'textarea' ? ['pattern.preventsql'] : [];
}

// ---- table -------------------------------------------------------------------------------------

export interface TableColumn {
  field: ResolvedField;
  sortable: boolean;
  width: number | undefined;
  ellipsis: boolean;
  /** The cell's text wraps instead of being cut. */
  wrap: boolean;
}

export function tableColumns(screen: ScreenDefinition): TableColumn[] {
  return resolveFields(screen).flatMap((field) => {
    const column = placement<ColumnPlacement>(field.column);
    return column ? [{ field, sortable: column.sortable ?? true, width: column.width, ellipsis: column.ellipsis ?? false, wrap: column.wrap ?? false }] : [];
  });
}

export function defaultSort(screen: ScreenDefinition): Record<string, 'asc' | 'desc'> {
  if (screen.options?.defaultSort) return screen.options.defaultSort;
  return { [screen.resource.key[0]!]: 'asc' };
}

// ---- form --------------------------------------------------------------------------------------

export type FormMode = 'create' | 'edit' | 'view';

export interface FormField {
  field: ResolvedField;
  section: string | undefined;
  readOnly: boolean;
  wide: boolean;
}

export function formFields(screen: ScreenDefinition, mode: FormMode): FormField[] {
  return resolveFields(screen).flatMap((field) => {
    // A `detail` field shows when a record is viewed, never in a form that edits it.
    const form = placement<FormPlacement>(field.form) ?? (mode === 'view' && field.detail ? {} : undefined);
    if (!form) return [];
    const readOnly = mode === 'view' || (mode === 'edit' && (field.isKey || !!form.readOnlyOnEdit));
    return [{ field, section: form.section, readOnly, wide: !!form.wide || field.widget === 'textarea' }];
  });
}

type JsonSchema = Record<string, unknown>;

const isGrantField = (field: ResolvedField) => field.widget === 'permissions' || field.widget === 'grants';

function jsonType(field: ResolvedField): JsonSchema {
  switch (field.type) {
    case 'integer':
      return { type: ['integer', 'null'] };
    case 'number':
      return { type: ['number', 'null'] };
    case 'boolean':
      return { type: 'boolean' };
    case 'list':
      // Grants are lists of objects ({ menucode, functions } / { id, grant }); other lists hold values.
      return isGrantField(field) ? { type: 'array', items: { type: 'object' } } : { type: 'array', items: { type: 'string' }, uniqueItems: true };
    default:
      return { type: ['string', 'null'], ...(field.maxLength ? { maxLength: field.maxLength } : {}) };
  }
}

/** A field's default as a form starts with it: a date's 'today' is today's date (YYYY-MM-DD). */
export function fieldDefault(field: FieldDefinition, today: Date = new Date()): FieldDefinition['default'] {
  return (field.type ?? 'string') === 'date' && field.default === 'today' ? resolveDateBound('today', today) : field.default;
}

/**
 * The rjsf JSON Schema and uiSchema of a form. Validation is not left to JSON Schema keywords: the
 * engine's rule language runs through `validateRecord` so messages match the server's exactly.
 */
export function formSchema(screen: ScreenDefinition, mode: FormMode): { schema: JsonSchema; uiSchema: JsonSchema } {
  const fields = formFields(screen, mode);
  const properties: Record<string, JsonSchema> = {};
  const uiSchema: JsonSchema = { 'ui:order': fields.map((f) => f.field.name) };
  for (const { field, readOnly, section, wide } of fields) {
    const options = field.options ? { oneOf: field.options.map((o) => ({ const: o.value, title: o.label })) } : {};
    properties[field.name] = { title: field.label, ...jsonType(field), ...(field.type !== 'list' ? options : {}), ...(field.default !== undefined ? { default: fieldDefault(field) } : {}) };
    uiSchema[field.name] = {
      // Grants are arrays of objects: rjsf takes them as custom fields, not widgets.
      [isGrantField(field) ? 'ui:field' : 'ui:widget']: field.widget,
      'ui:placeholder': field.placeholder ? `${field.widget === 'select' || field.widget === 'multiselect' || field.widget === 'date' ? 'Choose' : 'Input'} ${field.placeholder}` : undefined,
      'ui:readonly': readOnly,
      'ui:options': { section, wide, source: field.source, through: throughSource(screen, field), format: field.format, minDate: field.minDate, maxDate: field.maxDate, maxSizeKb: field.maxSizeKb, choices: field.options, composeFrom: field.composeFrom, excludes: field.excludes },
    };
  }
  const required = fields.filter((f) => f.field.required && !f.readOnly).map((f) => f.field.name);
  return { schema: { type: 'object', properties, required }, uiSchema };
}

/** A choice filtered `through` its parent's record: the parent's selector, whose options carry the field read. */
function throughSource(screen: ScreenDefinition, field: ResolvedField): { selector: string; field: string } | undefined {
  const dependsOn = field.source?.dependsOn;
  if (!dependsOn?.through) return undefined;
  const selector = screen.fields.find((f) => f.name === dependsOn.field)?.source?.selector;
  return selector === undefined ? undefined : { selector, field: dependsOn.through };
}

// ---- validation (browser and server alike) -----------------------------------------------------

const RULE_WIDGETS: Partial<Record<Widget, FieldWidget>> = { image: 'upload', csv: 'upload', cardname: 'text' };

export function ruleContext(field: ResolvedField): FieldRuleContext {
  return {
    label: field.label,
    placeholder: field.placeholder,
    widget: RULE_WIDGETS[field.widget] ?? (field.widget as FieldWidget),
    options: field.options?.map((o) => o.value),
  };
}

/** Field name -> first failing message, for every editable form field of the mode. */
export function validateRecord(screen: ScreenDefinition, values: Record<string, unknown>, mode: 'create' | 'edit'): Record<string, string> {
  return validateFormFields(formFields(screen, mode), values);
}

/** Nothing typed in a form step (an optional wizard step left empty is skipped): every value empty or a No switch. */
export const stepEmpty = (values: Record<string, unknown>): boolean => Object.values(values).every((value) => isEmptyValue(value) || value === false);

/** A Yes switch or a filled value: what turns off a `requiredUnless` field. */
const isOn = (value: unknown): boolean => value !== false && !isEmptyValue(value);

/** Whether the field must be filled, given the other values of its record. */
export const isRequired = (field: ResolvedField, values: Record<string, unknown>): boolean =>
  field.required || (field.requiredUnless !== undefined && !isOn(values[field.requiredUnless])) || (field.requiredWhen !== undefined && holds(field.requiredWhen, values));

/** A `requiredWhen` condition on the record's values (an absent value equals nothing). */
function holds(when: NonNullable<FieldDefinition['requiredWhen']>, values: Record<string, unknown>): boolean {
  const value = values[when.field];
  if (when.equals !== undefined) return value === when.equals;
  if (when.notEquals !== undefined) return value !== when.notEquals;
  return !isEmptyValue(value);
}

/** Field name -> first failing message of the rule language (and the field's conditions), for these form fields. */
export function validateFormFields(fields: readonly FormField[], values: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  const labels = new Map(fields.map((f) => [f.field.name, f.field.label]));
  for (const { field, readOnly } of fields) {
    if (readOnly && !field.isKey) continue;
    const rules = isRequired(field, values) && !field.rules.includes('required') ? ['required', ...field.rules] : field.rules;
    const message = validateValue(values[field.name], rules, ruleContext(field), values) ?? choiceError(field, values[field.name]) ?? orderError(field, values, labels) ?? sameChoiceError(field, values, labels);
    if (message) errors[field.name] = message;
  }
  return errors;
}

/** A `notBefore` date earlier than the date it follows ('YYYY-MM-DD' strings compare as days), or a number below the one it follows (a band's maximum). */
function orderError(field: ResolvedField, values: Record<string, unknown>, labels: Map<string, string>): string | null {
  if (!field.notBefore) return null;
  const value = values[field.name];
  const earliest = values[field.notBefore];
  const params = () => ({ label: fieldLabel(ruleContext(field)), other: labels.get(field.notBefore!) ?? field.notBefore! });
  if (typeof value === 'number' && typeof earliest === 'number') return value >= earliest ? null : formatMessage(RULE_MESSAGES.notBelow, params());
  if (typeof value !== 'string' || typeof earliest !== 'string' || isEmptyValue(value) || isEmptyValue(earliest) || value >= earliest) return null;
  return formatMessage(RULE_MESSAGES.notBefore, params());
}

/** An `excludes` choice equal to the other field's (an origin that is also the destination). */
function sameChoiceError(field: ResolvedField, values: Record<string, unknown>, labels: Map<string, string>): string | null {
  if (!field.excludes) return null;
  const value = values[field.name];
  if (isEmptyValue(value) || value !== values[field.excludes]) return null;
  return formatMessage(RULE_MESSAGES.excludes, { label: fieldLabel(ruleContext(field)), other: labels.get(field.excludes) ?? field.excludes });
}

/** A field with fixed options takes only those values (the rule language checks choices for 'required' only). */
function choiceError(field: ResolvedField, value: unknown): string | null {
  if (!field.options || isEmptyValue(value)) return null;
  const allowed = new Set(field.options.map((o) => o.value));
  const chosen = Array.isArray(value) ? value : [value];
  if (chosen.every((v) => allowed.has(v as string))) return null;
  return formatMessage(RULE_MESSAGES.enum, { label: fieldLabel(ruleContext(field)), options: field.options.map((o) => o.label).join(', ') });
}

/** Every rule of every field parses (the definition validator reports the ones that don't). */
export function ruleProblems(screen: ScreenDefinition): { field: string; rule: string; problem: string }[] {
  const problems: { field: string; rule: string; problem: string }[] = [];
  for (const field of screen.fields) {
    for (const rule of field.rules ?? []) {
      try {
        parseRule(rule);
      } catch (error) {
        problems.push({ field: field.name, rule, problem: (error as Error).message });
      }
    }
  }
  return problems;
}

// ---- server resource ---------------------------------------------------------------------------

export const AUDIT_COLUMNS = ['createdby', 'createddate', 'updatedby', 'updateddate'] as const;

export interface ResourceModel {
  name: string;
  table: string;
  menucode: string;
  key: string[];
  status: string | undefined;
  /** The fields that are columns of the table. */
  fields: ResolvedField[];
  /** Fields the resource's server hooks load and save elsewhere (`stored: false`). */
  unstored: ResolvedField[];
  searchable: Set<string>;
  /** Text fields searched by contains (not `exact`): each gets a trigram index (server/platform/resources/schemaSync.ts). */
  contains: Set<string>;
  sortable: Set<string>;
  /** A view page's resource: the fixed criteria every read and change keeps to (engine/definition/viewPage.ts). */
  filter: Record<string, unknown> | undefined;
  /** The server makes a new record's key (resource.generatedKey). */
  generatedKey: boolean;
  /** The fields that carry a row's scope (resource.scope): the server keeps a scoped user to their rows. */
  scope: RowScopeFields | undefined;
}

export function resourceModel(screen: ScreenDefinition): ResourceModel {
  const fields = resolveFields(screen);
  const declaredStatus = screen.resource.status;
  const status = declaredStatus === false ? undefined : (declaredStatus ?? (fields.some((f) => f.name === 'status') ? 'status' : undefined));
  return {
    name: screen.resource.name,
    table: screen.resource.table ?? screen.resource.name.replace(/-/g, '_'),
    menucode: screen.menucode,
    key: screen.resource.key,
    status,
    fields: fields.filter((f) => f.stored !== false),
    unstored: fields.filter((f) => f.stored === false),
    searchable: new Set(searchFields(screen).map((s) => s.field.name)),
    contains: new Set(searchFields(screen).filter((s) => !s.exact && (s.field.type === 'string' || s.field.type === 'text') && s.field.stored !== false).map((s) => s.field.name)),
    sortable: new Set([...tableColumns(screen).filter((c) => c.sortable).map((c) => c.field.name), ...Object.keys(defaultSort(screen))]),
    filter: (screen.resource as { view?: { filter: Record<string, unknown> } }).view?.filter,
    generatedKey: screen.resource.generatedKey === true,
    scope: screen.resource.scope,
  };
}
