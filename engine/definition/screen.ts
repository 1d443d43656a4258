// The screen definition: one JSON file per menu screen (screens/<group>/<menu>.json). Each field is
// declared once, with where it shows; everything else (search form, table, form, server table,
// server validation, permission codes) is derived from it by engine/definition/compile.
import type { NavigatorName, ViewName } from './views';

export type FieldType = 'string' | 'text' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime' | 'list';

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
  /** A role's grants: menus of the menu tree x their function codes (value: spec 000 usermenu). */
  | 'permissions'
  /** One Yes/No grant per option of the field's selector (value: [{ <selector value>: id, grant }]). */
  | 'grants'
  /** The card name chooser of spec 001 §4.7: variants of the holder's name (`composeFrom`) and a free 'More...' text. */
  | 'cardname';

/** 'diff': a list of { label, current, proposed } rows shown as a table (an approval request's change). */
/** 'progress': a percentage (0-100) shown as a bar (a job's progress). */
/** 'image': the value is the address of an image this server serves (a tier's template card), shown as that image. */
export type DisplayFormat = 'text' | 'date' | 'datetime' | 'number' | 'status' | 'yesno' | 'tag' | 'json' | 'diff' | 'image' | 'progress';

export interface FieldOption {
  value: string | number | boolean;
  label: string;
  /** The tag colour of this value where the field shows as a status tag. */
  color?: 'green' | 'red' | 'orange' | 'blue' | 'gold' | 'default';
}

/** Where a reference field takes its options from: a selector of screens/selectors.json. */
export interface FieldSource {
  selector: string;
  /** Cascading: the value of this field of the same record filters the selector (region -> country). */
  dependsOn?: {
    field: string;
    filter: string;
    /**
     * The parent value is not `field`'s own but this field of the record `field` names (through `field`'s own
     * selector, which lists it in its `extra`): a booking class of the airline of the chosen accrual rule.
     */
    through?: string;
  };
}

export interface SearchPlacement {
  /** 'normal' shows in the default search; 'advanced' only once 'Advance Search' is open. */
  mode?: 'normal' | 'advanced';
  /** Exact match instead of the default contains match (text wrapped in %). */
  exact?: boolean;
  /** Search with a date range instead of a single date. */
  range?: boolean;
}

export interface ColumnPlacement {
  sortable?: boolean;
  width?: number;
  /** Text longer than the width is cut with '...' and shown whole on hover (an airport's long name in a narrow column). */
  ellipsis?: boolean;
  /** Text longer than the column wraps onto more lines instead of being cut, while the column keeps its width: what a row is about, read whole (an approval's Record). */
  wrap?: boolean;
}

export interface FormPlacement {
  section?: string;
  /** Shown but not editable when editing an existing record (keys always are). */
  readOnlyOnEdit?: boolean;
  /** Spans both columns of the form. */
  wide?: boolean;
}

export interface FieldDefinition {
  name: string;
  label: string;
  type?: FieldType;
  widget?: Widget;
  /** A bare noun ('Country Name'); the widget adds 'Input ' or 'Choose '. */
  placeholder?: string;
  /** The rule language of spec 001 §5.1: required, min.N, max.N, len.N, minnumber.N, maxnumber.N (not in spec), type.X, enum, pattern.X, range, custom.NAME. */
  rules?: string[];
  options?: FieldOption[];
  source?: FieldSource;
  format?: DisplayFormat;
  default?: string | number | boolean | null;
  /** Where the field shows; absent means not there. `true` takes the defaults. */
  search?: boolean | SearchPlacement;
  column?: boolean | ColumnPlacement;
  form?: boolean | FormPlacement;
  /** Shown when a record is viewed although the form does not edit it (a generated card number). */
  detail?: boolean;
  /** A number field shown as this red tag when its value is 0 (a variant's quantity: 'Out of Stock'). */
  zeroTag?: string;
  /** Date pickers: whole-day bounds relative to today ('today', '-30d', '+1y') or absolute YYYY-MM-DD. */
  minDate?: string;
  maxDate?: string;
  /** Image upload: the largest file in KB (spec 001 §5.2 'Image size must be smaller than {n} KB/MB'). */
  maxSizeKb?: number;
  /** Required unless this other field of the record is on or filled (maxmember unless unlimited). */
  requiredUnless?: string;
  /** Required while another field of the record has (or has not) a value: a specific route's airports. */
  requiredWhen?: VisibleWhen;
  /** A date that may not be earlier than this other date field of the record (an end date after its start date), or a number not less than this other number field (a band's maximum). */
  notBefore?: string;
  /**
   * A choice that may not equal this other choice field of the record (a route's origin and destination): each
   * field's options leave out the other's value, and a record with both the same is refused on this field.
   */
  excludes?: string;
  /** The card name chooser (`widget: "cardname"`): the record's fields its variants are made of, given name first. */
  composeFrom?: string[];
  /**
   * false: not a column of the resource's table; the resource's server hooks (server/resources/hooks.ts)
   * load it into the detail and save it after a create or update (a role's grants live in their own table).
   */
  stored?: boolean;
}

