// A wizard page compiled for its machine, its renderer and its server action: each step's form (a screen the
// record form and the rule language take), the draft's defaults, and the checks of a step, a row and a draft.
import { formatMessage } from '../rules';
import type { Catalogue } from './catalogue';
import { fieldDefault, formFields, resolveField, stepEmpty, validateFormFields, type FormField } from './compile';
import type { FieldDefinition, RowFill, ScreenDefinition, StepCondition, WizardPage, WizardStep } from './screen';
import * as moduleTexts from './texts.json';

export type FormValues = Record<string, unknown>;
/** What a wizard collects: per step key, a form's values or a list's rows (the summary holds nothing). */
export type Draft = Record<string, FormValues | FormValues[]>;

export type StepKind = 'form' | 'list' | 'summary';

/** A field of an earlier step that every row of a list shows (and the server sets). */
export interface InheritedField {
  name: string;
  label: string;
  step: string;
}

export interface WizardListModel {
  min: number;
  max: number;
  unique: string[];
  inherit: InheritedField[];
  itemLabel: string;
  fill?: RowFill;
}

export interface WizardStepModel {
  key: string;
  title: string;
  kind: StepKind;
  /** A form step's form, or one row's form of a list step: only the fields it edits. */
  form?: ScreenDefinition;
  list?: WizardListModel;
  check?: string;
  /** Earlier form steps whose values go with this step's to its check. */
  checkWith?: string[];
  /** May be left empty; with `unless`, not when an earlier step's field has that value. */
  optional?: WizardStep['optional'];
  /** The check's answer fields shown with the step (the summary's: the quote). */
  answer?: FieldDefinition[];
  /** Earlier steps whose answers show above this one. */
  context?: string[];
  preview?: true;
  /** Part of the flow only when an earlier step's check answered this. */
  when?: StepCondition;
}

export interface WizardModel {
  menucode: string;
  title: string;
  machine: string;
  submit: string;
  steps: WizardStepModel[];
  /** The fields of the stored answer shown at the end (the wizard's `result`). */
  resultFields?: FieldDefinition[];
}

/** Where a draft fails: the step, the row of a list step, the field messages and one message to show. */
export interface DraftProblem {
  step: string;
  row?: number;
  fields: Record<string, string>;
  message: string;
}

export const DEFAULT_LIST_MAX = 100;

// not in spec: the wizard's own texts.
export const WIZARD_TEXTS = moduleTexts.wizard;

const MAX_KEY_LENGTH = 40;

/** A step's (or a row's) declared fields as a screen: every field in the form, no table, no key. */
export function stepFormScreen(page: WizardPage, key: string, title: string, fields: FieldDefinition[]): ScreenDefinition {
  return {
    schemaVersion: page.schemaVersion,
    menucode: page.menucode,
    title,
    resource: { name: `${page.menucode.toLowerCase()}-${key}`.slice(0, MAX_KEY_LENGTH), key: [] },
    fields: fields.map((field) => ({ ...field, form: field.form ?? true })),
    actions: [],
  };
}

/** A list screen's create form as a screen of its own: the fields a new record is entered with, nothing else. */
function createForm(screen: ScreenDefinition): ScreenDefinition {
  const edited = new Set(formFields(screen, 'create').map((f) => f.field.name));
  return { ...screen, fields: screen.fields.filter((field) => edited.has(field.name)) };
}

/** Some fields of a list screen as a form, in the order named, each in the form whatever its placement there, a field's options from another selector when told. */
function pickedForm(screen: ScreenDefinition, pick: readonly string[], selectors: Readonly<Record<string, string>>, labels: Readonly<Record<string, string>> = {}): ScreenDefinition {
  const fields = pick.map((name) => {
    const field = screen.fields.find((f) => f.name === name);
    if (!field) throw new Error(`${screen.menucode}: no field "${name}" to pick`);
    const form = typeof field.form === 'object' ? { ...field.form, readOnlyOnEdit: false } : (true as const);
    const selector = selectors[name];
    const label = labels[name];
    return { ...field, form, ...(label ? { label, placeholder: label } : {}), ...(selector && field.source ? { source: { ...field.source, selector } } : {}) };
  });
  return { ...screen, fields };
}

/** The step kind its one declared part gives. */
export const stepKind = (step: WizardStep): StepKind => (step.summary ? 'summary' : step.list ? 'list' : 'form');

/** The resources whose list screens the wizard's steps take their forms from, in step order, each once. */
export const stepResources = (page: WizardPage): string[] => [...new Set(page.steps.flatMap((step) => (step.resource ? [step.resource] : [])))];

