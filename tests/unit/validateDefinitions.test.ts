// The definition validator: the JSON Schemas of screens and selectors, the cross checks of
// checkDefinitions, and `npm run validate` (scripts/validate-definitions.ts) end to end.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import realTree from '../../screens/menu-tree.json';
import realSelectors from '../../screens/selectors.json';
import screenSchema from '../../engine/definition/screen.schema.json';
import selectorsSchema from '../../engine/definition/selectors.schema.json';
import { checkDefinitions, schemaProblems } from '../../engine/definition/checkDefinitions';
import { SCHEMA_TYPE_KEYWORDS, type DefinitionFiles } from '../../engine/definition/definitionFiles';
import { ACTION_FUNCTIONS } from '../../engine/definition/compile';
import { flattenMenus, isMenuGroup, type MenuGroup, type MenuNode, type MenuTree } from '../../engine/definition/menuTree';
import type {
  ApprovalPage,
  ApprovalRequirement,
  ColumnPlacement,
  CustomAction,
  DisplayFormat,
  FieldDefinition,
  FieldOption,
  FieldSource,
  FieldType,
  FormPlacement,
  ResourceDefinition,
  RowScopeFields,
  ScreenDefinition,
  PageBase,
  PageKind,
  PanelChart,
  PanelColumn,
  PanelDefinition,
  PanelFilter,
  PanelPage,
  ScreenOptions,
  SearchPlacement,
  SelectorCatalogue,
  SelectorDefinition,
  Widget,
  WizardList,
  StepCondition,
  RowFill,
  WizardPage,
  WizardStep, ScreenTool,
  ChildTableDefinition,
  RecordPageDefinition,
  RecordSection,
  VisibleWhen,
  NoOverlapRule,
  OverlapRange,
} from '../../engine/definition/screen';
import { readDefinitionFiles, screenFiles } from '../../server/platform/definitions';
import { checkDefinitionTexts } from '../../server/platform/definitionVersions/definitionChecks';
import { DEFINITION_LIMITS } from '../../engine/definition/studio';

const COUNTRY = 'screens/basic-configuration/country.json';
const TREE = 'screens/menu-tree.json';
const SELECTORS = 'screens/selectors.json';

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

const real: DefinitionFiles = {
  tree: realTree as MenuTree,
  screens: screenFiles().map((file) => ({ file, screen: readJson<ScreenDefinition>(file) })),
  selectors: realSelectors as SelectorCatalogue,
};

type Editable = DefinitionFiles & { screen: (file: string) => ScreenDefinition };

/** The problems of a copy of the real definitions with one thing changed. */
function problemsWith(change: (defs: Editable) => void): string[] {
  const defs = structuredClone(real) as Editable;
  defs.screen = (file) => defs.screens.find((s) => s.file === file)!.screen as ScreenDefinition;
  change(defs);
  return checkDefinitions(defs);
}

const country = () => real.screens.find((s) => s.file === COUNTRY)!.screen as ScreenDefinition;
const fieldIndex = (name: string) => country().fields.findIndex((f) => f.name === name);
/** Where an action pushed onto the country screen lands. */
const customAt = country().actions.length;

/**
 * The real menus with Region and Country in a group of their own at the top, so a problem inside the
 * tree has a JSON path the test can spell: Country is items[0].children[1].
 */
const reshapedTree = (countryMenu: object = {}, more: object[] = []): MenuTree => ({
  schemaVersion: 1,
  items: [
    {
      key: 'basic-configuration',
      label: 'Basic Configuration',
      children: [
        { menucode: 'REGION', path: '/region', label: 'Region' },
        { menucode: 'COUNTRY', path: '/country', label: 'Country', ...countryMenu },
        ...(more as never[]),
        // The group's other menus move with it: a page file sits in its menu group's folder.
        ...groupChildren((realTree as MenuTree).items, 'basic-configuration').filter((node) => !['REGION', 'COUNTRY'].includes((node as { menucode?: string }).menucode ?? '')),
      ],
    },
    ...withoutGroup((realTree as MenuTree).items, 'basic-configuration'),
  ],
});

function groupChildren(nodes: MenuNode[], key: string): MenuGroup['children'] {
  for (const node of nodes) {
    if (!isMenuGroup(node)) continue;
    if (node.key === key) return node.children;
    const found = groupChildren(node.children, key);
    if (found.length > 0) return found;
  }
  return [];
}

function withoutGroup(nodes: MenuNode[], key: string): MenuNode[] {
  return nodes.flatMap((node): MenuNode[] => {
    if (!isMenuGroup(node)) return [node];
    // Groups nest one level, so only a top group or one of its sub-groups can be the group dropped.
    return node.key === key ? [] : [{ ...node, children: node.children.filter((child) => !(isMenuGroup(child) && child.key === key)) }];
  });
}

const setDefault = (extra: Partial<CustomAction> = {}): CustomAction => ({ name: 'set-default', label: 'Set Default', function: 'SETDEFAULT', ...extra });