/**
 * createbulk: several new records in one call, all or nothing (spec 001 §7.4 'tier duration (createbulk)'), under <MENU>_CREATE.
 * upload: new records from a CSV file, all or nothing with a per-row error report (engine/definition/bulk.ts), under <MENU>_UPLOAD.
 */
export type StandardAction = 'create' | 'update' | 'view' | 'delete' | 'activate' | 'deactivate' | 'download' | 'createbulk' | 'upload';

export interface CustomAction {
  name: string;
  label: string;
  /** Function suffix (e.g. SETDEFAULT -> <MENU>_SETDEFAULT). */
  function: string;
  /** 'action': 'Are you sure to {action} this data?'; 'rating': the rating/reject text; 'generic': 'Are you sure ?'. */
  confirm?: 'action' | 'rating' | 'generic' | false;
  /**
   * Field values the action sets on the record, e.g. { "isdefault": true }. Without `set` the action is
   * served by server code at /api/<resource>/<name> with the same function code (the server refuses to
   * start when it is missing), e.g. a user's password reset by e-mail.
   */
  set?: Record<string, string | number | boolean>;
  /** Set values on the record, and clear them on every other record of the same group (set default). */
  exclusiveBy?: string;
  icon?: string;
  /** The confirmation asks for a reason, required, sent as data.reason (an approval's reject). */
  reason?: boolean;
  /**
   * The confirmation asks for a value of this field of the screen (a member's new status), required, sent as
   * data.<field>; `values` keeps only some of the field's options (ACTIVE, INACTIVE, SUSPENDED).
   */
  input?: { field: string; values?: (string | number | boolean)[] };
  /** 'record': a button of the record page's heading instead of a table row (a record page's status changes). */
  place?: 'row' | 'record';
  /** Offered only while a field of the record has (or has not) a value (reactivate a terminated member). */
  visibleWhen?: VisibleWhen;
  /** The answer's result is a file ({ filename, mimetype, content }) the browser saves (an activity file's per-row result). */
  download?: boolean;
  /** The answer's result.path is opened in a new tab (a member's receipt, spec 001 §7.5). */
  open?: boolean;
}

export interface ResourceDefinition {
  /** API group: /api/<name>/list, /api/<name>/create ... */
  name: string;
  /** Database table; defaults to the name with '-' as '_'. */
  table?: string;
  key: string[];
  /** The status field activate/deactivate switch between ACTIVE and INACTIVE ('status' by default when declared). */
  status?: string | false;
  /**
   * The server makes the key of a new record (its last key field, text, not in the create form; any key
   * fields before it, a child's parent key, come with the data): a time-ordered code
   * (engine/definition/generatedKey.ts), for records with no natural key (a correction, a merge request, a member's activity).
   */
  generatedKey?: boolean;
  /**
   * Row scope: the fields that carry a row's branch, partner, membership or member. A scoped user (their role's
   * Row Scope) reads and changes only the rows of their own branch and partner, and changes only rows of the
   * memberships their role may enroll in; a row outside answers like a row that does not exist.
   */
  scope?: RowScopeFields;
}

