// Generated from screen.schema.json by `npm run schema:types` (scripts/definition-types.ts): edit the schema, not this file.
import type { NavigatorName, ViewName } from './views';

/**
 * One menu screen (screens/<group>/<menu>.json): its title, resource, fields and actions. Each field is declared once, with where it shows; the engine derives the search form, table, form, server table, server validation and permission codes from it. Its TypeScript types (engine/definition/screenSchema.ts) are generated from it by npm run schema:types. Cross-file rules (fields named by keys, sorts and actions exist, selectors exist, one screen per menu, unique resources and tables, file named after the menu path) are checked by checkDefinitions in engine/definition/checkDefinitions.ts.
 */
export type PageDefinition = ScreenDefinition | PanelPage | WizardPage | ApprovalPage | ViewPage | ReadOnlyPage | ReportPage | StudioPage;
/**
 * A list screen: a searchable table over a resource with its record form.
 */
export type ScreenDefinition = PageBase & {
  kind?: 'list';
  resource: ResourceDefinition;
  /**
   * Every field of the record, once, in display order, each saying where it shows (search, column, form, detail).
   *
   * @minItems 1
   */
  fields: FieldDefinition[];
  /**
   * What the screen offers besides listing: standard actions by name, custom actions as objects. Each gives a permission code <menucode>_<FUNCTION>.
   *
   * Items: A standard action name, or a custom action object.
   */
  actions: (StandardAction | CustomAction)[];
  options?: ScreenOptions;
  approval?: ApprovalRequirement;
  record?: RecordPageDefinition;
  noOverlap?: NoOverlapRule;
  /**
   * Buttons beside Create, each opening a registered view in a drawer (not for one record), for users granted its function code (default <MENU>_ACCESS).
   *
   * @minItems 1
   */
  tools?: ScreenTool[];
  /**
   * Actions of the screen that also run on many selected table rows in one call, all or nothing: activate, deactivate, delete, a custom action with "set", or a custom action without it served in bulk by its domain module (/api/<resource>/bulk-<action>, under the action's function code).
   *
   * @minItems 1
   */
  bulk?: string[];
  /**
   * What people call one record, e.g. on the approval pages' Record column: a template of the screen's fields, '{memberfullname} {cardnumber}'; a field with a source reads as its selector's label (an award code as the award's name). Default: the label of the selector over this resource, if any. A child-only screen's records are named after their parent's first.
   */
  recordName?: string;
  /**
   * A child-only screen: not a menu, only a child table of this menu's record page. It works under its parent's function codes (reads <PARENT>_ACCESS, writes <PARENT>_UPDATE, custom actions <PARENT>_<function>); its file is screens/<the parent's folder>/<its menu code in lower case>.json.
   */
  childOf?: string;
};
/**
 * A field name: lower-case letters, digits and '_', starting with a letter; it is also the database column.
 */
export type FieldName = string;
/**
 * Value type; defaults from the widget, else 'string'.
 */
export type FieldType = 'string' | 'text' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime' | 'list';
/**
 * Input widget; defaults to 'select' for fields with options or a source, else from the type.
 */
export type Widget =
  | 'text'
  | 'textarea'
  | 'number'
  | 'password'
  | 'select'
  | 'multiselect'
  | 'radio'
  | 'switch'
  | 'date'
  | 'range'
  | 'time'
  | 'image'
  | 'csv'
  | 'permissions'
  | 'grants'
  | 'cardname';
/**
 * A string, number or boolean value.
 */
export type Scalar = string | number | boolean;
/**
 * How the value shows in the table and detail; defaults from the type ('status' for a field named status).
 */
export type DisplayFormat = 'text' | 'date' | 'datetime' | 'number' | 'status' | 'yesno' | 'tag' | 'json' | 'diff' | 'image' | 'progress';
/**
 * A whole-day bound: 'today', ±N days/months/years ('-30d', '+1m', '-18y') or YYYY-MM-DD.
 */
export type DateBound = string;
/**
 * A standard action: create, update, view (needs ACCESS only), delete, activate, deactivate, download (the search result as CSV), createbulk (several new records in one call, all or nothing; needs CREATE), upload (new records from a CSV file, all or nothing, with a per-row error report; needs UPLOAD).
 */
export type StandardAction = 'create' | 'update' | 'view' | 'delete' | 'activate' | 'deactivate' | 'download' | 'createbulk' | 'upload';
/**
 * Sort direction.
 */