describe('the real definitions', () => {
  it('pass every cross check', () => {
    expect(real.screens.map((s) => s.file)).toContain(COUNTRY);
    expect(checkDefinitions(real)).toEqual([]);
  });
});

describe('checkDefinitions: fields', () => {
  it('reports a rule that does not parse, with the rule language message', () => {
    const i = fieldIndex('countryname');
    expect(problemsWith((d) => (d.screen(COUNTRY).fields[i].rules = ['required', 'max.x']))).toEqual([
      `${COUNTRY}: fields[${i}].rules[1]: "max" needs a whole number such as "max.8", got "x" in rule "max.x"`,
    ]);
  });

  it('reports an enum rule on a field without options', () => {
    const i = fieldIndex('countryname');
    expect(problemsWith((d) => d.screen(COUNTRY).fields[i].rules!.push('enum'))).toEqual([
      `${COUNTRY}: fields[${i}].rules[3]: rule "enum" needs the field's options`,
    ]);
  });

  it('reports a field declared twice', () => {
    const i = fieldIndex('nationality');
    expect(problemsWith((d) => d.screen(COUNTRY).fields.push({ name: 'nationality', label: 'Again' }))).toEqual([
      `${COUNTRY}: fields[${country().fields.length}].name: duplicate field "nationality" (also fields[${i}])`,
    ]);
  });

  it('reports a source naming an unknown selector', () => {
    const i = fieldIndex('regioncode');
    expect(problemsWith((d) => (d.screen(COUNTRY).fields[i].source = { selector: 'regionx' }))).toEqual([
      `${COUNTRY}: fields[${i}].source.selector: unknown selector "regionx"`,
    ]);
  });

  it('reports dependsOn.field naming no field of the same screen', () => {
    const i = fieldIndex('regioncode');
    const source: FieldSource = { selector: 'region', dependsOn: { field: 'continent', filter: 'regioncode' } };
    expect(problemsWith((d) => (d.screen(COUNTRY).fields[i].source = source))).toEqual([
      `${COUNTRY}: fields[${i}].source.dependsOn.field: unknown field "continent"`,
    ]);
  });

  it('reports excludes naming no field, a field of other choices, or a field that does not exclude it in turn', () => {
    const i = fieldIndex('regioncode');
    expect(problemsWith((d) => (d.screen(COUNTRY).fields[i].excludes = 'continent'))).toEqual([`${COUNTRY}: fields[${i}].excludes: unknown field "continent"`]);
    expect(problemsWith((d) => (d.screen(COUNTRY).fields[i].excludes = 'countryname'))).toEqual([
      `${COUNTRY}: fields[${i}].excludes: "excludes" pairs two choice fields with the same selector or options`,
    ]);
    const other = { name: 'otherregion', label: 'Other Region', source: { selector: 'region' } };
    expect(
      problemsWith((d) => {
        d.screen(COUNTRY).fields[i].excludes = 'otherregion';
        d.screen(COUNTRY).fields.push(other);
      }),
    ).toEqual([`${COUNTRY}: fields[${i}].excludes: field "otherregion" must exclude "regioncode" in turn`]);
    expect(
      problemsWith((d) => {
        d.screen(COUNTRY).fields[i].excludes = 'otherregion';
        d.screen(COUNTRY).fields.push({ ...other, excludes: 'regioncode' });
      }),
    ).toEqual([]);
  });

  it('reports a column cutting its text without a width', () => {
    const i = fieldIndex('countryname');
    expect(problemsWith((d) => (d.screen(COUNTRY).fields[i].column = { ellipsis: true }))).toEqual([
      `${COUNTRY}: fields[${i}].column.ellipsis: "ellipsis" cuts text at the column's width: declare the width`,
    ]);
    expect(problemsWith((d) => (d.screen(COUNTRY).fields[i].column = { ellipsis: true, width: 120 }))).toEqual([]);
    expect(problemsWith((d) => (d.screen(COUNTRY).fields[i].column = { ellipsis: true, width: 120, wrap: true }))).toEqual([
      `${COUNTRY}: fields[${i}].column.wrap: "wrap" wraps the text "ellipsis" cuts: declare one of them`,
    ]);
    expect(problemsWith((d) => (d.screen(COUNTRY).fields[i].column = { wrap: true }))).toEqual([]);
  });

  it("reports dependsOn.filter naming no field of the selector's resource", () => {
    const i = fieldIndex('regioncode');
    const source: FieldSource = { selector: 'region', dependsOn: { field: 'countrycode', filter: 'continent' } };
    expect(problemsWith((d) => (d.screen(COUNTRY).fields[i].source = source))).toEqual([
      `${COUNTRY}: fields[${i}].source.dependsOn.filter: unknown field "continent" of resource "region"`,
    ]);
  });
});

