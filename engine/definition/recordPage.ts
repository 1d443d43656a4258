// Record pages: a list screen whose records open as a full page of sections at
// /<menu path>/form/{key}/{section}, each section its own form (saved on its own), child table or
// registered view, behind its own function code. Everything a section needs is derived here from the
// list screen's one list of fields. Isomorphic: the browser renders with it, the server serves with it.
import { AUDIT_COLUMNS } from './compile';
import type { ChildTableDefinition, FieldDefinition, RecordSection, ScreenDefinition } from './screen';

/** The segment between a section and a child row's key in a child detail page's address. */
export const DETAIL_SEGMENT = 'detail';

/** The route pattern of a record page's child detail pages. */
export const childDetailRoutePattern = (menuPath: string, screen: ScreenDefinition) => `${menuPath}/form/:${screen.resource.key[0]}/:section/${DETAIL_SEGMENT}/:detail`;

/** The address of a child row's detail page. */
export const childDetailPath = (menuPath: string, key: string, section: string, detail: string) =>
  `${menuPath}/form/${encodeURIComponent(key)}/${section}/${DETAIL_SEGMENT}/${encodeURIComponent(detail)}`;

/**
 * The sections as a navigator shows them: steps in order of first appearance, each a group of sections
 * (sub-steps) or one section of its own.
 */
export interface NavigatorStep {
  label: string;
  /** The sections of a group; one section when the step is a section of its own. */
  sections: RecordSection[];
  grouped: boolean;
}

export function navigatorSteps(sections: readonly RecordSection[]): NavigatorStep[] {
  const steps: NavigatorStep[] = [];
  for (const section of sections) {
    const group = section.group;
    const step = group === undefined ? undefined : steps.find((s) => s.grouped && s.label === group);
    if (step) step.sections.push(section);
    else steps.push({ label: group ?? section.label, sections: [section], grouped: group !== undefined });
  }
  return steps;
}

/** The key segment of a record page that is not saved yet (the first section creates the record). */
export const NEW_RECORD = 'new';

/** Prefix of the section actions: /api/<resource>/section-<key> saves, .../section-<key>-detail reads. */
export const SECTION_ACTION_PREFIX = 'section-';

export const sectionSavePath = (screen: ScreenDefinition, section: RecordSection) => `/api/${screen.resource.name}/${SECTION_ACTION_PREFIX}${section.key}`;
export const sectionDetailPath = (screen: ScreenDefinition, section: RecordSection) => `${sectionSavePath(screen, section)}-detail`;

export const recordSections = (screen: ScreenDefinition): RecordSection[] => screen.record?.sections ?? [];

export const isFirstSection = (screen: ScreenDefinition, section: RecordSection) => recordSections(screen)[0]?.key === section.key;

/** The function code that opens (reads) a section. */
export const sectionOpenCode = (screen: ScreenDefinition, section: RecordSection): string => section.function ?? `${screen.menucode}_ACCESS`;

/** The function code that saves a section's fields. */
export const sectionSaveCode = (screen: ScreenDefinition, section: RecordSection): string => section.function ?? `${screen.menucode}_UPDATE`;

/** Whether the record's values let the section show (a section without visibleWhen always does). */
export function sectionApplies(section: RecordSection, record: Record<string, unknown>): boolean {
  const when = section.visibleWhen;
  if (!when) return true;
  const value = record[when.field];
  if (when.equals !== undefined) return value === when.equals;
  if (when.notEquals !== undefined) return value !== when.notEquals;
  return true;
}

/** The sections a user sees for a record: granted, and applying to the record's values. */
export function visibleSections(screen: ScreenDefinition, record: Record<string, unknown>, can: (code: string) => boolean): RecordSection[] {
  return recordSections(screen).filter((s) => can(sectionOpenCode(screen, s)) && sectionApplies(s, record));
}

/** The route pattern of the record page, as the menu tree's extra route declares it. */
export const recordRoutePattern = (menuPath: string, screen: ScreenDefinition) => `${menuPath}/form/:${screen.resource.key[0]}/:section?`;