export type SortDirection = 'asc' | 'desc';
/**
 * A page of panels (dashboards, report pages): each panel a chart or table over a named server query. Cross-checked by checkPanelPages (engine/definition/checkPanelPages.ts): the query exists on the server and is read by this panel only, the filters send the criteria it reads, the chart names fields of the columns.
 */
export type PanelPage = PageBase & {
  kind: 'panels';
  /**
   * The panels in display order, two a row from antd's lg breakpoint unless a panel spans more.
   *
   * @minItems 1
   */
  panels: PanelDefinition[];
  announcement?: PanelAnnouncement;
};
/**
 * line, bar, pie, table or statistic (one number).
 */
export type ChartKind = 'line' | 'bar' | 'pie' | 'table' | 'statistic';
/**
 * A flow of steps (forms, lists of rows, a summary) whose state is an XState machine of workflows/; the summary's Submit sends the draft to a domain action.
 */
export type WizardPage = PageBase & {
  kind: 'wizard';
  /**
   * Name of the machine in the wizard machine registry (workflows/wizardMachines.ts).
   */
  machine: string;
  /**
   * The domain action the summary's Submit calls with the draft (/api/<group>/<action>), guarded by <menucode>_CREATE.
   */
  submit: string;
  /**
   * The steps in order; each key names its part of the draft and its state in the machine.
   *
   * @minItems 1
   */
  steps: WizardStep[];
  /**
   * The fields of the domain action's answer shown once stored, in this order (labels and formats).
   *
   * @minItems 1
   */
  result?: FieldDefinition[];
};
/**
 * A view of the generic approval requests (maker-checker), filtered to some menus' requests: the list, search and detail of a request are the engine's (engine/definition/approvals.ts), with Approve and Reject under <menucode>_APPROVE and <menucode>_REJECT. Cross-checked by checkApprovals (engine/definition/checkApprovals.ts).
 */
export type ApprovalPage = PageBase & {
  kind: 'approvals';
  /**
   * Menu codes (screens/menu-tree.json) whose requests the page lists and decides; absent: every menu's (My Approval).
   *
   * @minItems 1
   */
  menus?: string[];
  /**
   * Only requests of these actions (create, update, delete, activate, deactivate or a custom action name such as 'redemption-cancel'); absent: every action of the menus.
   *
   * @minItems 1
   */
  actions?: string[];
};
/**
 * A list screen over another list screen's rows (engine/definition/viewPage.ts): a fixed filter the server always applies, the source's fields reused by name with placements of this page's own, and actions under this menu's function codes; it never deletes rows, and a row it creates holds the filter's values. Cross-checked by checkViewPages (engine/definition/checkViewPages.ts): the source is a list screen, every field named is the source's, contains searches the source's index serves, filter values its fields accept.
 */
export type ViewPage = PageBase & {
  kind: 'view';
  /**
   * Menu code of the list screen whose rows, fields, key and table this page uses.
   */
  source: string;
  /**
   * This page's API group: /api/<resource>/list, /detail, /update and its custom actions. Unique across screens.
   */
  resource: string;
  /**
   * Fixed criteria every list, detail and change keeps to: a field's value, or a list of values (any of them).
   */
  filter: {
    [k: string]: ViewFilterValue;
  };
  /**
   * Fields of the source screen by name, in display order, each saying where it shows on this page.
   *
   * @minItems 1
   */
  fields: ViewField[];
  /**
   * Actions of the view that also run on many selected rows in one call (as a list screen's bulk; a custom action without "set" is served in bulk by its domain module at /api/<resource>/bulk-<action>).
   *
   * @minItems 1
   */
  bulk?: string[];
  /**
   * view, create (a row holding the filter's values, each filter a single value), update (the fields with "form"), download, upload (a file its domain module takes, with options.uploadNote), or custom actions; each gives a permission code <menucode>_<FUNCTION>.
   */
  actions: (ViewAction | CustomAction)[];
  options?: ScreenOptions;
};
export type ViewFilterValue = Scalar[] | Scalar;
export type ViewAction = 'view' | 'create' | 'update' | 'download' | 'upload';
/**
 * Another menu's list screen shown read-only (BOD's Member Data is the Member screen): the same list, records and sections with no saves and no actions. The server lets this menu's ACCESS read what that screen's ACCESS reads, nothing more. Cross-checked in engine/definition/checkRecordPages.ts (the screen exists, both menus share a path, the routes are declared).
 */