/** The fields of a resource that carry its rows' scope (ResourceDefinition.scope). */
export interface RowScopeFields {
  /** The branch code of the row: a user with a branch sees the rows of that branch. */
  branch?: string;
  /** The partner code of the row: a user with a partner code sees that partner's rows. */
  partner?: string;
  /** The membership id of the row: a scoped user changes only rows of the memberships their role may enroll in. */
  membership?: string;
  /** The member id of the row: it is in scope when its member is (the member screen's own scope). */
  member?: string;
}

export const FORM_WIDTH = 720;

export interface ScreenOptions {
  defaultSort?: Record<string, 'asc' | 'desc'>;
  pagination?: boolean;
  /** Where the form opens. */
  formIn?: 'drawer' | 'modal';
  /** The form's width in pixels (default FORM_WIDTH), e.g. wider for a permission matrix. */
  formWidth?: number;
  /** The table reads its page again every `seconds` while a row shown has one of these values (a job's status): state-based refresh. */
  refreshWhile?: { field: string; values: string[]; seconds: number };
  /** The upload dialog's text instead of the create form's columns (a file that is not records of the list). */
  uploadNote?: string;
}

/**
 * The kinds of page a definition file makes (issue "Engine 2"). A file without `kind` is a list screen:
 * a searchable table over a resource with its record form. The other kinds have their own definition
 * types below; every kind is data, rendered by engine/render/PageView and served by the generic server.
 */
export type PageKind = 'list' | 'panels' | 'wizard' | 'approvals' | 'view' | 'readonly' | 'report';

/** What every definition file has, whatever its kind. */
export interface PageBase {
  $schema?: string;
  schemaVersion: 1;
  menucode: string;
  title: string;
  layout?: 'panel' | 'own';
}

export interface ScreenDefinition extends PageBase {
  kind?: 'list';
  resource: ResourceDefinition;
  fields: FieldDefinition[];
  actions: (StandardAction | CustomAction)[];
  options?: ScreenOptions;
  /** Records open as a full page of sections (/<menu path>/form/{key}/{section}) instead of the drawer. */
  record?: RecordPageDefinition;
  /** Maker-checker: these actions create an approval request instead of writing (engine/definition/approvals.ts). */
  approval?: ApprovalRequirement;
  /**
   * What people call one record, a template of its fields ('{memberfullname} {cardnumber}'); a reference field
   * reads as its selector's label. Default: the label of the selector over this resource (engine/definition/recordNames.ts).
   */
  recordName?: string;
  /** Actions of the screen that also run on many selected rows in one call (/api/<resource>/bulk-<action>, engine/definition/bulk.ts). */
  bulk?: string[];
  /**
   * Tools of the list screen: each a button beside Create opening a registered view in a drawer (the accrual
   * rule screens' simulator), for users granted its function code (the menu's ACCESS by default).
   */
  tools?: ScreenTool[];
  /**
   * A child-only screen: not a menu, only a child table of this record page's screen (by its menu code). Its
   * function codes are the parent's (reads <PARENT>_ACCESS, writes <PARENT>_UPDATE, custom <PARENT>_<FUNCTION>),
   * and its file is screens/<the parent's folder>/<its menu code in lower case>.json.
   */
  childOf?: string;
  /**
   * Records with the same values of `per` may not overlap in all of `ranges` (an effective period, a distance
   * band): checked by the server on every write, answered on the ranges' fields (engine/definition/overlap.ts).
   */
  noOverlap?: NoOverlapRule;
}

// ---- a record page's sections (engine/definition/recordPage.ts derives what each needs) ----

/** The sections a list screen's records open with, in side-menu order; the first is the default. */
export interface RecordPageDefinition {
  sections: RecordSection[];
  /**
   * A registered navigator (engine/definition/views.ts) that lays the sections out instead of the side menu,
   * by their `group` (the member profile navigator's steps and sub-steps).
   */
  navigator?: NavigatorName;
  /** Fields of the record shown in a heading above the sections (the member summary), as the table shows them. */
  header?: string[];
}