describe('checkDefinitions: resource and options', () => {
  it('reports a key naming no field', () => {
    expect(problemsWith((d) => (d.screen(COUNTRY).resource.key = ['countrycod']))).toEqual([
      `${COUNTRY}: resource.key[0]: unknown field "countrycod"`,
    ]);
  });

  it('reports a status naming no field', () => {
    expect(problemsWith((d) => (d.screen(COUNTRY).resource.status = 'state'))).toEqual([`${COUNTRY}: resource.status: unknown field "state"`]);
  });

  it('reports a default sort naming no field', () => {
    expect(problemsWith((d) => (d.screen(COUNTRY).options = { defaultSort: { countrynam: 'asc' } }))).toEqual([
      `${COUNTRY}: options.defaultSort.countrynam: unknown field "countrynam"`,
    ]);
  });

  it('reports a record name naming no field, or a field that is not stored', () => {
    expect(problemsWith((d) => (d.screen(COUNTRY).recordName = '{countryname} ({countrynam})'))).toEqual([
      `${COUNTRY}: recordName: unknown field "countrynam"`,
    ]);
    expect(problemsWith((d) => {
      d.screen(COUNTRY).recordName = '{countryname}';
      d.screen(COUNTRY).fields.find((f) => f.name === 'countryname')!.stored = false;
    })).toContain(`${COUNTRY}: recordName: the name's field "countryname" must be stored`);
  });
});

describe('checkDefinitions: actions and permission codes', () => {
  it('reports a custom action setting a field that does not exist', () => {
    expect(problemsWith((d) => d.screen(COUNTRY).actions.push(setDefault({ set: { isdefault: true } })))).toEqual([
      `${COUNTRY}: actions[${customAt}].set.isdefault: unknown field "isdefault"`,
    ]);
  });

  it('reports exclusiveBy naming no field', () => {
    expect(problemsWith((d) => d.screen(COUNTRY).actions.push(setDefault({ set: { status: 'ACTIVE' }, exclusiveBy: 'continent' })))).toEqual([
      `${COUNTRY}: actions[${customAt}].exclusiveBy: unknown field "continent"`,
    ]);
  });

  it('reports a function that cannot follow the menu code in a permission code', () => {
    expect(problemsWith((d) => d.screen(COUNTRY).actions.push(setDefault({ function: 'set_default' })))).toEqual([
      `${COUNTRY}: actions[${customAt}].function: function "set_default" must be upper-case letters and digits (permission code COUNTRY_set_default)`,
    ]);
  });

  it('reports an action offered twice', () => {
    expect(problemsWith((d) => d.screen(COUNTRY).actions.push(setDefault(), setDefault({ label: 'Again' })))).toEqual([
      `${COUNTRY}: actions[${customAt + 1}].name: duplicate action "set-default" (also actions[${customAt}])`,
    ]);
  });

  it('reports activate/deactivate on a resource without status', () => {
    const activate = country().actions.indexOf('activate');
    const deactivate = country().actions.indexOf('deactivate');
    expect(problemsWith((d) => (d.screen(COUNTRY).resource.status = false))).toEqual([
      `${COUNTRY}: actions[${activate}]: "activate" needs a status field (resource.status or a field named status)`,
      `${COUNTRY}: actions[${deactivate}]: "deactivate" needs a status field (resource.status or a field named status)`,
    ]);
  });

  it("reports menu-tree functions the screen's actions already give", () => {
    const problems = problemsWith((d) => (d.tree = reshapedTree({ functions: ['EXPORT', 'UPDATE'] })));
    expect(problems).toEqual([`${TREE}: items[0].children[1].functions[1]: "UPDATE" is already given by the actions of ${COUNTRY}`]);
  });
});

