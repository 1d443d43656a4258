// Cross checks of wizard pages (kind "wizard") that their JSON Schema cannot express, as one-line problems
// '<file>: <json path>: <what is wrong>': the machine is registered, steps are unique and in a sensible order,
// their fields follow the field language, a resource step names a list screen, lists name their own fields.
import { checkFields } from './checkFields';
import type { DefinitionFiles } from './definitionFiles';
import { formFields } from './compile';
import { isListScreen, type PageDefinition, type ScreenDefinition, type WizardPage } from './screen';
import { stepFormScreen, stepKind } from './wizardPage';

type Report = (path: string, problem: string) => void;

const isWizardPage = (page: PageDefinition): page is WizardPage => page.kind === 'wizard';

/** State names the wizard machine uses itself. */
const RESERVED_STEP_KEYS = new Set(['done']);

/** The group of /api/<group>/<action>. */
const apiGroup = (path: string) => path.split('/')[2] ?? '';

/** Every problem of the wizard pages; without `wizardMachines` the machine names are not checked. */
export function checkWizardPages(input: DefinitionFiles): string[] {
  const problems: string[] = [];
  const lists = input.screens.map((s) => s.screen).filter(isListScreen);
  const screenByResource = new Map(lists.map((screen) => [screen.resource.name, screen]));
  for (const { file, screen: page } of input.screens) {
    if (!isWizardPage(page)) continue;
    const report: Report = (path, problem) => problems.push(`${file}: ${path}: ${problem}`);
    if (input.wizardMachines && !input.wizardMachines.includes(page.machine)) {
      report('machine', `unknown wizard machine "${page.machine}" (registered: ${input.wizardMachines.join(', ')})`);
    }
    checkPaths(page, screenByResource, report);
    checkSteps(page, input, screenByResource, report);
  }
  return problems;
}

/** The submit and check actions are domain code, not a definition-built resource's own endpoints. */
function checkPaths(page: WizardPage, screenByResource: Map<string, ScreenDefinition>, report: Report) {
  const paths: [string, string][] = [['submit', page.submit], ...page.steps.flatMap((step, s): [string, string][] => (step.check ? [[`steps[${s}].check`, step.check]] : []))];
  for (const [at, path] of paths) {
    if (screenByResource.has(apiGroup(path))) report(at, `"${path}" is in the API group of resource "${apiGroup(path)}": a wizard's actions are domain code with a group of their own`);
  }
}

function checkSteps(page: WizardPage, input: DefinitionFiles, screenByResource: Map<string, ScreenDefinition>, report: Report) {
  const keyAt = new Map<string, number>();
  /** Field names of the form steps so far, for a later list's `inherit`. */
  const earlierFields = new Set<string>();
  const summaries = page.steps.flatMap((step, s) => (step.summary ? [s] : []));
  if (summaries.length > 1) report(`steps[${summaries[1]}]`, `a wizard has one summary step (also steps[${summaries[0]}])`);
  if (summaries.length === 1 && summaries[0] !== page.steps.length - 1) report(`steps[${summaries[0]}]`, `the summary is the last step: it reads back every step before it`);
  if (page.steps.every((step) => step.summary)) report('steps', `a wizard needs a step that collects something (fields, resource or list)`);

  page.steps.forEach((step, s) => {
    const at = `steps[${s}]`;
    const first = keyAt.get(step.key);
    if (first !== undefined) report(`${at}.key`, `duplicate step "${step.key}" (also steps[${first}])`);
    else keyAt.set(step.key, s);
    if (RESERVED_STEP_KEYS.has(step.key)) report(`${at}.key`, `"${step.key}" is the state the machine ends in: choose another key`);
    if (step.check && stepKind(step) === 'list') report(`${at}.check`, `only a form step (checked on Next) or the summary (its quote) has a check`);
    checkAnswers(page, s, report);
    if (step.checkWith && !step.check) report(`${at}.checkWith`, `"checkWith" sends earlier steps with the step's check: give "check" too`);
    for (const [i, name] of (step.checkWith ?? []).entries()) {
      const earlier = page.steps.slice(0, s).find((other) => other.key === name);
      if (!earlier || stepKind(earlier) !== 'form') report(`${at}.checkWith[${i}]`, `"${name}" is not an earlier form step`);
    }

    if (step.resource !== undefined) {
      const screen = screenByResource.get(step.resource);
      if (!screen) report(`${at}.resource`, `unknown resource "${step.resource}" (no list screen declares it)`);
      else if (step.pick) {
        checkPicked(step.pick, step.selectors ?? {}, screen, at, input, report);
        for (const name of Object.keys(step.labels ?? {})) if (!step.pick.includes(name)) report(`${at}.labels.${name}`, `"${name}" is not a picked field`);
        for (const name of step.pick) earlierFields.add(name);
      } else {
        const fields = formFields(screen, 'create');
        if (fields.length === 0) report(`${at}.resource`, `resource "${step.resource}" has no form fields to fill`);
        for (const { field } of fields) earlierFields.add(field.name);
        if (step.selectors) report(`${at}.selectors`, `"selectors" narrows picked fields: give "pick" too`);
      }
    }
    if (step.optional && step.optional !== true) {
      const { step: earlier, field } = step.optional.unless;
      const from = page.steps.slice(0, s).find((other) => other.key === earlier);
      if (!from) report(`${at}.optional.unless.step`, `"${earlier}" is not an earlier step`);
      else if (!stepFieldNames(from, screenByResource).includes(field)) report(`${at}.optional.unless.field`, `"${field}" is not a field of step "${earlier}"`);
    }
    if (step.optional && stepKind(step) !== 'form') report(`${at}.optional`, `only a form step (fields or resource) may be left empty`);
    if (step.fields) {
      const form = stepFormScreen(page, step.key, step.title, step.fields);
      checkStepFields(form, `${at}.`, input, screenByResource, report);
      for (const field of step.fields) earlierFields.add(field.name);
    }
    const list = step.list;
    if (list) {
      const form = stepFormScreen(page, step.key, list.itemLabel, list.fields);
      checkStepFields(form, `${at}.list.`, input, screenByResource, report);
      const names = new Set(list.fields.map((f) => f.name));
      (list.unique ?? []).forEach((name, u) => {
        if (!names.has(name)) report(`${at}.list.unique[${u}]`, `unknown field "${name}" of the list`);
      });
      (list.inherit ?? []).forEach((name, i) => {
        if (names.has(name)) report(`${at}.list.inherit[${i}]`, `"${name}" is a field of the row itself`);
        else if (!earlierFields.has(name)) report(`${at}.list.inherit[${i}]`, `"${name}" is not a field of an earlier form step`);
      });
      if (list.min !== undefined && list.max !== undefined && list.min > list.max) report(`${at}.list.min`, `min ${list.min} is more than max ${list.max}`);
    }
  });
}