export type ReadOnlyPage = PageBase & {
  kind: 'readonly';
  /**
   * Menu code of the list screen shown.
   */
  screen: string;
};
/**
 * A report page: a parameter form of filters sent as the criteria of a named server report, Generate in one of its formats as a background job with its percentage, and the list of the report's generated files. Without report it is Download Report: every file the user generated. Cross-checked by checkReportPages (engine/definition/checkReportPages.ts): the report exists on the server, the filters send exactly the criteria it reads, the formats are ones it allows, the access key is a configuration key.
 */
export type ReportPage = PageBase & {
  kind: 'report';
  /**
   * The named server report (server/reports/reportQueries.ts).
   */
  report?: string;
  /**
   * The parameter form: filters of the panels' field language, each sent as the criterion of its name.
   */
  filters?: PanelFilter[];
  /**
   * The formats offered, the first the default; each one the report allows.
   *
   * @minItems 1
   */
  formats?: ('CSV' | 'XLSX' | 'PDF')[];
  /**
   * The configuration key (General Configuration) listing the role names that may generate this report, comma-separated, * for every role granted the menu (spec 000 §6: reporting access by role name).
   */
  accessKey?: string;
};
/**
 * The Definition Studio: every definition (page, menu tree, selectors) found by title, menu path or group, edited as JSON against its schema with the cross checks of npm run validate while typing, previewed live by the engine's renderer, saved as drafts and published (or rolled back) through an approval request (engine/definition/studio.ts). The menu's UPDATE edits and submits; its ACCESS reads.
 */
export type StudioPage = PageBase & {
  kind: 'studio';
};

/**
 * What every definition file has, whatever its kind.
 */
export interface PageBase {
  /**
   * Relative path of this schema, for editor autocomplete.
   */
  $schema?: string;
  /**
   * Version of this file format. An older definition is migrated to it when loaded (engine/definition/schemaMigrations.ts).
   */
  schemaVersion: 2;
  /**
   * Menu code of the menu this screen opens from (screens/menu-tree.json); the prefix of its permission codes, e.g. COUNTRY -> COUNTRY_ACCESS, COUNTRY_CREATE.
   */
  menucode: string;
  /**
   * Screen title, shown in the page header and in messages about its records.
   */
  title: string;
  /**
   * 'panel' (default): the screen sits in a card panel; 'own': it draws without one.
   */
  layout?: 'panel' | 'own';
}
/**
 * The server resource the screen lists and edits: API group, database table, key and status field.
 */
export interface ResourceDefinition {
  /**
   * API group: /api/<name>/list, /api/<name>/create ... Lower-case words joined by '-', unique across screens.
   */
  name: string;
  /**
   * Database table; defaults to the name with '-' as '_'. Unique across screens.
   */
  table?: string;
  /**
   * Names of the fields that identify a record, in order.
   *
   * @minItems 1
   */
  key: FieldName[];
  /**
   * The field activate/deactivate switch between ACTIVE and INACTIVE; 'status' by default when such a field is declared; false when the resource has no status.
   */
  status?: FieldName | false;
  /**
   * The server makes the key of a new record: its last key field (text, not in the create form; key fields before it, a child's parent key, come with the data), filled with a time-ordered code (a correction, a merge request, a member's activity).
   */
  generatedKey?: boolean;
  scope?: RowScopeFields;
}
/**
 * Row scope: the fields that carry a row's branch, partner, membership or member. A user whose role is scoped reads and changes only rows of their own branch and partner, and changes only rows of the memberships their role may enroll in; a row outside answers like a missing row.
 */
export interface RowScopeFields {
  /**
   * The field holding the row's branch code.
   */
  branch?: FieldName;
  /**
   * The field holding the row's partner code.
   */
  partner?: FieldName;
  /**
   * The field holding the row's membership id (limits changes to the memberships the role may enroll in).
   */
  membership?: FieldName;
  /**
   * The field holding the row's member id: the row is in scope when its member is.
   */
  member?: FieldName;
}
/**
 * One field of the record, declared once: its type, label, rules and where it shows.
 */