export interface RecordSection {
  /** The section's URL segment (the fourth path segment), e.g. 'basic-info'. */
  key: string;
  /** Its side-menu entry and heading. */
  label: string;
  /**
   * The full function code that opens AND saves the section (spec 000 §6: 'PRMEMCR_ACCESS'). Without it the
   * section opens with <MENU>_ACCESS and saves with <MENU>_UPDATE.
   */
  function?: string;
  /** Shown only while a field of the record has (or has not) a value: air criteria for AIR promotions. */
  visibleWhen?: VisibleWhen;
  /** Fields of the screen the section edits; the first section's create the record with its key. */
  fields?: string[];
  /** A table of another list screen's rows that belong to this record. */
  child?: ChildTableDefinition;
  /** A registered view (engine/definition/views.ts) drawn for the record. */
  view?: ViewName;
  /** The navigator's step this section is a sub-step of ('Profile'); a section without one is a step of its own. */
  group?: string;
}

export interface VisibleWhen {
  field: string;
  equals?: string | number | boolean;
  notEquals?: string | number | boolean;
}

/** Master-detail: the child screen's rows whose parent key fields hold this record's values. */
export interface ChildTableDefinition {
  /** Menu code of the child list screen. */
  screen: string;
  /** Child field -> parent field, e.g. { "tierid": "tierid" }; the child's key includes these fields. */
  parentKey: Record<string, string>;
  /**
   * 'own' (default): the rows belong to the record (create, edit, delete, activate inside the page).
   * 'pick': a membership list: Add links existing records chosen from the child's other key field's
   * selector (one createbulk call), Remove unlinks; nothing else is created.
   */
  mode?: 'own' | 'pick';
  /**
   * Rows open as a page of their own at <record page>/<section>/detail/<the row's last key field> (the menu
   * declares that route) instead of the drawer: the row's details, then this registered view for the row.
   */
  detailPage?: { view?: ViewName; label?: string; visibleWhen?: VisibleWhen };
}

// ---- records whose ranges may not overlap (engine/definition/overlap.ts compares them) ----

/** One range of a record: two fields of the same kind (dates or numbers), both ends included. */
export interface OverlapRange {
  /** The start; empty means from the beginning. */
  from: string;
  /** The end; empty means open-ended (a rule with no expiry). */
  to: string;
}

/**
 * Records with the same values of `per` (an empty value matches an empty one) may not overlap in all of
 * `ranges` at once: with one range, their periods may not meet; with two (a distance band valid for a
 * period), two bands may share distances in different periods, or periods at different distances.
 */
export interface NoOverlapRule {
  per: string[];
  ranges: OverlapRange[];
}

/** A list screen's tool: a registered view (engine/definition/views.ts) drawn in a drawer, not for one record. */
export interface ScreenTool {
  key: string;
  /** The button and the drawer's title. */
  label: string;
  view: ViewName;
  /** The full function code that shows it; default <MENU>_ACCESS. */
  function?: string;
}

/** Which writes of a list screen wait for a second user's approval. */
export interface ApprovalRequirement {
  /** Names of the screen's write actions (create, update, delete, activate, deactivate or a custom action with `set`). */
  actions: string[];
  /**
   * The function suffix (e.g. POSTDIRECT) whose holders write at once, without a request: <MENU>_<suffix>, or
   * the parent menu's for a child screen. Without it every caller's write waits for approval.
   */
  direct?: string;
}

/** A page of panels (dashboards, report pages): each panel a chart or table over a named server query. */
export interface PanelPage extends PageBase {
  kind: 'panels';
  panels: PanelDefinition[];
  /**
   * An info banner above the panels (spec 000 §2: 'You Have One Announcement' with 'Open Announcement'),
   * shown when its named server query answers `{ show: true, content }`; the link opens the content in a modal.
   */
  announcement?: PanelAnnouncement;
}

export interface PanelAnnouncement {
  /** The named server query (server/panels/panelQueries.ts, no criteria) answering one row `{ show, content }`. */
  query: string;
  /** The banner's text. */
  title: string;
  /** The link that opens the content. */
  link: string;
}

/**
 * One panel: its filters, the named server query they are sent to (as criteria, at /api/<query>), and
 * the chart drawn from the query's rows. Rendered by engine/render/PanelPage; see engine/definition/panelPage.
 */
