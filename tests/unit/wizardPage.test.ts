// The wizard page kind in engine/definition: compiled from the real corporate enrollment definition, its
// defaults and checks (a field required unless another is on, a date not before another), the schema's
// one-part-per-step rule, and the validator's cross checks naming file and JSON path.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import screenSchema from '../../engine/definition/screen.schema.json';
import { checkDefinitions, schemaProblems } from '../../engine/definition/checkDefinitions';
import { SCHEMA_TYPE_KEYWORDS, type DefinitionFiles } from '../../engine/definition/definitionFiles';
import { formFields, pageFunctionSuffixes, validateRecord } from '../../engine/definition/compile';
import type { MenuTree } from '../../engine/definition/menuTree';
import type { FieldDefinition, PageDefinition, ScreenDefinition, SelectorCatalogue, WizardPage } from '../../engine/definition/screen';
import { compileWizard, draftDefaults, draftProblem, listProblem, rowsWithInherited, type Draft } from '../../engine/definition/wizardPage';
import { loadCatalogue, screenFiles } from '../../server/platform/definitions';
import { WIZARD_MACHINE_NAMES } from '../../workflows/wizardMachines';

const WIZARD_FILE = 'screens/member-management/enrollment-corporate.json';
const LIST_FILE = 'screens/member-management/member-corporate.json';
const catalogue = loadCatalogue();
const page = catalogue.pageByMenu.get('ENROLLCORP') as WizardPage;
const corporates = catalogue.screenByResource.get('corporate')!;
const wizard = compileWizard(page, catalogue);

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

describe('compileWizard on the corporate enrollment', () => {
  it('has the four steps of spec 001 §3.5, each of its kind; the detail is the Member Corporate create form', () => {
    expect(wizard.steps.map((s) => [s.key, s.title, s.kind])).toEqual([
      ['corporatedetail', 'Corporate Detail', 'form'],
      ['tourcode', 'Tour Code', 'list'],
      ['travelcoordinator', 'Travel Coordinator', 'list'],
      ['summary', 'Summary', 'summary'],
    ]);
    const detail = wizard.steps[0]!.form!;
    expect(detail.fields.map((f) => f.name)).toEqual(formFields(corporates, 'create').map((f) => f.field.name));
    // What the server sets is not typed in: the card, the channel, the enrollment date, the status.
    for (const name of ['cardnumber', 'enrollchannel', 'enrollmentdate', 'status']) expect(detail.fields.map((f) => f.name)).not.toContain(name);
    expect(wizard.steps[1]!.list).toEqual({ min: 1, max: 50, unique: ['tourcode'], itemLabel: 'Tour Code', inherit: [{ name: 'corporatecode', label: 'Corporate Code', step: 'corporatedetail' }] });
    expect(pageFunctionSuffixes(page)).toEqual(['CREATE']);
  });

  it('starts from the defaults (Unlimited No, empty lists) and shows inherited values in rows', () => {
    expect(draftDefaults(wizard)).toEqual({ corporatedetail: { unlimited: false }, tourcode: [], travelcoordinator: [] });
    const draft: Draft = { corporatedetail: { corporatecode: 'QZCORP' }, tourcode: [{ tourcode: 'QZTC1' }], travelcoordinator: [] };
    expect(rowsWithInherited(wizard.steps[1]!, draft)).toEqual([{ corporatecode: 'QZCORP', tourcode: 'QZTC1' }]);
  });

  it('finds the first problem of a draft step by step, a repeated code on the later row', () => {
    const empty = draftProblem(wizard, draftDefaults(wizard));
    expect(empty).toMatchObject({ step: 'corporatedetail', message: 'Corporate Code is Required' });
    const tour = wizard.steps[1]!;
    const row = { tourcode: 'QZTC1', startdate: '2026-01-01', enddate: '2026-12-31' };
    expect(listProblem(tour, [row, { ...row, tourcode: 'qztc1' }])).toMatchObject({ row: 1, message: 'Tour Code 2: Tour Code can be filled with uppercase letters and numbers only' });
    expect(listProblem(tour, [row, { ...row }])).toEqual({ row: 1, fields: { tourcode: 'Tour Code "QZTC1" is already in the list' }, message: 'Tour Code 2: Tour Code "QZTC1" is already in the list' });
    expect(listProblem(tour, Array.from({ length: 51 }, (_, i) => ({ ...row, tourcode: `QZTC${i}` })))?.message).toBe('Add no more than 50 Tour Code');
  });
});