/** The address of one section of one record (NEW_RECORD for a record not saved yet). */
export const recordPagePath = (menuPath: string, key: string, section?: string) => `${menuPath}/form/${encodeURIComponent(key)}/${section ?? ''}`;

/**
 * The section as a screen of its own: the same resource, its key fields (editable in the first section only,
 * where the record is created) and the section's fields in the section's order, each in the form. The
 * engine's form, validation and server writes then work on a section exactly as on a whole screen.
 */
export function sectionScreen(screen: ScreenDefinition, section: RecordSection): ScreenDefinition {
  const first = isFirstSection(screen, section);
  const byName = new Map(screen.fields.map((f) => [f.name, f]));
  const keys = screen.resource.key.flatMap((name) => {
    const field = byName.get(name);
    if (!field) return [];
    // Keys travel with every section's data, but only the first section shows (and creates) them.
    return [first ? { ...field, form: field.form ?? true } : { ...field, form: undefined }];
  });
  const listed = (section.fields ?? []).flatMap((name): FieldDefinition[] => {
    const field = byName.get(name);
    return field && !screen.resource.key.includes(name) ? [{ ...field, form: field.form ?? true }] : [];
  });
  return { ...screen, fields: [...keys, ...listed], record: undefined };
}

/** Fields of a section's form data: its own fields and the record's key. */
export function sectionFieldNames(screen: ScreenDefinition, section: RecordSection): string[] {
  return [...screen.resource.key, ...(section.fields ?? []).filter((name) => !screen.resource.key.includes(name))];
}

/**
 * What the list and the record's summary show to anyone who may open the menu: the key, the table's
 * columns, the search fields, the fields no section holds, and the fields sections depend on. A field
 * only a section holds is read through that section's own (guarded) detail.
 */
export function summaryFieldNames(screen: ScreenDefinition): Set<string> {
  const inSections = new Set(recordSections(screen).flatMap((s) => s.fields ?? []));
  const names = new Set<string>(screen.resource.key);
  for (const field of screen.fields) if (field.column || field.search || !inSections.has(field.name)) names.add(field.name);
  for (const section of recordSections(screen)) if (section.visibleWhen) names.add(section.visibleWhen.field);
  return names;
}

/** Only the named fields of a record (every list row and detail passes here: no arrays of entries made). */
export function pickFields(record: Record<string, unknown>, names: ReadonlySet<string>): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const name of names) if (Object.hasOwn(record, name)) picked[name] = record[name];
  return picked;
}

/** The child list's criteria for a parent record: each parent key field's value, exact. */
export function childCriteria(child: ChildTableDefinition, parent: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(child.parentKey).map(([childField, parentField]) => [childField, parent[parentField]]));
}

/** A pick list's chosen field: the child's key field that is not a parent key field (a group's partner). */
export function pickedField(childScreen: ScreenDefinition, child: ChildTableDefinition): FieldDefinition | undefined {
  const names = childScreen.resource.key.filter((k) => !(k in child.parentKey));
  return names.length === 1 ? childScreen.fields.find((f) => f.name === names[0]) : undefined;
}

/** For a record page's screen: a record cut to its summary fields (what list and detail answer); else undefined. */
export function summaryOf(screen: ScreenDefinition): ((record: Record<string, unknown>) => Record<string, unknown>) | undefined {
  const names = summaryNames(screen);
  return names && ((record) => pickFields(record, names));
}

/** The names summaryOf keeps, in their order: undefined when the screen has no record page. */
export function summaryNames(screen: ScreenDefinition): ReadonlySet<string> | undefined {
  // The audit stamps too: the list shows who changed a record last.
  return screen.record ? new Set([...summaryFieldNames(screen), ...AUDIT_COLUMNS]) : undefined;
}

/** The form a record page's create fills: its first section (with the key). */
export const createFormScreen = (screen: ScreenDefinition): ScreenDefinition =>
  screen.record ? sectionScreen(screen, screen.record.sections[0]!) : screen;