/** Compiles a wizard page against the catalogue (a `resource` step takes that list screen's create form). */
export function compileWizard(page: WizardPage, catalogue: Pick<Catalogue, 'screenByResource'>): WizardModel {
  const steps: WizardStepModel[] = [];
  for (const step of page.steps) {
    const kind = stepKind(step);
    const model: WizardStepModel = { key: step.key, title: step.title, kind };
    for (const part of ['check', 'checkWith', 'optional', 'answer', 'context', 'preview', 'when'] as const) if (step[part] !== undefined) Object.assign(model, { [part]: step[part] });
    if (step.resource) {
      const screen = catalogue.screenByResource.get(step.resource);
      if (!screen) throw new Error(`${page.menucode}: step "${step.key}" names resource "${step.resource}", which no list screen declares`);
      model.form = step.pick ? pickedForm(screen, step.pick, step.selectors ?? {}, step.labels) : createForm(screen);
    } else if (step.fields) {
      model.form = stepFormScreen(page, step.key, step.title, step.fields);
    } else if (step.list) {
      const list = step.list;
      model.form = stepFormScreen(page, step.key, list.itemLabel, list.fields);
      model.list = {
        min: list.min ?? 0,
        max: list.max ?? DEFAULT_LIST_MAX,
        unique: list.unique ?? [],
        itemLabel: list.itemLabel,
        ...(list.fill ? { fill: list.fill } : {}),
        inherit: (list.inherit ?? []).map((name) => {
          const from = steps.find((earlier) => earlier.kind === 'form' && earlier.form!.fields.some((f) => f.name === name));
          if (!from) throw new Error(`${page.menucode}: step "${step.key}" inherits "${name}", which no earlier form step has`);
          return { name, label: from.form!.fields.find((f) => f.name === name)!.label, step: from.key };
        }),
      };
    }
    steps.push(model);
  }
  return { menucode: page.menucode, title: page.title, machine: page.machine, submit: page.submit, steps, ...(page.result ? { resultFields: page.result } : {}) };
}

/** The values a new form starts with: each field's declared default (a date's 'today' is today's date). */
export function formDefaults(form: ScreenDefinition, today: Date = new Date()): FormValues {
  return Object.fromEntries(form.fields.filter((f) => f.default !== undefined).map((f) => [f.name, fieldDefault(f, today)]));
}

/** A fresh draft: every form step at its defaults, every list empty (what Reset goes back to, spec 001 §4.1). */
export function draftDefaults(model: WizardModel): Draft {
  const draft: Draft = {};
  for (const step of model.steps) {
    if (step.kind === 'form') draft[step.key] = formDefaults(step.form!);
    if (step.kind === 'list') draft[step.key] = [];
  }
  return draft;
}

export const stepByKey = (model: WizardModel, key: string): WizardStepModel | undefined => model.steps.find((s) => s.key === key);

/** Only the fields the form edits, so nothing else travels in the draft. */
export function formValues(form: ScreenDefinition, values: FormValues): FormValues {
  return Object.fromEntries(form.fields.filter((f) => Object.hasOwn(values, f.name)).map((f) => [f.name, values[f.name]]));
}

/** Whether an optional step must be filled after all: the earlier step's field it names has the value `unless` gives. */
export function stepRequired(step: WizardStepModel, draft: Draft | undefined): boolean {
  if (!step.optional) return true;
  if (step.optional === true) return false;
  const { step: earlier, field, equals } = step.optional.unless;
  const values = draft?.[earlier];
  // Without the draft (a step's own check) the condition cannot be read: the step's rules apply.
  return !draft || (!!values && !Array.isArray(values) && values[field] === equals);
}

/**
 * A step's form fields, resolved once per step form (the wizard model's own screen, never changed once compiled):
 * resolving them on every check cost a server's Confirm a tenth of its CPU. The same rules as validateRecord's.
 */
const stepFields = new WeakMap<ScreenDefinition, FormField[]>();
function stepFormFields(form: ScreenDefinition): FormField[] {
  let fields = stepFields.get(form);
  if (!fields) stepFields.set(form, (fields = formFields(form, 'create')));
  return fields;
}

/** Field messages of a form step's values (the rule language, as on any form); empty when it may go on. */
export const validateStep = (step: WizardStepModel, values: FormValues, draft?: Draft): Record<string, string> =>
  !stepRequired(step, draft) && stepEmpty(values) ? {} : validateFormFields(stepFormFields(step.form!), values);

/** Field messages of one row: its fields' rules, then the fields no two rows may share. */
export function validateRow(step: WizardStepModel, row: FormValues, rows: readonly FormValues[], index: number | undefined): Record<string, string> {
  const errors = validateFormFields(stepFormFields(step.form!), row);
  for (const name of step.list!.unique) {
    const value = row[name];
    if (errors[name] || value === undefined || value === null || value === '') continue;
    const same = (other: FormValues) => String(other[name] ?? '').trim().toUpperCase() === String(value).trim().toUpperCase();
    if (rows.some((other, i) => i !== index && same(other))) {
      const field = resolveField(step.form!.fields.find((f) => f.name === name)!);
      errors[name] = formatMessage(WIZARD_TEXTS.duplicateInList, { label: field.label, value: String(value) });
    }
  }
  return errors;
}