describe('field conditions: requiredUnless and notBefore (list screens and wizards alike)', () => {
  const base = { ...readJson<Record<string, unknown>>(LIST_FILE) } as unknown as ScreenDefinition;
  const errorsOf = (values: Record<string, unknown>) => validateRecord(base, values, 'create');

  it.each([
    [{ unlimited: false }, 'Max Member is Required'],
    [{}, 'Max Member is Required'],
    [{ unlimited: true }, undefined],
    [{ unlimited: true, maxmember: 0 }, 'Max Member minimum 1'],
    [{ unlimited: false, maxmember: 5 }, undefined],
  ])('maxmember with %j: %s', (values, message) => {
    expect(errorsOf(values).maxmember).toBe(message);
  });

  it.each([
    ['2026-01-01', '2025-12-31', 'End Date must not be before Start Date'],
    ['2026-01-01', '2026-01-01', undefined],
    ['2026-01-01', '2026-01-02', undefined],
    [undefined, '2026-01-02', undefined],
  ])('start %s, end %s: %s', (startdate, enddate, message) => {
    expect(errorsOf({ startdate, enddate }).enddate).toBe(message);
  });

  it('a detail field shows in view mode only', () => {
    const names = (mode: 'view' | 'edit' | 'create') => formFields(corporates, mode).map((f) => f.field.name);
    expect(names('view')).toEqual(expect.arrayContaining(['cardnumber', 'enrollchannel', 'enrollmentdate', 'status']));
    for (const mode of ['edit', 'create'] as const) expect(names(mode)).not.toContain('cardnumber');
  });
});

describe('screen.schema.json: a wizard step has exactly one part', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: true, verbose: true, keywords: SCHEMA_TYPE_KEYWORDS });
  const validate = ajv.compile(screenSchema);
  const withStep = (change: (steps: Record<string, unknown>[]) => void) => {
    const json = readJson<{ steps: Record<string, unknown>[] }>(WIZARD_FILE);
    change(json.steps);
    return validate(json) ? [] : schemaProblems(WIZARD_FILE, validate.errors ?? []);
  };

  it('accepts the real definition', () => {
    expect(withStep(() => undefined)).toEqual([]);
  });

  it.each([
    ['a step with a form and a list', (steps: Record<string, unknown>[]) => (steps[1]!.fields = [{ name: 'x', label: 'X' }])],
    ['a step with nothing to collect', (steps: Record<string, unknown>[]) => delete steps[1]!.list],
  ])('refuses %s', (_case, change) => {
    expect(withStep(change)).toContain(`${WIZARD_FILE}: /steps/1 must match exactly one schema in oneOf`);
  });

  it('refuses a submit that is not an /api/<group>/<action> path', () => {
    const json = { ...readJson<Record<string, unknown>>(WIZARD_FILE), submit: 'corporate/create' };
    expect(validate(json)).toBe(false);
    expect(schemaProblems(WIZARD_FILE, validate.errors ?? [])).toEqual([`${WIZARD_FILE}: /submit must match pattern "^/api/[a-z][a-z0-9-]*/[a-z][a-z0-9-]*$"`]);
  });
});