describe('checkDefinitions: screens against the menu tree', () => {
  it('passes with the menus regrouped', () => {
    expect(problemsWith((d) => (d.tree = reshapedTree()))).toEqual([]);
  });

  it("includes checkMenuTree's problems, prefixed with the menu tree's file", () => {
    const problems = problemsWith((d) => (d.tree = reshapedTree({}, [{ menucode: 'COUNTRY', path: '/nation', label: 'Nation' }])));
    expect(problems).toEqual([`${TREE}: items[0].children[2].menucode: duplicate menu code "COUNTRY" (also at items[0].children[1].menucode)`]);
  });

  it('reports a menu code missing from the tree', () => {
    expect(problemsWith((d) => (d.screen(COUNTRY).menucode = 'COUNTRYX'))).toEqual([`${COUNTRY}: menucode: menu "COUNTRYX" is not in the menu tree (${TREE})`]);
  });

  it('reports a second screen for the same menu', () => {
    const problems = problemsWith((d) => {
      const copy = { ...structuredClone(d.screen(COUNTRY)), resource: { name: 'country-copy', key: ['countrycode'] } };
      d.screens.push({ file: 'screens/other/country.json', screen: copy });
    });
    expect(problems).toEqual([`screens/other/country.json: menucode: menu "COUNTRY" already has a screen (${COUNTRY})`]);
  });

  // A second screen goes on a menu of its own added to the tree beside Mileage Statement Template's (in the
  // catalogue's folder), so only the clash under test is reported.
  const SPARE = 'screens/catalog/spare-screen.json';
  const spare = (d: Editable, screen: ScreenDefinition) => {
    const siblings = (function find(nodes: unknown): { menucode?: string }[] | undefined {
      if (!Array.isArray(nodes)) return typeof nodes === 'object' && nodes !== null ? Object.values(nodes).reduce<{ menucode?: string }[] | undefined>((found, v) => found ?? find(v), undefined) : undefined;
      if (nodes.some((n: { menucode?: string }) => n?.menucode === 'MILSTMTTPL')) return nodes as { menucode?: string }[];
      return nodes.reduce<{ menucode?: string }[] | undefined>((found, v) => found ?? find(v), undefined);
    })(d.tree)!;
    siblings.push({ menucode: 'SPARESCR', path: '/spare-screen', label: 'Spare Screen' } as never);
    d.screens.push({ file: SPARE, screen: { ...screen, menucode: 'SPARESCR' } });
  };

  it('reports a resource name declared twice', () => {
    const problems = problemsWith((d) => {
      spare(d, { ...structuredClone(d.screen(COUNTRY)), resource: { name: 'country', table: 'spare_screen', key: ['countrycode'] } });
    });
    expect(problems).toEqual([`${SPARE}: resource.name: resource "country" is also declared by ${COUNTRY}`]);
  });

  it('reports a table used twice, declared or defaulted from the resource name', () => {
    const addSecondScreen = (d: Editable, resource: ResourceDefinition) =>
      spare(d, { ...structuredClone(d.screen(COUNTRY)), resource });
    expect(problemsWith((d) => addSecondScreen(d, { name: 'spare-screen', table: 'country', key: ['countrycode'] }))).toEqual([
      `${SPARE}: resource.table: table "country" is also used by ${COUNTRY}`,
    ]);
    const defaulted = problemsWith((d) => {
      d.screen(COUNTRY).resource.table = 'spare_screen';
      addSecondScreen(d, { name: 'spare-screen', key: ['countrycode'] });
    });
    expect(defaulted).toEqual([`${SPARE}: resource.name: table "spare_screen" is also used by ${COUNTRY}`]);
  });

  it('reports a screen file outside a group folder', () => {
    expect(problemsWith((d) => (d.screens.find((s) => s.file === COUNTRY)!.file = 'screens/country.json'))).toEqual([
      'screens/country.json: a screen file must sit in a group folder: screens/<group>/<menu>.json',
    ]);
  });

  it("reports a file not named after the menu path's last segment", () => {
    expect(problemsWith((d) => (d.screens.find((s) => s.file === COUNTRY)!.file = 'screens/basic-configuration/countries.json'))).toEqual([
      'screens/basic-configuration/countries.json: menucode: menu "COUNTRY" has path "/country", so its screen file is named country.json',
    ]);
  });

  it("reports a file outside its menu group's folder, where the browser would not find it", () => {
    expect(problemsWith((d) => (d.screens.find((s) => s.file === COUNTRY)!.file = 'screens/member-configuration/country.json'))).toEqual([
      'screens/member-configuration/country.json: menucode: menu "COUNTRY" sits in the menu group "basic-configuration", so its screen file is screens/basic-configuration/country.json',
    ]);
  });

  it("names the root path's file after its menu code, in the top-level folder", () => {
    const dashboard = 'screens/top-level/dashboard.json';
    expect(problemsWith((d) => (d.screens.find((s) => s.file === dashboard)!.file = 'screens/top-level/index.json'))).toEqual([
      'screens/top-level/index.json: menucode: menu "DASHBOARD" has path "/", so its screen file is named dashboard.json',
    ]);
    expect(problemsWith((d) => (d.screens.find((s) => s.file === dashboard)!.file = 'screens/home/dashboard.json'))).toEqual([
      'screens/home/dashboard.json: menucode: menu "DASHBOARD" sits in the menu group "top-level", so its screen file is screens/top-level/dashboard.json',
    ]);
  });
});

describe('checkDefinitions: selectors', () => {
  it('reports a selector over a resource no screen declares', () => {
    expect(problemsWith((d) => (d.selectors.selectors.region.resource = 'regions'))).toEqual([
      `${SELECTORS}: selectors.region.resource: unknown resource "regions" (no screen declares it)`,
    ]);
  });

  const wrongFields: [string, string, Partial<SelectorDefinition>][] = [
    ['value', 'code', { value: 'code' }],
    ['label', 'name', { label: 'name' }],
    ['extra[1]', 'phone', { extra: ['nationality', 'phone'] }],
    ['filter.kind', 'kind', { filter: { kind: 'AIR' } }],
    ['sort.kind', 'kind', { sort: { countryname: 'asc', kind: 'desc' } }],
    ['currentBetween[1]', 'validto', { currentBetween: ['countrycode', 'validto'] }],
    ['composite.fields[0]', 'branch', { composite: { fields: ['branch', 'countrycode'], separator: '|' } }],
  ];
  it.each(wrongFields)('reports %s naming no field of the resource', (path, field, change) => {
    expect(problemsWith((d) => Object.assign(d.selectors.selectors.country, change))).toEqual([
      `${SELECTORS}: selectors.country.${path}: unknown field "${field}" of resource "country"`,
    ]);
  });
});