/** The list step's one message when it may not go on (too few or too many rows, or a bad row), else undefined. */
export function listProblem(step: WizardStepModel, rows: readonly FormValues[]): { row?: number; fields: Record<string, string>; message: string } | undefined {
  const list = step.list!;
  if (rows.length < list.min) return { fields: {}, message: formatMessage(WIZARD_TEXTS.listMin, { min: list.min, item: list.itemLabel }) };
  if (rows.length > list.max) return { fields: {}, message: formatMessage(WIZARD_TEXTS.listMax, { max: list.max, item: list.itemLabel }) };
  for (const [i, row] of rows.entries()) {
    // A value repeated is the later row's problem.
    const fields = validateRow(step, row, rows.slice(0, i), undefined);
    const first = Object.values(fields)[0];
    if (first) return { row: i, fields, message: formatMessage(WIZARD_TEXTS.rowProblem, { item: list.itemLabel, row: i + 1, message: first }) };
  }
  return undefined;
}

/** What each step's check answered, by step key (the machine keeps them as they come). */
export type Checked = Record<string, unknown>;

const answerOf = (checked: Checked, step: string): FormValues | undefined => {
  const answer = checked[step];
  return answer && typeof answer === 'object' && !Array.isArray(answer) ? (answer as FormValues) : undefined;
};

/** Whether a step is part of the flow: no condition, or the earlier step's check answered what it names. */
export function stepApplies(step: WizardStepModel, checked: Checked): boolean {
  if (!step.when) return true;
  const value = answerOf(checked, step.when.step)?.[step.when.field];
  if (step.when.equals !== undefined) return value === step.when.equals;
  return value !== step.when.notEquals;
}

/** The steps of the flow as the checks so far make it (a hotel stay without the flight search). */
export const appliedSteps = (model: WizardModel, checked: Checked): WizardStepModel[] => model.steps.filter((step) => stepApplies(step, checked));

/** The draft sent to the server: only the steps of the flow (a skipped step's defaults stay behind). */
export function appliedDraft(model: WizardModel, draft: Draft, checked: Checked): Draft {
  return Object.fromEntries(Object.entries(draft).filter(([key]) => {
    const step = stepByKey(model, key);
    return !step || stepApplies(step, checked);
  }));
}

/** The earlier answers shown above a step: each named step's declared answer fields with their values. */
export function stepContext(model: WizardModel, step: WizardStepModel, checked: Checked): { step: WizardStepModel; fields: FieldDefinition[]; values: FormValues }[] {
  return (step.context ?? []).flatMap((key) => {
    const from = stepByKey(model, key);
    const values = answerOf(checked, key);
    return from?.answer && values ? [{ step: from, fields: from.answer, values }] : [];
  });
}

/** A row as edited: turning the fill's switch on takes the earlier step's answered values (Self Usage: the member). */
export function filledRow(step: WizardStepModel, row: FormValues, before: FormValues, checked: Checked): FormValues {
  const fill = step.list?.fill;
  if (!fill || !row[fill.when] || before[fill.when]) return row;
  const answer = answerOf(checked, fill.from);
  if (!answer) return row;
  const filled = Object.fromEntries(Object.entries(fill.values).flatMap(([field, from]) => (answer[from] === undefined || answer[from] === null ? [] : [[field, answer[from]]])));
  return { ...row, ...filled };
}

/**
 * The first problem of a whole draft, step by step (the server's check before it stores anything). A step with
 * a condition (`when`) left out of the draft is not part of this flow: the domain action decides whether it was
 * needed (its condition is a check's answer, which only the domain knows).
 */
export function draftProblem(model: WizardModel, draft: Draft): DraftProblem | undefined {
  for (const step of model.steps) {
    if (step.when && draft[step.key] === undefined) continue;
    if (step.kind === 'form') {
      const fields = validateStep(step, stepValues(step, draft), draft);
      const first = Object.values(fields)[0];
      if (first) return { step: step.key, fields, message: first };
    }
    if (step.kind === 'list') {
      const rows = draft[step.key];
      const problem = listProblem(step, Array.isArray(rows) ? rows : []);
      if (problem) return { step: step.key, ...problem };
    }
  }
  return undefined;
}

/** A form step's values in the draft (empty until something is typed). */
export function stepValues(step: WizardStepModel, draft: Draft): FormValues {
  const values = draft[step.key];
  return values && !Array.isArray(values) ? values : {};
}

/** The rows of a list step as shown: each with the inherited values of the earlier steps. */
export function rowsWithInherited(step: WizardStepModel, draft: Draft): FormValues[] {
  const rows = draft[step.key];
  if (!Array.isArray(rows)) return [];
  const inherited = Object.fromEntries(
    (step.list?.inherit ?? []).map((field) => {
      const values = draft[field.step];
      return [field.name, values && !Array.isArray(values) ? values[field.name] : undefined];
    }),
  );
  return rows.map((row) => ({ ...inherited, ...row }));
}

/** A step check's answer without the values the step's own form already shows. */
export function beyondForm(step: WizardStepModel, answer: unknown): Record<string, unknown> | undefined {
  if (!answer || typeof answer !== 'object') return undefined;
  const own = new Set(step.form?.fields.map((f) => f.name));
  return Object.fromEntries(Object.entries(answer as Record<string, unknown>).filter(([name]) => !own.has(name)));
}