describe('checkDefinitions: wizard pages', () => {
  const files = (): DefinitionFiles => ({
    tree: readJson<MenuTree>('screens/menu-tree.json'),
    selectors: readJson<SelectorCatalogue>('screens/selectors.json'),
    screens: screenFiles().map((file) => ({ file, screen: readJson<PageDefinition>(file) })),
    wizardMachines: WIZARD_MACHINE_NAMES,
  });
  /** The problems of the two corporate files after a change to the wizard (or the list screen). */
  const problemsWith = (change: (wizard: WizardPage, list: ScreenDefinition) => void) => {
    const input = files();
    const wizardFile = input.screens.find((s) => s.file === WIZARD_FILE)!.screen as WizardPage;
    const listFile = input.screens.find((s) => s.file === LIST_FILE)!.screen as ScreenDefinition;
    change(wizardFile, listFile);
    return checkDefinitions(input).filter((p) => p.startsWith(WIZARD_FILE) || p.startsWith(LIST_FILE));
  };
  const field = (list: ScreenDefinition, name: string) => list.fields.find((f) => f.name === name)!;
  const fieldAt = (list: ScreenDefinition, name: string) => list.fields.findIndex((f) => f.name === name);
  const rowField = (w: WizardPage, step: number, at: number): FieldDefinition => w.steps[step]!.list!.fields[at]!;

  it('passes the real definitions', () => {
    expect(problemsWith(() => undefined)).toEqual([]);
  });

  const CASES: [string, (w: WizardPage, l: ScreenDefinition) => void, string][] = [
    ['an unregistered machine', (w) => (w.machine = 'corporateSignup'), `${WIZARD_FILE}: machine: unknown wizard machine "corporateSignup" (registered: ${WIZARD_MACHINE_NAMES.join(', ')})`],
    ['a submit in a resource\'s API group', (w) => (w.submit = '/api/corporate/create'), `${WIZARD_FILE}: submit: "/api/corporate/create" is in the API group of resource "corporate": a wizard's actions are domain code with a group of their own`],
    ['a step key twice', (w) => (w.steps[2]!.key = 'tourcode'), `${WIZARD_FILE}: steps[2].key: duplicate step "tourcode" (also steps[1])`],
    ['the reserved key done', (w) => (w.steps[2]!.key = 'done'), `${WIZARD_FILE}: steps[2].key: "done" is the state the machine ends in: choose another key`],
    ['a summary before the end', (w) => w.steps.splice(1, 0, w.steps.pop()!), `${WIZARD_FILE}: steps[1]: the summary is the last step: it reads back every step before it`],
    ['a check on a list step', (w) => (w.steps[1]!.check = '/api/corporate-enrollment/check-tour'), `${WIZARD_FILE}: steps[1].check: only a form step (checked on Next) or the summary (its quote) has a check`],
    ['an unknown resource', (w) => Object.assign(w.steps[0]!, { resource: 'company' }) && delete w.steps[1]!.list!.inherit, `${WIZARD_FILE}: steps[0].resource: unknown resource "company" (no list screen declares it)`],
    ['a unique field the rows lack', (w) => (w.steps[1]!.list!.unique = ['code']), `${WIZARD_FILE}: steps[1].list.unique[0]: unknown field "code" of the list`],
    ['an inherited field of no earlier step', (w) => (w.steps[1]!.list!.inherit = ['companycode']), `${WIZARD_FILE}: steps[1].list.inherit[0]: "companycode" is not a field of an earlier form step`],
    ['an inherited field the row has itself', (w) => (w.steps[1]!.list!.inherit = ['tourcode']), `${WIZARD_FILE}: steps[1].list.inherit[0]: "tourcode" is a field of the row itself`],
    ['min above max', (w) => Object.assign(w.steps[2]!.list!, { min: 5, max: 2 }), `${WIZARD_FILE}: steps[2].list.min: min 5 is more than max 2`],
    ['a row field that searches', (w) => (rowField(w, 1, 0).search = true), `${WIZARD_FILE}: steps[1].list.fields[0].search: a wizard step's field is only in its form: "search" does not apply`],
    ['a misspelt rule in a row', (w) => (rowField(w, 1, 0).rules = ['requird']), `${WIZARD_FILE}: steps[1].list.fields[0].rules[0]: unknown rule "requird" in rule "requird"`],
    ['notBefore an unknown row field', (w) => (rowField(w, 1, 2).notBefore = 'startday'), `${WIZARD_FILE}: steps[1].list.fields[2].notBefore: unknown field "startday"`],
    ['notBefore a field that is not a date', (w) => (rowField(w, 1, 2).notBefore = 'tourcode'), `${WIZARD_FILE}: steps[1].list.fields[2].notBefore: "notBefore" compares two date fields or two number fields`],
  ];
  it.each(CASES)('reports %s', (_case, change, problem) => {
    expect(problemsWith(change)).toEqual([problem]);
  });

  it('reports conditions of a list screen naming no field, or the field itself', () => {
    expect(
      problemsWith((_w, list) => {
        field(list, 'maxmember').requiredUnless = 'unlimitedd';
        field(list, 'enddate').notBefore = 'enddate';
      }),
    ).toEqual([
      `${LIST_FILE}: fields[${fieldAt(corporates, 'enddate')}].notBefore: a field cannot name itself`,
      `${LIST_FILE}: fields[${fieldAt(corporates, 'maxmember')}].requiredUnless: unknown field "unlimitedd"`,
    ].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
  });
});