export interface PanelDefinition {
  key: string;
  title: string;
  /** The named server query the panel reads (server domain code), guarded by the page's menu code. */
  query: string;
  /** Filters, each sent as the criterion of its name; a change refetches at once (no Search button). */
  filters?: PanelFilter[];
  chart: PanelChart;
  /** Grid columns of 24 the panel spans from antd's lg breakpoint (default 12: two panels a row); below it, 24. */
  span?: number;
}

/**
 * A panel filter: a field of the screens' field language (a select over fixed `options`, e.g. with an
 * ALL option, or over a `source` selector; a date bounded by `minDate`/`maxDate`). A date's `default` is
 * a day bound ('today', '-30d'). With `rangeEnd` the date is a range: its start travels as the field's
 * name, its end as `rangeEnd`, and it defaults to the last 30 days (spec 000 §9).
 */
export interface PanelFilter extends Pick<FieldDefinition, 'name' | 'label' | 'placeholder' | 'rules' | 'options' | 'source' | 'default' | 'minDate' | 'maxDate'> {
  widget?: 'select' | 'multiselect' | 'date';
  type?: 'string' | 'date' | 'list';
  rangeEnd?: string;
  /** Another filter's name -> its values that disable this one (its value is then empty; the server refuses another). */
  disabledWhen?: Record<string, string[]>;
  /** A list filter: another filter's name -> its values under which several choices are allowed (else one at most). */
  multipleWhen?: Record<string, string[]>;
  /** The choices of a list screen's field (engine/definition/filterOptions.ts), after the filter's own `options` (an 'All'). */
  optionsOf?: { screen: string; field: string };
}

export type ChartKind = 'line' | 'bar' | 'pie' | 'table' | 'statistic';

/** A field of the query's rows as the chart shows it: in a table column, an axis title, a tooltip. */
export interface PanelColumn {
  name: string;
  label: string;
  format?: 'text' | 'number' | 'percent' | 'date';
  /** The field holds a reference value (an award's code): axis, slices, table and tooltip show its label. */
  source?: Pick<FieldSource, 'selector'>;
}

/**
 * How a panel draws its rows. Flat rows: `x` is the category (axis or pie slice), `y` the number, and
 * `series` splits the rows into one line or bar group per value. Nested rows ("list of tiername with
 * data of date and totalmember"): each row is a series named by its `series` field, with its points
 * in the `data` list, read by `x` and `y`.
 */
export interface PanelChart {
  kind: ChartKind;
  x?: string;
  y?: string;
  series?: string;
  data?: string;
  /** Labels and formats of the row fields; a table shows these columns. */
  columns?: PanelColumn[];
  /** How many results are drawn: the first 10 by default (spec 000 §9); false for all (tier charts). */
  limit?: number | false;
}

/**
 * A flow of steps (forms, lists of rows, a summary) whose state is an XState machine of workflows/: the
 * draft lives in the machine, each step is checked on Next, and the last step sends the whole draft to a
 * domain action that checks it again with the same rules and stores it in one transaction.
 */
export interface WizardPage extends PageBase {
  kind: 'wizard';
  /** The machine's name in the wizard machine registry of workflows/ (workflows/wizardMachines.ts). */
  machine: string;
  /** The domain action the Submit of the summary calls with the draft: /api/<group>/<action>, guarded by <menucode>_CREATE. */
  submit: string;
  steps: WizardStep[];
  /** The fields of the domain action's answer shown once stored, in this order (e.g. the enrollment response of spec 001 §3.1). */
  result?: FieldDefinition[];
}

/**
 * One step of a wizard: exactly one of `fields` (a form), `resource` (the create form of a list screen's
 * resource), `list` (rows added one by one) or `summary` (every step read back before Submit). Its key names
 * its part of the draft and its state in the machine.
 */