/** An earlier step by key, and what its check answers (its declared `answer` fields). */
function answered(page: WizardPage, s: number, key: string): { names: string[] } | undefined {
  const from = page.steps.slice(0, s).find((other) => other.key === key);
  return from?.check ? { names: (from.answer ?? []).map((f) => f.name) } : undefined;
}

/** Context, conditions and row fills name earlier steps' checks and the fields their answers declare. */
function checkAnswers(page: WizardPage, s: number, report: Report) {
  const step = page.steps[s]!;
  const at = `steps[${s}]`;
  if (step.preview && stepKind(step) !== 'form') report(`${at}.preview`, `only a form step's check runs as its values change`);
  (step.context ?? []).forEach((key, i) => {
    const from = answered(page, s, key);
    if (!from || from.names.length === 0) report(`${at}.context[${i}]`, `"${key}" is not an earlier step with a check and its "answer" fields`);
  });
  if (step.when) {
    const from = answered(page, s, step.when.step);
    if (step.summary || s === 0) report(`${at}.when`, `the first step and the summary are always part of the flow`);
    else if (!from) report(`${at}.when.step`, `"${step.when.step}" is not an earlier step with a check`);
    else if (!from.names.includes(step.when.field)) report(`${at}.when.field`, `"${step.when.field}" is not an "answer" field of step "${step.when.step}"`);
  }
  const fill = step.list?.fill;
  if (fill) {
    const row = new Map(step.list!.fields.map((f) => [f.name, f]));
    if (row.get(fill.when)?.type !== 'boolean') report(`${at}.list.fill.when`, `"${fill.when}" is not a boolean field of the row`);
    const from = answered(page, s, fill.from);
    if (!from) report(`${at}.list.fill.from`, `"${fill.from}" is not an earlier step with a check`);
    for (const field of Object.keys(fill.values)) {
      if (!row.has(field)) report(`${at}.list.fill.values.${field}`, `"${field}" is not a field of the row`);
    }
  }
}

/** The names of the fields a form step edits. */
function stepFieldNames(step: WizardPage['steps'][number], screenByResource: Map<string, ScreenDefinition>): string[] {
  if (step.fields) return step.fields.map((f) => f.name);
  if (step.pick) return step.pick;
  const screen = step.resource ? screenByResource.get(step.resource) : undefined;
  return screen ? formFields(screen, 'create').map((f) => f.field.name) : [];
}

/** Picked fields are the screen's own, and a replacing selector exists and lists the same resource as the field's own. */
function checkPicked(pick: readonly string[], selectors: Readonly<Record<string, string>>, screen: ScreenDefinition, at: string, input: DefinitionFiles, report: Report) {
  const byName = new Map(screen.fields.map((f) => [f.name, f]));
  pick.forEach((name, p) => {
    if (!byName.has(name)) report(`${at}.pick[${p}]`, `unknown field "${name}" of resource "${screen.resource.name}"`);
    else if (byName.get(name)!.stored === false) report(`${at}.pick[${p}]`, `"${name}" is not stored: a wizard cannot fill it`);
  });
  for (const [name, selector] of Object.entries(selectors)) {
    const field = byName.get(name);
    const path = `${at}.selectors.${name}`;
    if (!pick.includes(name)) report(path, `"${name}" is not a picked field`);
    else if (!field?.source) report(path, `"${name}" has no selector to replace`);
    else if (input.selectors) {
      const replacing = input.selectors.selectors[selector];
      const own = input.selectors.selectors[field.source.selector];
      if (!replacing) report(path, `unknown selector "${selector}"`);
      else if (own && replacing.resource !== own.resource) report(path, `selector "${selector}" lists "${replacing.resource}", not "${own.resource}" like the field's own`);
    }
  }
}

/** A step's fields: the field language's checks, and only form placements (a step has no search or table). */
function checkStepFields(form: ScreenDefinition, prefix: string, input: DefinitionFiles, screenByResource: Map<string, ScreenDefinition>, report: Report) {
  checkFields(form, (path, problem) => report(`${prefix}${path}`, problem), input.selectors, screenByResource);
  form.fields.forEach((field, f) => {
    for (const placement of ['search', 'column', 'detail'] as const) {
      if (field[placement]) report(`${prefix}fields[${f}].${placement}`, `a wizard step's field is only in its form: "${placement}" does not apply`);
    }
    if (field.stored === false) report(`${prefix}fields[${f}].stored`, `a wizard step's values all travel to its domain action: "stored" does not apply`);
  });
}