// ---- JSON Schemas ------------------------------------------------------------------------------

const ajv = new Ajv2020({ allErrors: true, strict: true, verbose: true, keywords: SCHEMA_TYPE_KEYWORDS });
const validateScreen = ajv.compile(screenSchema);
const validateSelectors = ajv.compile(selectorsSchema);

function screenSchemaProblems(change: (screen: ScreenDefinition & Record<string, unknown>) => void): string[] {
  const screen = structuredClone(country()) as ScreenDefinition & Record<string, unknown>;
  change(screen);
  return validateScreen(screen) ? [] : schemaProblems(COUNTRY, validateScreen.errors ?? []);
}

describe('screen.schema.json', () => {
  it('accepts every real screen file', () => {
    for (const { file, screen } of real.screens) expect(validateScreen(screen) ? [] : schemaProblems(file, validateScreen.errors ?? [])).toEqual([]);
  });

  it('rejects an unknown property, at the top and in a field', () => {
    expect(screenSchemaProblems((s) => (s.colour = 'blue'))).toEqual([`${COUNTRY}: / must NOT have additional properties: "colour"`]);
    expect(screenSchemaProblems((s) => Object.assign(s.fields[0], { hint: 'two letters' }))).toEqual([
      `${COUNTRY}: /fields/0 must NOT have additional properties: "hint"`,
    ]);
  });

  it('rejects a bad menu code', () => {
    expect(screenSchemaProblems((s) => (s.menucode = 'country'))).toEqual([`${COUNTRY}: /menucode must match pattern "^[A-Z][A-Z0-9]{1,11}$"`]);
  });

  it('rejects a bad field name', () => {
    expect(screenSchemaProblems((s) => (s.fields[1].name = 'countryName'))).toEqual([`${COUNTRY}: /fields/1/name must match pattern "^[a-z][a-z0-9_]*$"`]);
  });

  it('rejects a bad widget, naming the allowed ones', () => {
    expect(screenSchemaProblems((s) => (s.fields[1].widget = 'slider' as Widget))).toEqual([
      `${COUNTRY}: /fields/1/widget must be equal to one of the allowed values: "text", "textarea", "number", "password", "select", "multiselect", "radio", "switch", "date", "range", "time", "image", "csv", "permissions", "grants", "cardname"`,
    ]);
  });

  it('rejects a bad placement and a bad action without naming the branch that failed', () => {
    expect(screenSchemaProblems((s) => (s.fields[0].search = { mode: 'simple' as 'normal' }))).toEqual([
      `${COUNTRY}: /fields/0/search/mode must be equal to one of the allowed values: "normal", "advanced"`,
    ]);
    expect(screenSchemaProblems((s) => s.actions.push(setDefault({ name: 'list' })))).toEqual([
      `${COUNTRY}: /actions/${customAt}/name must not be one of the reserved names: "list", "detail", "create", "update", "view", "delete", "activate", "deactivate", "download", "createbulk", "upload"`,
    ]);
    expect(screenSchemaProblems((s) => s.actions.push(setDefault({ function: 'SetDefault' })))).toEqual([
      `${COUNTRY}: /actions/${customAt}/function must match pattern "^[A-Z][A-Z0-9]*$"`,
    ]);
  });

  it('rejects a value of none of the allowed types in one line', () => {
    expect(screenSchemaProblems((s) => (s.fields[0].default = { code: 'ID' } as unknown as string))).toEqual([
      `${COUNTRY}: /fields/0/default must be string, number, boolean or null`,
    ]);
  });

  it('rejects a status that is neither a field name nor false', () => {
    expect(screenSchemaProblems((s) => (s.resource.status = true as unknown as false))).toEqual([`${COUNTRY}: /resource/status must be equal to constant false`]);
  });
});

describe('selectors.schema.json', () => {
  it('accepts the real selectors file', () => {
    expect(validateSelectors(real.selectors) ? [] : schemaProblems(SELECTORS, validateSelectors.errors ?? [])).toEqual([]);
  });

  it('rejects an unknown property of a selector', () => {
    const selectors = structuredClone(real.selectors);
    Object.assign(selectors.selectors.region, { where: { status: 'ACTIVE' } });
    expect(validateSelectors(selectors)).toBe(false);
    expect(schemaProblems(SELECTORS, validateSelectors.errors ?? [])).toEqual([`${SELECTORS}: /selectors/region must NOT have additional properties: "where"`]);
  });
});