export interface FieldDefinition {
  name: FieldName;
  /**
   * Label shown beside the input, in the column header and in rule messages.
   */
  label: string;
  type?: FieldType;
  widget?: Widget;
  /**
   * A bare noun ('Country Name'); the widget adds 'Input ' or 'Choose '.
   */
  placeholder?: string;
  /**
   * The rule language of spec 001 §5.1: required, min.N, max.N, len.N, minnumber.N, maxnumber.N (not in spec), type.X, enum, pattern.X, range, custom.NAME.
   *
   * Items: One rule, e.g. 'required', 'max.100', 'pattern.email'.
   */
  rules?: string[];
  /**
   * Fixed choices of a select, radio or multiselect.
   *
   * @minItems 1
   */
  options?: FieldOption[];
  source?: FieldSource;
  format?: DisplayFormat;
  /**
   * Value a new record starts with.
   */
  default?: string | number | boolean | null;
  /**
   * Shown in the search form: true for the defaults, or how it searches. Absent: not searchable.
   */
  search?: true | SearchPlacement;
  /**
   * Shown as a table column: true for the defaults, or how. Absent: not in the table.
   */
  column?: true | ColumnPlacement;
  /**
   * Shown in the create/edit form: true for the defaults, or where. Absent: not in the form.
   */
  form?: true | FormPlacement;
  /**
   * Shown when a record is viewed although the form does not edit it (a generated card number).
   */
  detail?: boolean;
  /**
   * A number field shown as this red tag in the table and detail when its value is 0 (a variant's quantity: 'Out of Stock', spec 001 §8).
   */
  zeroTag?: string;
  /**
   * Date pickers: the earliest day, relative to today ('today', '-30d', '+1y') or absolute YYYY-MM-DD.
   */
  minDate?: DateBound;
  /**
   * Date pickers: the latest day, relative to today ('today', '-30d', '+1y') or absolute YYYY-MM-DD.
   */
  maxDate?: DateBound;
  /**
   * Image upload: the largest file in KB (spec 001 §5.2 'Image size must be smaller than {n} KB/MB').
   */
  maxSizeKb?: number;
  /**
   * Required unless this other field of the record is on (a Yes switch) or filled, e.g. maxmember unless unlimited.
   */
  requiredUnless?: FieldName;
  /**
   * Required while another field of the record equals (or does not equal) a value, e.g. a codeshare's airports while its route type is SPECIFICROUTE.
   */
  requiredWhen?: VisibleWhen;
  /**
   * A date field that may not be earlier than this other date field of the record (an end date after its start date), or a number field not less than this other number field (a band's maximum and minimum).
   */
  notBefore?: FieldName;
  /**
   * A choice that may not equal this other choice field of the record (a route's origin and destination): each field's options leave out the other's value and the server refuses both the same. Declared on both fields, with the same selector or options.
   */
  excludes?: FieldName;
  /**
   * The card name chooser (widget cardname): the record's fields its variants are made of, given name first.
   *
   * @minItems 1
   */
  composeFrom?: FieldName[];
  /**
   * false: not a column; the resource's server hooks load and save it (a role's grants).
   */
  stored?: boolean;
}
/**
 * One fixed choice.
 */
export interface FieldOption {
  /**
   * The value stored.
   */
  value: Scalar;
  /**
   * The text shown.
   */
  label: string;
  /**
   * The tag colour of this value where the field shows as a status tag (format status), e.g. red for a payment waiting (spec 001 §4.5).
   */
  color?: 'green' | 'red' | 'orange' | 'blue' | 'gold' | 'default';
}
/**
 * Where a reference field takes its options from: a selector of screens/selectors.json.
 */
export interface FieldSource {
  /**
   * Name of the selector in screens/selectors.json.
   */
  selector: string;
  /**
   * Cascading: the value of another field of the same record filters the selector (region -> country).
   */
  dependsOn?: {
    /**
     * The field of this screen whose value filters the options.
     */
    field: FieldName;
    /**
     * The field of the selector's resource that value is matched against.
     */
    filter: FieldName;
    /**
     * The value is not the field's own but this field of the record it names (through its own selector, which lists it in "extra"): a booking class of the airline of the chosen accrual rule.
     */
    through?: FieldName;
  };
}
/**
 * How the field searches.
 */
export interface SearchPlacement {
  /**
   * 'normal' shows in the default search; 'advanced' only once 'Advance Search' is open.
   */
  mode?: 'normal' | 'advanced';
  /**
   * Exact match instead of the default contains match (text wrapped in %).
   */
  exact?: boolean;
  /**
   * Search with a date range instead of a single date.
   */
  range?: boolean;
}
/**
 * How the field shows as a table column.
 */
export interface ColumnPlacement {
  /**
   * Whether the column sorts on click (default true).
   */
  sortable?: boolean;
  /**
   * Column width in pixels.
   */
  width?: number;
  /**
   * Text longer than the column's width is cut with '...' and shown whole on hover; needs a width.
   */
  ellipsis?: boolean;
  /**
   * Text longer than the column wraps onto more lines instead of being cut (every other cell is cut with '...' and shown whole on hover), while the column keeps its width (squeezed on a narrow screen it is cut too): for what a row is about, read whole.
   */
  wrap?: boolean;
}
/**
 * Where the field shows in the form.
 */