export interface WizardStep {
  key: string;
  title: string;
  fields?: FieldDefinition[];
  /** The step fills a new record of this resource: the form fields of its list screen, declared once there. */
  resource?: string;
  /** With `resource`: only these fields of its list screen, in this order (any field the screen declares, form or not). */
  pick?: string[];
  /** With `resource`: a picked field's options from another selector of the same resource (memberships the user may enroll in). */
  selectors?: Record<string, string>;
  /** With `pick`: a picked field's label (and placeholder) on this step (a hotel stay's 'Date of Use' for its departure date). */
  labels?: Record<string, string>;
  /**
   * The step may be left empty (nothing typed: it is skipped and nothing of it is stored); once anything is typed
   * its rules apply. `unless`: it is required when a field of an earlier step has this value.
   */
  optional?: true | { unless: { step: string; field: string; equals: string | number | boolean } };
  list?: WizardList;
  summary?: true;
  /** A domain action the step's values are sent to on Next (e.g. a code already taken); its field messages stay on the step. */
  check?: string;
  /** With `check`: earlier form steps whose values are sent with this step's (a price needs the member and the award). */
  checkWith?: string[];
  /**
   * With `check`: the fields of the check's answer shown with the step, labelled and formatted, in this order (on
   * the summary, and above a later step naming this one in `context`). The summary's check is the quote: the whole
   * draft priced by the same code as its Submit, shown before Submit is offered.
   */
  answer?: FieldDefinition[];
  /** Earlier steps whose check answers (their `answer` fields) show above this step: the member's balance on the award step. */
  context?: string[];
  /** With `check` on a form step: the check runs as the values change and its answer shows under the form before Next (the award's price). */
  preview?: true;
  /** The step is part of the flow only when an earlier step's check answered this (a flight search only for a flight award). */
  when?: StepCondition;
}

/** A field of an earlier step's check answer that has (or has not) a value. */
export interface StepCondition {
  step: string;
  field: string;
  equals?: string | number | boolean;
  notEquals?: string | number | boolean;
}

/** A step that collects rows (e.g. tour codes): a table with Add, Edit and Remove, each row a form of these fields. */
export interface WizardList {
  fields: FieldDefinition[];
  /** Fewest and most rows the step accepts (default 0 and 100). */
  min?: number;
  max?: number;
  /** Fields whose value no two rows may share. */
  unique?: string[];
  /** Fields of an earlier step shown in every row, taken from that step (the server sets them too), e.g. the corporate code. */
  inherit?: string[];
  /** What one row is called on buttons and messages ('Tour Code'). */
  itemLabel: string;
  /** Turning the boolean field `when` on fills the row's fields from an earlier step's check answer (Self Usage: the member). */
  fill?: RowFill;
}

export interface RowFill {
  /** A boolean field of the row. */
  when: string;
  /** The earlier step whose check answered the values. */
  from: string;
  /** Row field -> field of that answer. */
  values: Record<string, string>;
}

/** A view of the generic approval requests (maker-checker), filtered to some menus' requests. */
export interface ApprovalPage extends PageBase {
  kind: 'approvals';
  /** The menus whose requests this page lists and decides; absent: every menu's (My Approval). */
  menus?: string[];
  /** Only requests of these actions (e.g. a member's 'redemption-cancel'); absent: every action of the menus. */
  actions?: string[];
}

/**
 * Another menu's list screen, read-only (BOD's Member Data is the Member screen): the same list, records and
 * sections, with no saves and no actions. The server lets this menu's ACCESS read what the screen's ACCESS
 * reads (and its child-only screens), and nothing else; every write stays under the screen's own codes.
 */
export interface ReadOnlyPage extends PageBase {
  kind: 'readonly';
  /** Menu code of the list screen shown. */
  screen: string;
}

/**
 * A list screen over another list screen's rows (engine/definition/viewPage.ts): a fixed filter the server
 * always applies, the source screen's fields reused by name (label, type, rules, options declared once
 * there) with placements of this page's own, and actions of its own under this menu's function codes.
 * It reads and changes the source's table through its own API group, never deletes rows; a row it creates
 * holds the filter's values (a retro claim of one alliance).
 */