// Each object of the schemas has exactly the properties of its TypeScript type, required where the type
// requires them; tsc checks each shape below against its type, the test checks the schema against the shape.
type Shape<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? 'optional' : 'required' };
type Schema = { properties: Record<string, Schema>; required?: string[]; $defs: Record<string, Schema>; enum?: unknown[] };
const screenDefs = (screenSchema as unknown as Schema).$defs;
const selectorDefs = (selectorsSchema as unknown as Schema).$defs;

const SHAPES: [string, Schema, Record<string, 'optional' | 'required'>][] = [
  ['PageBase (with kind)', screenSchema as unknown as Schema, {
    $schema: 'optional', schemaVersion: 'required', menucode: 'required', title: 'required', layout: 'optional', kind: 'optional',
  } satisfies Shape<PageBase & { kind?: PageKind }>],
  ['ScreenDefinition (list kind)', screenDefs.listScreen, {
    resource: 'required', fields: 'required', actions: 'required', options: 'optional', record: 'optional', approval: 'optional', bulk: 'optional', childOf: 'optional', noOverlap: 'optional', tools: 'optional', recordName: 'optional',
  } satisfies Shape<Omit<ScreenDefinition, keyof PageBase | 'kind'>>],
  ['ScreenTool', screenDefs.screenTool, { key: 'required', label: 'required', view: 'required', function: 'optional' } satisfies Shape<ScreenTool>],
  ['NoOverlapRule', screenDefs.noOverlap, { per: 'required', ranges: 'required' } satisfies Shape<NoOverlapRule>],
  ['OverlapRange', screenDefs.overlapRange, { from: 'required', to: 'required' } satisfies Shape<OverlapRange>],
  ['ApprovalRequirement', screenDefs.approvalRequirement, { actions: 'required', direct: 'optional' } satisfies Shape<ApprovalRequirement>],
  ['ApprovalPage (approvals kind)', screenDefs.approvalPage, { menus: 'optional', actions: 'optional' } satisfies Shape<Omit<ApprovalPage, keyof PageBase | 'kind'>>],
  ['WizardPage (wizard kind)', screenDefs.wizardPage, { machine: 'required', submit: 'required', steps: 'required', result: 'optional' } satisfies Shape<Omit<WizardPage, keyof PageBase | 'kind'>>],
  ['WizardStep', screenDefs.wizardStep, {
    key: 'required', title: 'required', fields: 'optional', resource: 'optional', list: 'optional', summary: 'optional', check: 'optional',
    pick: 'optional', selectors: 'optional', optional: 'optional', checkWith: 'optional', answer: 'optional', context: 'optional', preview: 'optional', when: 'optional', labels: 'optional',
  } satisfies Shape<WizardStep>],
  ['StepCondition', screenDefs.stepCondition, { step: 'required', field: 'required', equals: 'optional', notEquals: 'optional' } satisfies Shape<StepCondition>],
  ['WizardList', screenDefs.wizardList, {
    fields: 'required', itemLabel: 'required', min: 'optional', max: 'optional', unique: 'optional', inherit: 'optional', fill: 'optional',
  } satisfies Shape<WizardList>],
  ['RowFill', screenDefs.rowFill, { when: 'required', from: 'required', values: 'required' } satisfies Shape<RowFill>],
  ['PanelPage (panels kind)', screenDefs.panelPage, { panels: 'required', announcement: 'optional' } satisfies Shape<Omit<PanelPage, keyof PageBase | 'kind'>>],
  ['PanelDefinition', screenDefs.panel, {
    key: 'required', title: 'required', query: 'required', filters: 'optional', chart: 'required', span: 'optional',
  } satisfies Shape<PanelDefinition>],
  ['PanelFilter', screenDefs.panelFilter, {
    name: 'required', label: 'required', placeholder: 'optional', widget: 'optional', type: 'optional', rules: 'optional', options: 'optional',
    source: 'optional', default: 'optional', minDate: 'optional', maxDate: 'optional', rangeEnd: 'optional', disabledWhen: 'optional', multipleWhen: 'optional',
    optionsOf: 'optional',
  } satisfies Shape<PanelFilter>],
  ['PanelChart', screenDefs.panelChart, {
    kind: 'required', x: 'optional', y: 'optional', series: 'optional', data: 'optional', columns: 'optional', limit: 'optional',
  } satisfies Shape<PanelChart>],
  ['PanelColumn', screenDefs.panelColumn, { name: 'required', label: 'required', format: 'optional', source: 'optional' } satisfies Shape<PanelColumn>],
  ['ResourceDefinition', screenDefs.resource, { name: 'required', table: 'optional', key: 'required', status: 'optional', generatedKey: 'optional', scope: 'optional' } satisfies Shape<ResourceDefinition>],
  ['RowScopeFields', screenDefs.resource.properties.scope, { branch: 'optional', partner: 'optional', membership: 'optional', member: 'optional' } satisfies Shape<RowScopeFields>],
  ['FieldDefinition', screenDefs.field, {
    name: 'required', label: 'required', type: 'optional', widget: 'optional', placeholder: 'optional', rules: 'optional',
    options: 'optional', source: 'optional', format: 'optional', default: 'optional', search: 'optional', column: 'optional',
    form: 'optional', detail: 'optional', minDate: 'optional', maxDate: 'optional', maxSizeKb: 'optional', stored: 'optional',
    requiredUnless: 'optional', requiredWhen: 'optional', notBefore: 'optional', excludes: 'optional', composeFrom: 'optional', zeroTag: 'optional',
  } satisfies Shape<FieldDefinition>],
  ['FieldOption', screenDefs.option, { value: 'required', label: 'required', color: 'optional' } satisfies Shape<FieldOption>],
  ['FieldSource', screenDefs.source, { selector: 'required', dependsOn: 'optional' } satisfies Shape<FieldSource>],
  ["FieldSource['dependsOn']", screenDefs.source.properties.dependsOn, { field: 'required', filter: 'required', through: 'optional' } satisfies Shape<NonNullable<FieldSource['dependsOn']>>],
  ['SearchPlacement', screenDefs.searchPlacement, { mode: 'optional', exact: 'optional', range: 'optional' } satisfies Shape<SearchPlacement>],
  ['ColumnPlacement', screenDefs.columnPlacement, { sortable: 'optional', width: 'optional', ellipsis: 'optional', wrap: 'optional' } satisfies Shape<ColumnPlacement>],
  ['FormPlacement', screenDefs.formPlacement, { section: 'optional', readOnlyOnEdit: 'optional', wide: 'optional' } satisfies Shape<FormPlacement>],
  ['CustomAction', screenDefs.customAction, {
    name: 'required', label: 'required', function: 'required', confirm: 'optional', set: 'optional', exclusiveBy: 'optional', icon: 'optional', reason: 'optional',
    input: 'optional', place: 'optional', visibleWhen: 'optional', download: 'optional', open: 'optional', reveal: 'optional',
  } satisfies Shape<CustomAction>],
  ['ScreenOptions', screenDefs.screenOptions, { defaultSort: 'optional', pagination: 'optional', formIn: 'optional', formWidth: 'optional', refreshWhile: 'optional', uploadNote: 'optional', revealOnCreate: 'optional' } satisfies Shape<ScreenOptions>],
  ['RecordPageDefinition', screenDefs.recordPage, { sections: 'required', navigator: 'optional', header: 'optional' } satisfies Shape<RecordPageDefinition>],
  ['RecordSection', screenDefs.recordSection, {
    key: 'required', label: 'required', function: 'optional', visibleWhen: 'optional', fields: 'optional', child: 'optional', view: 'optional', group: 'optional',
  } satisfies Shape<RecordSection>],
  ['VisibleWhen', screenDefs.visibleWhen, { field: 'required', equals: 'optional', notEquals: 'optional' } satisfies Shape<VisibleWhen>],
  ['ChildTableDefinition', screenDefs.childTable, { screen: 'required', parentKey: 'required', mode: 'optional', detailPage: 'optional' } satisfies Shape<ChildTableDefinition>],
  ['SelectorCatalogue', selectorsSchema as unknown as Schema, { $schema: 'optional', schemaVersion: 'required', selectors: 'required' } satisfies Shape<SelectorCatalogue>],
  ['SelectorDefinition', selectorDefs.selector, {
    resource: 'required', value: 'required', label: 'required', extra: 'optional', filter: 'optional', all: 'optional',
    sort: 'optional', currentBetween: 'optional', composite: 'optional', relabel: 'optional', distinct: 'optional', grantedBy: 'optional', filterBy: 'optional', display: 'optional', search: 'optional',
  } satisfies Shape<SelectorDefinition>],
  ["SelectorDefinition['composite']", selectorDefs.selector.properties.composite, { fields: 'required', separator: 'required' } satisfies Shape<NonNullable<SelectorDefinition['composite']>>],
];