export interface FormPlacement {
  /**
   * Title of the form section the field belongs to.
   */
  section?: string;
  /**
   * Shown but not editable when editing an existing record (keys always are).
   */
  readOnlyOnEdit?: boolean;
  /**
   * Spans both columns of the form.
   */
  wide?: boolean;
}
/**
 * The section shows only while a field of the record equals (or does not equal) a value: the field and exactly one of equals / notEquals.
 */
export interface VisibleWhen {
  /**
   * The field of this screen whose value decides.
   */
  field: FieldName;
  /**
   * Shown when the field has this value.
   */
  equals?: Scalar;
  /**
   * Shown when the field has any other value.
   */
  notEquals?: Scalar;
}
/**
 * An action of this screen only, served at /api/<resource>/<name> under the permission <menucode>_<function>.
 */
export interface CustomAction {
  /**
   * Action name, the last segment of its API path; lower-case words joined by '-', not a standard endpoint name.
   */
  name: string;
  /**
   * Button text; also the {action} of its confirmation.
   */
  label: string;
  /**
   * Function suffix: upper-case letters and digits (SETDEFAULT -> <menucode>_SETDEFAULT).
   */
  function: string;
  /**
   * 'action' (default): 'Are you sure to {action} this data?'; 'rating': the rating/reject text; 'generic': 'Are you sure ?'; false: no confirmation.
   */
  confirm?: 'action' | 'rating' | 'generic' | false;
  /**
   * Field values the action sets on the record, e.g. { "isdefault": true }.
   */
  set?: {
    [k: string]: Scalar;
  };
  /**
   * Set the values on this record and clear them on every other record with the same value of this field (set default).
   */
  exclusiveBy?: FieldName;
  /**
   * Name of the button's icon.
   */
  icon?: string;
  /**
   * The confirmation asks for a reason (required), sent as data.reason, e.g. an approval's reject.
   */
  reason?: boolean;
  /**
   * The confirmation asks for a value of this field (required), sent as data.<field>; `values` keeps only some of its options (a member's new status).
   */
  input?: {
    field: FieldName;
    /**
     * @minItems 1
     */
    values?: Scalar[];
  };
  /**
   * 'row' (default): a button of the table's rows; 'record': a button of the record page's heading.
   */
  place?: 'row' | 'record';
  /**
   * Offered only while a field of the record equals (or does not equal) a value.
   */
  visibleWhen?: VisibleWhen;
  /**
   * The answer's result is a file ({ filename, mimetype, content }) the browser saves.
   */
  download?: boolean;
  /**
   * The answer's result.path is opened in a new tab (a member's receipt, spec 001 §7.5).
   */
  open?: boolean;
  /**
   * The answer's result.secret is shown once in a dialog to copy (an API client's new secret): the browser keeps it nowhere and the server cannot show it again.
   */
  reveal?: boolean;
}
/**
 * Screen-wide options.
 */
export interface ScreenOptions {
  /**
   * Sort of the table before the user picks one: field name -> direction. Default: the first key field ascending.
   */
  defaultSort?: {
    [k: string]: SortDirection;
  };
  /**
   * Whether the table pages (default true).
   */
  pagination?: boolean;
  /**
   * Where the form opens: 'drawer' (default) or 'modal'.
   */
  formIn?: 'drawer' | 'modal';
  /**
   * The form's width in pixels (default 720), e.g. wider for a permission matrix.
   */
  formWidth?: number;
  /**
   * The table reads its page again every `seconds` while a row shown has one of these values of `field` (a job's status).
   */
  refreshWhile?: {
    field: FieldName;
    /**
     * @minItems 1
     */
    values: string[];
    seconds: number;
  };
  /**
   * The create's answer carries a secret the server keeps only as a hash (an API client's first secret): result.secret is shown once in a dialog to copy, as an action's reveal does.
   */
  revealOnCreate?: boolean;
  /**
   * The upload dialog's text instead of the create form's columns (a file that is not records of the list).
   */
  uploadNote?: string;
}
/**
 * Maker-checker: the maker's call of these actions stores an approval request and changes nothing else; a second user approves (applied then, re-validated) or rejects it on an approval page.
 */