export interface ViewPage extends PageBase {
  kind: 'view';
  /** The menu code of the list screen whose rows this page shows (its fields, key and table). */
  source: string;
  /** This page's API group: /api/<resource>/list, /detail, /update and its custom actions. */
  resource: string;
  /** Fixed criteria every read and write keeps to: a field's value, or any of a list of values. */
  filter: Record<string, ViewFilterValue>;
  /** Fields of the source by name, each with where it shows on this page (absent: not shown). */
  fields: ViewField[];
  actions: (ViewAction | CustomAction)[];
  /** Actions that also run on many selected rows in one call (as a list screen's `bulk`). */
  bulk?: string[];
  options?: ScreenOptions;
}

export type ViewFilterValue = string | number | boolean | (string | number | boolean)[];

/** A view lists, shows, edits, downloads and runs its own actions; it may create rows within its filter. */
export type ViewAction = Extract<StandardAction, 'view' | 'create' | 'update' | 'download' | 'upload'>;

export type ViewField = Pick<FieldDefinition, 'name' | 'search' | 'column' | 'form' | 'detail'>;

/** Page kinds other than the list screen. */
export type OtherPage = PanelPage | WizardPage | ApprovalPage | ViewPage | ReadOnlyPage | ReportPage;

/**
 * A report page: a parameter form of filters (the panels' field language) sent as the criteria of
 * a named server report (server/reports/reportQueries.ts), Generate in one of the report's formats (a
 * background job with its percentage), and the list of the report's generated files to download. Without
 * `report` it is Download Report (REPDOWN): every file the user generated, of any report.
 */
export interface ReportPage extends PageBase {
  kind: 'report';
  /** The named server report; absent: the page lists every generated file of the user. */
  report?: string;
  filters?: PanelFilter[];
  /** The formats offered, first the default (each one the report allows); default the report's own. */
  formats?: ('CSV' | 'XLSX' | 'PDF')[];
  /**
   * The configuration key listing the role names that may generate it (spec 000 §6: reporting access by role
   * name, e.g. GA or BO); '*' for every role granted the menu.
   */
  accessKey?: string;
}

/** Any definition file under screens/<group>/<menu>.json. */
export type PageDefinition = ScreenDefinition | OtherPage;

export const isListScreen = (page: PageDefinition): page is ScreenDefinition => (page.kind ?? 'list') === 'list';

/** A reference list for selects (spec 001 §3.8, §7.3). */
export interface SelectorDefinition {
  /** The resource whose rows it lists (its `retrieve` call). */
  resource: string;
  value: string;
  label: string;
  /** Extra fields the options carry (e.g. a country's phone code). */
  extra?: string[];
  /** Fixed criteria, e.g. { "status": "ACTIVE" }; every selector lists active rows only unless `all` is set. */
  filter?: Record<string, string | number | boolean>;
  all?: boolean;
  sort?: Record<string, 'asc' | 'desc'>;
  /** Rows current today: today between these two date fields, [from, to] (a plain list, as JSON imports it; the schema wants two). */
  currentBetween?: string[];
  /** The value is several fields joined by a split marker (ticket office: branch code + marker + office id). */
  composite?: { fields: string[]; separator: string };
  /** Display labels replaced, e.g. 'BUY AWARD MILES' shown as 'Buy Mileage'. */
  relabel?: Record<string, string>;
  /** The distinct values of `value` across the rows (label = value), e.g. the modules of the user log. */
  distinct?: boolean;
  /** Only the values the signed-in user's role is granted: 'enrollmentaccess' (spec 000 §6, memberships one may enroll in). */
  grantedBy?: 'enrollmentaccess';
  /**
   * Fields of its resource a caller may narrow it by, besides those the pages' cascades (`dependsOn.filter`) name:
   * for callers in code (a wizard's own picker). Any other criterion is refused.
   */
  filterBy?: string[];
  /** The option's text from several fields, each as {field}: '{airportiatacode} - {airportname}, {cityname}'. */
  display?: string;
  /**
   * The list is searched on the server, a page of options at a time, by its displayed text (code, name and city
   * of an airport): for lists too long to send whole.
   */
  search?: boolean;
}

export interface SelectorCatalogue {
  $schema?: string;
  schemaVersion: 1;
  selectors: Record<string, SelectorDefinition>;
}