const FIELD_TYPES = { string: 1, text: 1, integer: 1, number: 1, boolean: 1, date: 1, datetime: 1, list: 1 } satisfies Record<FieldType, 1>;
const WIDGETS = {
  text: 1, textarea: 1, number: 1, password: 1, select: 1, multiselect: 1, radio: 1, switch: 1, date: 1, range: 1, time: 1, image: 1, csv: 1, permissions: 1, grants: 1, cardname: 1,
} satisfies Record<Widget, 1>;
const FORMATS = { text: 1, date: 1, datetime: 1, number: 1, status: 1, yesno: 1, tag: 1, json: 1, diff: 1, image: 1, progress: 1 } satisfies Record<DisplayFormat, 1>;

describe('the schemas match the TypeScript types of engine/definition/screen.ts', () => {
  it.each(SHAPES)('%s: same properties, same required ones', (_type, schema, shape) => {
    expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(shape).sort());
    const required = Object.keys(shape).filter((key) => shape[key] === 'required');
    expect([...(schema.required ?? [])].sort()).toEqual(required.sort());
  });

  it('same field types, widgets, formats and standard actions', () => {
    const field = screenDefs.field.properties;
    expect(field.type.enum).toEqual(Object.keys(FIELD_TYPES));
    expect(field.widget.enum).toEqual(Object.keys(WIDGETS));
    expect(field.format.enum).toEqual(Object.keys(FORMATS));
    expect(screenDefs.standardAction.enum).toEqual(Object.keys(ACTION_FUNCTIONS));
  });
});