export interface ApprovalRequirement {
  /**
   * Names of the screen's write actions: create, update, delete, activate, deactivate, or a custom action with 'set'.
   *
   * @minItems 1
   */
  actions: string[];
  /**
   * The function suffix whose holders write at once without a request (e.g. POSTDIRECT: <MENU>_POSTDIRECT, a child screen's on its parent menu); listed on the Role screen like every function. Without it every write of these actions waits for approval.
   */
  direct?: string;
}
/**
 * Records of this list screen open as a full page at /<menu path>/form/{key}/{section} with a side menu of sections (200 px, collapsing below antd's lg breakpoint), instead of the drawer. The menu declares that route; the record needs a one-field key. Cross checks (fields, function codes, children, views) are in engine/definition/checkRecordPages.ts.
 */
export interface RecordPageDefinition {
  /**
   * The sections in side-menu order; the first is the default and creates the record.
   *
   * @minItems 1
   */
  sections: RecordSection[];
  /**
   * A registered navigator (engine/definition/views.ts) that lays the sections out by their group instead of the side menu, e.g. 'member-navigator'.
   */
  navigator?: NavigatorName;
  /**
   * Fields of the record shown in a heading above the sections (a member's summary), formatted as the table shows them.
   *
   * @minItems 1
   */
  header?: FieldName[];
}
/**
 * One section of a record page: a form of some of the screen's fields (saved on its own), a child table, a registered view, or several of these.
 */
export interface RecordSection {
  /**
   * The section's URL segment, e.g. 'basic-info'.
   */
  key: string;
  /**
   * Side-menu entry and heading.
   */
  label: string;
  /**
   * The full function code that opens and saves the section (e.g. PRMEMCR_ACCESS); default: <menucode>_ACCESS to open, <menucode>_UPDATE to save.
   */
  function?: string;
  visibleWhen?: VisibleWhen;
  /**
   * Names of the screen's fields the section edits (not key fields: they travel with every section).
   *
   * @minItems 1
   */
  fields?: FieldName[];
  child?: ChildTableDefinition;
  /**
   * Name of a registered view (engine/definition/views.ts).
   */
  view?: ViewName;
  /**
   * The navigator's step this section is a sub-step of (e.g. 'Profile'); a section without a group is a step of its own. Needs record.navigator.
   */
  group?: string;
}
/**
 * A table of another list screen's rows that belong to this record (master-detail), or ('pick') a membership list of existing records.
 */
export interface ChildTableDefinition {
  /**
   * Menu code of the child list screen.
   */
  screen: string;
  /**
   * Child key field -> this screen's field whose value it holds.
   */
  parentKey: {
    [k: string]: FieldName;
  };
  /**
   * 'own' (default): create, edit, delete and activate the child rows; 'pick': add existing records (one createbulk call) and remove them.
   */
  mode?: 'own' | 'pick';
  /**
   * Rows open as a page of their own at <record page>/<section>/detail/<the row's last key field> (the menu declares the route <menu path>/form/:<key>/:section/detail/:detail) instead of the drawer: the row's details, then the registered view.
   */
  detailPage?: {
    /**
     * A registered view drawn below the row's details.
     */
    view?: ViewName;
    /**
     * The row button's label (default View), e.g. 'View Detail'.
     */
    label?: string;
    /**
     * The row's button shows only while a field of the row equals (or does not equal) a value ('View Detail' hidden while a payment waits, spec 001 §4.5).
     */
    visibleWhen?: VisibleWhen;
  };
}
/**
 * Records with the same values of "per" may not overlap in all of "ranges" (an effective period, a distance band): the server refuses such a write with a message on the ranges' fields.
 */
export interface NoOverlapRule {
  /**
   * The fields whose values make the key the ranges belong to (empty: every record).
   */
  per: FieldName[];
  /**
   * The ranges that may not all meet.
   *
   * @minItems 1
   */
  ranges: OverlapRange[];
}
/**
 * Two date fields or two number fields of the record, both ends included; an empty start means from the beginning, an empty end open-ended.
 */
export interface OverlapRange {
  from: FieldName;
  to: FieldName;
}
/**
 * A list screen's tool: a registered view drawn in a drawer, not for one record.
 */
export interface ScreenTool {
  key: string;
  /**
   * The button and the drawer's title.
   */
  label: string;
  /**
   * A registered view (engine/definition/views.ts).
   */
  view: ViewName;
  /**
   * The full function code that shows the tool; default <MENU>_ACCESS.
   */
  function?: string;
}
/**
 * One panel: filters sent as criteria to a named server query, and the chart drawn from its rows.
 */
