// The screen definition: one JSON file per menu screen (screens/<group>/<menu>.json). Each field is
// declared once, with where it shows; everything else (search form, table, form, server table,
// server validation, permission codes) is derived from it by engine/definition/compile.
// Its types are generated from the JSON Schemas (screen.schema.json, selectors.schema.json) by
// `npm run schema:types`; this module names them for the code and holds what is not a type.
import type { PageDefinition, ScreenDefinition } from './screenSchema';

export type {
  ApprovalPage,
  ApprovalRequirement,
  ChartKind,
  ChildTableDefinition,
  ColumnPlacement,
  CustomAction,
  DisplayFormat,
  FieldDefinition,
  FieldOption,
  FieldSource,
  FieldType,
  FormPlacement,
  NoOverlapRule,
  OverlapRange,
  PageBase,
  PageDefinition,
  PanelAnnouncement,
  PanelChart,
  PanelColumn,
  PanelDefinition,
  PanelFilter,
  PanelPage,
  ReadOnlyPage,
  RecordPageDefinition,
  RecordSection,
  ReportPage,
  ResourceDefinition,
  RowFill,
  RowScopeFields,
  ScreenDefinition,
  ScreenOptions,
  ScreenTool,
  SearchPlacement,
  StandardAction,
  StepCondition,
  ViewAction,
  ViewField,
  ViewFilterValue,
  ViewPage,
  VisibleWhen,
  Widget,
  WizardList,
  WizardPage,
  WizardStep,
} from './screenSchema';
export type { SelectorCatalogue, SelectorDefinition } from './selectorsSchema';

export const FORM_WIDTH = 720;

/**
 * The kinds of page a definition file makes. A file without `kind` is a list screen: a searchable table over
 * a resource with its record form. Every kind is data, rendered by engine/render/PageView and served by the
 * generic server.
 */
export type PageKind = NonNullable<PageDefinition['kind']>;

/** Page kinds other than the list screen. */
export type OtherPage = Exclude<PageDefinition, ScreenDefinition>;

export const isListScreen = (page: PageDefinition): page is ScreenDefinition => (page.kind ?? 'list') === 'list';