// ---- npm run validate --------------------------------------------------------------------------

const temporary = mkdtempSync(join(tmpdir(), 'validate-definitions-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

const runValidator = (dir?: string) => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/validate-definitions.ts', ...(dir ? [dir] : [])], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr.replace(/\(\d+ ms/, '(T ms') };
};

/**
 * A copy of screens/ in a temporary folder with one file changed; returns the folder. The copies lose
 * their '$schema' line, whose relative path would not reach engine/ from there.
 */
function screensWith(name: string, file: string, change: (json: Record<string, unknown>) => void): string {
  const dir = join(temporary, name);
  cpSync('screens', dir, { recursive: true });
  for (const copied of ['menu-tree.json', 'selectors.json', ...screenFiles().map((f) => relative('screens', f))]) {
    const json = readJson<Record<string, unknown>>(join('screens', copied));
    delete json.$schema;
    if (copied === file) change(json);
    writeFileSync(join(dir, copied), JSON.stringify(json));
  }
  return dir;
}

describe('scripts/validate-definitions.ts', () => {
  it('passes the real definitions with one summary line', () => {
    const { status, stdout } = runValidator();
    expect(status).toBe(0);
    expect(stdout).toMatch(/^definitions valid: [1-9]\d* screens, \d+ selectors, [1-9]\d* menus \(\d+ ms\)\n$/);
  });

  it('fails on schema problems, one line each, then the count', () => {
    const dir = screensWith('schema', 'basic-configuration/country.json', (json) => {
      json.colour = 'blue';
      json.$schema = '../engine/definition/screen.schema.json';
    });
    const file = join(dir, 'basic-configuration/country.json');
    const schemaPath = relative(join(dir, 'basic-configuration'), 'engine/definition/screen.schema.json');
    const { status, stderr } = runValidator(dir);
    expect(status).toBe(1);
    expect(stderr).toBe(
      [
        `${file}: /$schema must be "${schemaPath}" for editor autocomplete`,
        `${file}: / must NOT have additional properties: "colour"`,
        '2 definition problem(s) (T ms; the cross checks run once every file matches its schema)',
        '',
      ].join('\n'),
    );
  });

  it('fails on cross-check problems with the files named under the folder given', () => {
    const dir = screensWith('cross', 'basic-configuration/country.json', (json) => {
      (json.resource as ResourceDefinition).key = ['countrycod'];
    });
    const { status, stderr } = runValidator(dir);
    expect(status).toBe(1);
    expect(stderr).toBe([`${join(dir, 'basic-configuration/country.json')}: resource.key[0]: unknown field "countrycod"`, '1 definition problem(s) (T ms)', ''].join('\n'));
  });
});

describe('the limits of one definition', () => {
  const key = 'basic-configuration/country.json';
  const problemsOf = (edit: (json: Record<string, unknown>) => Record<string, unknown>) =>
    checkDefinitionTexts(readDefinitionFiles().map((d) => (d.key === key ? { key, text: JSON.stringify(edit(JSON.parse(d.text) as Record<string, unknown>)) } : d))).problems;

  it('refuses a definition over the size a definition may have, or nested deeper than its levels', () => {
    const large = problemsOf((json) => ({ ...json, description: 'x'.repeat(DEFINITION_LIMITS.maxBytes) }));
    expect(large).toEqual([expect.stringMatching(new RegExp(`^${COUNTRY}: is \\d+ bytes, more than the 262144 a definition may have$`))]);
    const deep = problemsOf((json) => ({ ...json, nested: JSON.parse(`${'['.repeat(DEFINITION_LIMITS.maxDepth)}${']'.repeat(DEFINITION_LIMITS.maxDepth)}`) }));
    expect(deep).toEqual([`${COUNTRY}: nests deeper than the 24 levels a definition may have`]);
  });

  it('refuses a rule naming a custom validator nothing registers', () => {
    const custom = problemsOf((json) => ({ ...json, fields: (json.fields as { rules?: string[] }[]).map((f, i) => (i === 1 ? { ...f, rules: [...(f.rules ?? []), 'custom.nowhere'] } : f)) }));
    expect(custom).toEqual([`${COUNTRY}: fields[1].rules[3]: no custom validator "nowhere" is registered, in rule "custom.nowhere"`]);
  });
});