export interface PanelDefinition {
  /**
   * Identifies the panel on its page (and its filters in the URL: <key>.<filter>).
   */
  key: string;
  /**
   * Panel title.
   */
  title: string;
  /**
   * The named server query (server/platform/panels/panelQueries.ts), served at /api/<query> under the page's menu code.
   */
  query: string;
  /**
   * Filters, each sent as the criterion of its name; a change refetches at once.
   */
  filters?: PanelFilter[];
  chart: PanelChart;
  /**
   * Grid columns of 24 the panel spans from antd's lg breakpoint (default 12); below it, 24.
   */
  span?: number;
}
/**
 * A panel filter in the field language: a select over options (e.g. with an ALL option) or a selector, or a date bounded by day; a date with rangeEnd is a range (default: the last 30 days).
 */
export interface PanelFilter {
  /**
   * The criterion the value is sent as (a range's start).
   */
  name: FieldName;
  /**
   * Label of the filter, also in its messages.
   */
  label: string;
  /**
   * A bare noun; the widget adds 'Choose '.
   */
  placeholder?: string;
  /**
   * Input widget; defaults to 'select' with options or a source, 'date' for type date.
   */
  widget?: 'select' | 'multiselect' | 'date';
  /**
   * Value type; 'date' for a day (YYYY-MM-DD), 'list' for several choices.
   */
  type?: 'string' | 'date' | 'list';
  /**
   * The rule language of spec 001 §5.1, checked by the server too.
   */
  rules?: string[];
  /**
   * Fixed choices; the only values the server takes.
   *
   * @minItems 1
   */
  options?: FieldOption[];
  source?: FieldSource;
  /**
   * The value the filter starts with and returns to on Reset; for a date, a day bound ('today', '-30d').
   */
  default?: string | number | boolean | null;
  /**
   * The earliest day, checked by the server too.
   */
  minDate?: DateBound;
  /**
   * The latest day ('today': no date later than today), checked by the server too.
   */
  maxDate?: DateBound;
  /**
   * Makes the date a range: the criterion its end is sent as (the start goes as name).
   */
  rangeEnd?: FieldName;
  /**
   * Another filter of the panel -> its values that disable this filter (sent empty; the server refuses a value then).
   */
  disabledWhen?: {
    /**
     * @minItems 1
     */
    [k: string]: string[];
  };
  /**
   * A list filter: another filter of the panel -> its values under which several choices are allowed; otherwise one at most (the server checks it too).
   */
  multipleWhen?: {
    /**
     * @minItems 1
     */
    [k: string]: string[];
  };
  /**
   * The choices of a list screen's field (its menu code and field name), kept once there; they follow the filter's own options (an 'All' choice).
   */
  optionsOf?: {
    screen: string;
    field: FieldName;
  };
}
/**
 * How the panel draws its rows. Flat rows: x the category, y the number, series one line or bar group per value. Nested rows: each row a series named by its series field, with its points in the data list.
 */
export interface PanelChart {
  kind: ChartKind;
  /**
   * The category field: the x axis, or the pie's slices.
   */
  x?: FieldName;
  /**
   * The number field: the y axis, the slice size, the statistic.
   */
  y?: FieldName;
  /**
   * The field naming each series (a line or bar group per value).
   */
  series?: FieldName;
  /**
   * Nested rows: the list field of each row holding its series' points.
   */
  data?: FieldName;
  /**
   * Labels and formats of the row fields; a table shows these columns.
   *
   * @minItems 1
   */
  columns?: PanelColumn[];
  /**
   * How many results are drawn: 10 by default (spec 000 §9); false: all (tier charts).
   */
  limit?: number | false;
}
/**
 * A field of the query's rows as shown: table column, axis title, tooltip.
 */
export interface PanelColumn {
  name: FieldName;
  /**
   * Column header and tooltip label.
   */
  label: string;
  /**
   * text (default), number (thousand separators), percent, or date (DD/MM/YYYY).
   */
  format?: 'text' | 'number' | 'percent' | 'date';
  /**
   * The field holds a reference value: the chart and table show the label the selector gives it.
   */
  source?: {
    selector: string;
  };
}
/**
 * An info banner above the panels, shown when its named server query answers { show: true, content }; its link opens the content in a modal (spec 000 §2).
 */
export interface PanelAnnouncement {
  /**
   * The named server query (server/platform/panels/panelQueries.ts) with no criteria, answering one row { show, content }.
   */
  query: string;
  /**
   * The banner's text.
   */
  title: string;
  /**
   * The link's text.
   */
  link: string;
}
/**
 * One step: exactly one of fields (a form), resource (the create form of a list screen's resource), list (rows) or summary.
 */
export interface WizardStep {
  /**
   * Names the step's part of the draft and its state in the machine.
   */
  key: string;
  /**
   * Shown in the steps bar and as the step's heading.
   */
  title: string;
  /**
   * The step's form: fields in the same language as a list screen's (rules, sources, sections).
   *
   * @minItems 1
   */
  fields?: FieldDefinition[];
  /**
   * The step fills a new record of this resource: the form fields of its list screen.
   */
  resource?: string;
  /**
   * With resource: only these fields of its list screen, in this order (any field it declares, in its form or not).
   *
   * @minItems 1
   */
  pick?: FieldName[];
  /**
   * With resource: a picked field's options from another selector of the same resource, e.g. the memberships the user may enroll in.
   */
  selectors?: {
    [k: string]: string;
  };
  /**
   * With pick: a picked field's label (and placeholder) on this step, e.g. a hotel stay's 'Date of Use' for its departure date.
   */
  labels?: {
    [k: string]: string;
  };
  /**
   * The step may be left empty (skipped, nothing stored); once anything is typed its rules apply. With unless: required when a field of an earlier step has this value.
   */
  optional?:
    | true
    | {
        unless: {
          step: string;
          field: FieldName;
          equals: string | number | boolean;
        };
      };
  list?: WizardList;
  /**
   * Every earlier step read back, with Submit.
   */
  summary?: true;
  /**
   * With check: earlier form steps whose values are sent with this step's values to its check (data: { values, earlier: { <step>: values } }).
   *
   * @minItems 1
   */
  checkWith?: string[];
  /**
   * A domain action the step's values are sent to on Next (its field messages stay on the step); on the summary, the quote: the whole draft sent on arrival, its answer shown before Submit.
   */
  check?: string;
  /**
   * With check: the fields of the check's answer shown with the step, labelled and formatted, in this order (on the summary, and above a later step naming this one in context). On the summary the check is the quote: the whole draft priced by the same code as Submit.
   *
   * @minItems 1
   */
  answer?: FieldDefinition[];
  /**
   * Earlier steps whose check answers (their answer fields) show above this step, e.g. the member's balance on the award step.
   *
   * @minItems 1
   */
  context?: string[];
  /**
   * With check on a form step: the check runs as the values change and its answer shows under the form before Next.
   */
  preview?: true;
  /**
   * The step is part of the flow only when an earlier step's check answered this value (or not this value).
   */
  when?: StepCondition;
}
/**
 * Rows added one by one (e.g. tour codes), each a form of these fields.
 */
export interface WizardList {
  /**
   * The fields of one row.
   *
   * @minItems 1
   */
  fields: FieldDefinition[];
  /**
   * What one row is called on buttons and messages ('Tour Code').
   */
  itemLabel: string;
  /**
   * Fewest rows (default 0).
   */
  min?: number;
  /**
   * Most rows (default 100).
   */
  max?: number;
  /**
   * Fields whose value no two rows may share.
   *
   * @minItems 1
   */
  unique?: FieldName[];
  /**
   * Fields of an earlier step shown in every row and set on it by the server (the corporate code of its tour codes).
   *
   * @minItems 1
   */
  inherit?: FieldName[];
  /**
   * Turning the boolean row field 'when' on fills the row's fields from an earlier step's check answer (Self Usage fills in the member).
   */
  fill?: RowFill;
}
/**
 * A row's fields filled from an earlier step's check answer when its boolean field is turned on.
 */
export interface RowFill {
  when: FieldName;
  from: string;
  values: {
    [k: string]: FieldName;
  };
}
/**
 * A field of an earlier step's check answer that has (or has not) a value.
 */
export interface StepCondition {
  step: string;
  field: FieldName;
  equals?: string | number | boolean;
  notEquals?: string | number | boolean;
}
export interface ViewField {
  name: FieldName;
  /**
   * Shown in the search form: true for the defaults, or how it searches. Absent: not searchable.
   */
  search?: true | SearchPlacement;
  /**
   * Shown as a table column: true for the defaults, or how. Absent: not in the table.
   */
  column?: true | ColumnPlacement;
  /**
   * Shown in the edit form (with the "update" action). Absent: not in the form.
   */
  form?: true | FormPlacement;
  /**
   * Shown when a record is viewed.
   */
  detail?: boolean;
}
