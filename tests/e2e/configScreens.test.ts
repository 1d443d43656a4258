// Every Basic-configuration and Member-configuration screen in Chromium, driven through the real UI with
// one browser and one login: navigation and page title, the first page's footer, labels and placeholders
// taken from the definition, contains search with the preventsql guard, paging over the test's own rows,
// Advance Search and Clear, create with invalid then valid input, edit, deactivate (salutation: Set
// Default), and the country -> state -> city cascade. The table holds only what the definitions cannot
// give: how to open the screen, a search value, the rows, one valid record and one invalid value per kind.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FieldDefinition, ScreenDefinition } from '../../engine/definition/screen';
import { flattenMenus, type MenuTree } from '../../engine/definition/menuTree';
import { PATTERN_MESSAGES, RULE_MESSAGES, formatMessage, isPatternName } from '../../engine/rules';
import { APPROVAL_TEXTS } from '../../engine/definition/approvals';
import tree from '../../screens/menu-tree.json';
import airport from '../../screens/basic-configuration/airport.json';
import city from '../../screens/basic-configuration/city.json';
import country from '../../screens/basic-configuration/country.json';
import currency from '../../screens/basic-configuration/currency.json';
import generalConfiguration from '../../screens/basic-configuration/general-configuration.json';
import jobCatalogue from '../../screens/basic-configuration/job-catalogue.json';
import region from '../../screens/basic-configuration/region.json';
import state from '../../screens/basic-configuration/state.json';
import hobbies from '../../screens/member-configuration/hobbies.json';
import language from '../../screens/member-configuration/language.json';
import religion from '../../screens/member-configuration/religion.json';
import salutation from '../../screens/member-configuration/salutation.json';
import title from '../../screens/member-configuration/title.json';
import { answerYes, chooseOption, logIn, screenshotDir, settled, startBrowserRig, startClean, type BrowserRig } from './browser';

type Value = string | boolean;
type Row = Record<string, Value>;

const PAGE_SIZE = 10;
/** One more than a page, so the test's own rows fill two pages. */
const API_ROWS = PAGE_SIZE + 1;
const INJECTION = "a'; drop table x--";
const APP_TITLE = 'Loyalty Management System';

// ---- reference records the screens' selects choose from (created through the API) ------------------

const FIXTURES: { resource: string; row: Row; label: string }[] = [
  { resource: 'region', row: { regioncode: 'QZFIX', regionname: 'Qzfix Region' }, label: 'Qzfix Region' },
  ...(
    [
      ['XA', 'Qzfix Northland'],
      ['XB', 'Qzfix Southland'],
      ['XC', 'Qzfix Westland'],
    ] as const
  ).map(([countrycode, countryname]) => ({
    resource: 'country',
    row: { countrycode, countryname, regioncode: 'QZFIX', countryphonecode: '+990', nationality: `${countryname}er` },
    label: countryname,
  })),
  ...(
    [
      ['QFN1', 'Qzfix North One', 'XA'],
      ['QFN2', 'Qzfix North Two', 'XA'],
      ['QFS1', 'Qzfix South One', 'XB'],
    ] as const
  ).map(([statecode, statename, countrycode]) => ({ resource: 'state', row: { statecode, statename, countrycode }, label: statename })),
  { resource: 'language', row: { langcode: 'qzf', langname: 'Qzfix Tongue' }, label: 'Qzfix Tongue' },
];
/** Select labels of the fixtures, by value. */
const LABELS = new Map(FIXTURES.map((f) => [Object.values(f.row)[0], f.label]));

// ---- the screens -----------------------------------------------------------------------------------

interface ScreenCase {
  def: ScreenDefinition;
  /** 'nav': through the top navigation's menus; 'route': by typing the menu's path. */
  open: 'nav' | 'route';
  /** A normal text search field and a contains value that matches the test's rows only. */
  search: [field: string, value: string];
  /** The i-th (1-based) of the rows created through the API; every one matches `search`. */
  row(i: number): Row;
  /** Created through the form; matches `search` too. */
  record: Row;
  /** Each value fails exactly the named rule of the field's definition, first. */
  invalid: [field: string, value: string, rule: string][];
  /** Non-key fields the edit changes. */
  edit: Row;
  /** An advanced-only search field and the option that finds the record after the edit/deactivate. */
  advanced?: [field: string, option: string];
  /** Cascading select: parent value -> the child labels choosing it must offer. */
  cascade?: Record<string, string[]>;
}

const pad = (i: number) => String(i).padStart(2, '0');
const letter = (i: number) => String.fromCharCode(64 + i); // 1 -> A
const COUNTRY_CODES = ['QM', 'QN', 'QO', 'QP', 'QQ', 'QR', 'QS', 'QT', 'QU', 'QV', 'QW'];
const LANGUAGE_CODES = ['qza', 'qzb', 'qzc', 'qzd', 'qze', 'qzg', 'qzh', 'qzi', 'qzj', 'qzk', 'qzl'];

const CASES: ScreenCase[] = [
  {
    def: region as ScreenDefinition,
    open: 'nav',
    search: ['regionname', 'Qzreg'],
    row: (i) => ({ regioncode: `QZR${pad(i)}`, regionname: `Qzreg ${i}` }),
    record: { regioncode: 'QZR99', regionname: 'Qzreg Main' },
    invalid: [
      ['regioncode', 'qz-1', 'pattern.alphabetnumeric'],
      ['regioncode', 'QZR12345678', 'max.10'],
      ['regionname', INJECTION, 'pattern.alphanumericdashdotspace'],
    ],
    edit: { regionname: 'Qzreg Main West' },
  },
  {
    def: country as ScreenDefinition,
    open: 'route',
    search: ['countryname', 'Qzcountry'],
    row: (i) => ({ countrycode: COUNTRY_CODES[i - 1]!, countryname: `Qzcountry ${i}`, regioncode: 'QZFIX', countryphonecode: `+99${i}`, nationality: `Qzcountrian ${i}` }),
    record: { countrycode: 'QX', countryname: 'Qzcountry Main', regioncode: 'QZFIX', countryphonecode: '+998', nationality: 'Qzcountrian' },
    invalid: [
      ['countrycode', 'QXZ', 'len.2'],
      ['countrycode', 'qx', 'pattern.alphabet'],
      ['countryname', INJECTION, 'pattern.name'],
      ['countryphonecode', '99-1', 'pattern.phonenumber'],
      ['countryphonecode', '+1234567', 'max.6'],
    ],
    edit: { nationality: 'Qzcountrian Main' },
  },
  {
    def: state as ScreenDefinition,
    open: 'route',
    search: ['statename', 'Qzstate'],
    row: (i) => ({ statecode: `QZ-${pad(i)}`, statename: `Qzstate ${i}`, countrycode: 'XC' }),
    record: { statecode: 'QZ-99', statename: 'Qzstate Main', countrycode: 'XC' },
    invalid: [
      ['statecode', 'QZ_99', 'pattern.alphanumericdash'],
      ['statecode', 'QZ-9999', 'max.6'],
      ['statename', INJECTION, 'pattern.name'],
    ],
    edit: { statename: 'Qzstate Main South' },
  },
  {
    def: city as ScreenDefinition,
    open: 'nav',
    search: ['cityname', 'Qzcity'],
    row: (i) => ({ citycode: `QZC${pad(i)}`, cityname: `Qzcity ${i}`, countrycode: 'XA', statecode: 'QFN1' }),
    record: { citycode: 'QZC99', cityname: 'Qzcity Main', countrycode: 'XB', statecode: 'QFS1' },
    invalid: [
      ['citycode', 'qzc99', 'pattern.alphabetnumeric'],
      ['citycode', 'QZC12345678', 'max.10'],
      ['cityname', INJECTION, 'pattern.name'],
    ],
    edit: { cityname: 'Qzcity Main Port' },
    cascade: { XA: ['Qzfix North One', 'Qzfix North Two'], XB: ['Qzfix South One'] },
  },
  {
    def: airport as ScreenDefinition,
    open: 'route',
    search: ['airportname', 'Qzairport'],
    row: (i) => ({ airportiatacode: `QZ${letter(i)}`, airportname: `Qzairport ${i}`, cityname: 'Qzport Town', countrycode: 'XA' }),
    record: { airportiatacode: 'QZX', airportname: 'Qzairport Main', cityname: 'Qzport Town', countrycode: 'XB' },
    invalid: [
      ['airportiatacode', 'QZ', 'len.3'],
      ['airportiatacode', 'qzx', 'pattern.alphabet'],
      ['airportname', INJECTION, 'pattern.name'],
      ['cityname', 'Q'.repeat(101), 'max.100'],
    ],
    edit: { cityname: 'Qzport Harbour' },
  },
  {
    def: currency as ScreenDefinition,
    open: 'route',
    search: ['currencyname', 'Qzcurrency'],
    row: (i) => ({ currencycode: `QZ${letter(i)}`, currencyname: `Qzcurrency ${i}` }),
    record: { currencycode: 'QZX', currencyname: 'Qzcurrency Main' },
    invalid: [
      ['currencycode', 'QZXY', 'len.3'],
      ['currencycode', 'QZ1', 'pattern.alphabet'],
      ['currencyname', INJECTION, 'pattern.name'],
    ],
    edit: { currencyname: 'Qzcurrency Main Dollar' },
  },
  {
    def: generalConfiguration as ScreenDefinition,
    open: 'nav',
    search: ['key', 'QZ_CFG'],
    row: (i) => ({ key: `QZ_CFG_${pad(i)}`, value: `value ${i}`, description: `Qzcfg row ${i}` }),
    record: { key: 'QZ_CFG.MAIN', value: 'Qz main value', description: 'Qzcfg main' },
    invalid: [
      ['key', 'QZ CFG', 'pattern.alphanumericunderscoredot'],
      ['key', INJECTION, 'pattern.alphanumericunderscoredot'],
      ['key', 'Q'.repeat(61), 'max.60'],
      ['value', 'v'.repeat(4001), 'max.4000'],
      ['description', 'd'.repeat(201), 'max.200'],
    ],
    edit: { value: 'Qz changed value', active: false },
    advanced: ['active', 'No'],
  },
  {
    def: jobCatalogue as ScreenDefinition,
    open: 'route',
    search: ['jobname', 'Qzjob'],
    row: (i) => ({ jobcode: `QZJ${pad(i)}`, jobname: `Qzjob ${i}` }),
    record: { jobcode: 'QZJ99', jobname: 'Qzjob Main' },
    invalid: [
      ['jobcode', 'QZ-J', 'pattern.alphabetnumeric'],
      ['jobcode', 'QZJ12345678', 'max.10'],
      ['jobname', INJECTION, 'pattern.name'],
    ],
    edit: { jobname: 'Qzjob Main Pilot' },
  },
  {
    def: title as ScreenDefinition,
    open: 'nav',
    search: ['titlename', 'Qztitle'],
    row: (i) => ({ titlecode: `QZT${pad(i)}`, titlename: `Qztitle ${i}` }),
    record: { titlecode: 'QZT99', titlename: 'Qztitle Main' },
    invalid: [
      ['titlecode', 'qzt', 'pattern.alphabetnumeric'],
      ['titlename', `Qztitle ${'x'.repeat(30)}`, 'max.30'],
      ['titlename', INJECTION, 'pattern.name'],
    ],
    edit: { titlename: 'Qztitle Main Sir' },
  },
  {
    def: salutation as ScreenDefinition,
    open: 'route',
    search: ['salutationname', 'Qzsal'],
    row: (i) => ({ salutationcode: `QZSAL${pad(i)}`, salutationname: `Qzsal ${i}`, gender: 'MALE', langcode: 'qzf' }),
    record: { salutationcode: 'QZSAL99', salutationname: 'Qzsal Main', gender: 'FEMALE', langcode: 'qzf' },
    invalid: [
      ['salutationcode', 'QZSAL-1', 'pattern.alphabetnumeric'],
      ['salutationname', 'Q'.repeat(31), 'max.30'],
      ['salutationname', INJECTION, 'pattern.name'],
    ],
    edit: { gender: 'MALE' },
  },
  {
    def: hobbies as ScreenDefinition,
    open: 'route',
    search: ['hobbiesname', 'Qzhobby'],
    row: (i) => ({ hobbiesid: `QZHOBBY${pad(i)}`, hobbiesname: `Qzhobby ${i}` }),
    record: { hobbiesid: 'QZHOBBY99', hobbiesname: 'Qzhobby Main' },
    invalid: [
      ['hobbiesid', 'QZ_HOBBY', 'pattern.alphabetnumeric'],
      ['hobbiesid', 'Q'.repeat(21), 'max.20'],
      ['hobbiesname', INJECTION, 'pattern.name'],
    ],
    edit: { hobbiesname: 'Qzhobby Main Chess' },
  },
  {
    def: religion as ScreenDefinition,
    open: 'route',
    search: ['religionname', 'Qzfaith'],
    row: (i) => ({ religionid: `QZREL${pad(i)}`, religionname: `Qzfaith ${i}` }),
    record: { religionid: 'QZREL99', religionname: 'Qzfaith Main' },
    invalid: [
      ['religionid', 'qzrel', 'pattern.alphabetnumeric'],
      ['religionname', 'Q'.repeat(51), 'max.50'],
      ['religionname', INJECTION, 'pattern.name'],
    ],
    edit: { religionname: 'Qzfaith Main Way' },
  },
  {
    def: language as ScreenDefinition,
    open: 'nav',
    search: ['langname', 'Qzlang'],
    row: (i) => ({ langcode: LANGUAGE_CODES[i - 1]!, langname: `Qzlang ${i}` }),
    record: { langcode: 'qzm', langname: 'Qzlang Main' },
    invalid: [
      ['langcode', 'q', 'min.2'],
      ['langcode', 'qzmm', 'max.3'],
      ['langcode', 'q1', 'pattern.letter'],
      ['langname', INJECTION, 'pattern.name'],
    ],
    edit: { langname: 'Qzlang Main Speech' },
  },
];

// ---- what the definition says -----------------------------------------------------------------------

const MENUS = flattenMenus(tree as MenuTree);
const menuOf = (def: ScreenDefinition) => MENUS.find((m) => m.menucode === def.menucode)!;
/** 'region', 'general-configuration': the menu path's name, for screenshot files. */
const slug = (def: ScreenDefinition) => menuOf(def).path!.replace(/^\//, '');

const fieldOf = (def: ScreenDefinition, name: string) => def.fields.find((f) => f.name === name)!;
const isKey = (def: ScreenDefinition, f: FieldDefinition) => def.resource.key.includes(f.name);
const isChoice = (f: FieldDefinition) => !!(f.options || f.source) || f.type === 'boolean';
const searchMode = (f: FieldDefinition) => (f.search === undefined ? undefined : f.search === true ? 'normal' : (f.search.mode ?? 'normal'));
const normalSearch = (def: ScreenDefinition) => def.fields.filter((f) => searchMode(f) === 'normal');
const advancedSearch = (def: ScreenDefinition) => def.fields.filter((f) => searchMode(f) === 'advanced');
const columnsOf = (def: ScreenDefinition) => def.fields.filter((f) => !!f.column);
const formOf = (def: ScreenDefinition) => def.fields.filter((f) => !!f.form);
const requiredOf = (def: ScreenDefinition) => formOf(def).filter((f) => isKey(def, f) || (f.rules ?? []).includes('required'));
const hasStatus = (def: ScreenDefinition) => def.resource.status !== false && def.fields.some((f) => f.name === 'status');
/** Placeholders are bare nouns; a text input says 'Input …', a select 'Choose …'. */
const placeholderOf = (f: FieldDefinition, choice = isChoice(f)) => `${choice ? 'Choose' : 'Input'} ${f.placeholder ?? f.label}`;
/** Messages name the field by its placeholder noun, else its label. */
const messageLabel = (f: FieldDefinition) => f.placeholder ?? f.label;

/** The spec's message of one rule the field's definition declares. */
function ruleMessage(f: FieldDefinition, rule: string): string {
  expect(f.rules ?? [], `${f.name} declares ${rule}`).toContain(rule);
  const [kind, arg] = rule.split('.') as [string, string | undefined];
  if (kind === 'pattern' && arg && isPatternName(arg)) return formatMessage(PATTERN_MESSAGES[arg], { label: messageLabel(f) });
  return formatMessage(RULE_MESSAGES[kind as 'required' | 'min' | 'max' | 'len'], { label: messageLabel(f), n: Number(arg) });
}

/** A value as the table shows it. */
function display(f: FieldDefinition, value: Value | undefined): string {
  if (f.options) return f.options.find((o) => o.value === value)?.label ?? '';
  if (f.type === 'boolean') return value ? 'Yes' : 'No';
  if (f.source) return LABELS.get(value as string) ?? String(value);
  return value === undefined ? '' : String(value);
}

/** What a row shows in each column: the record's value, else the field's default. */
const shownRow = (def: ScreenDefinition, record: Row) =>
  columnsOf(def).map((f) => display(f, record[f.name] ?? (f.default as Value | undefined) ?? undefined));

// ---- the page ------------------------------------------------------------------------------------

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000 });
const search = (page: Page) => page.locator('.engine-search');
/** The search form's Clear button (a select holding a value has a 'Clear' icon button too). */
const clearButton = (page: Page) => search(page).locator('button.ant-btn').filter({ hasText: /^Clear$/ });
const drawer = (page: Page) => page.locator('.ant-drawer-open .ant-drawer-section');
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });
const statusTags = (page: Page) => page.locator('.ant-table-tbody .ant-tag').allInnerTexts();
const footer = (page: Page) => page.locator('.ant-pagination-total-text').innerText();
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
/** The data cells of the listed rows: No, then the definition's columns (a screen with bulk actions adds a checkbox cell first). */
const cells = (page: Page) => rows(page).locator('td:not(.ant-table-selection-column)');
/** The cell of a definition column in the only listed row (0 is the No column). */
const cellOf = (page: Page, def: ScreenDefinition, field: string) => cells(page).nth(columnsOf(def).findIndex((f) => f.name === field) + 1);
const texts = (locator: Locator) => locator.allInnerTexts().then((all) => all.map((t) => t.trim()).filter(Boolean));
/** The Form.Item around an input id, in the search form or the drawer. */
const formItem = (scope: Locator, id: string) => scope.locator('.ant-form-item').filter({ has: scope.page().locator(`[id="${id}"]`) }).last();

/** The placeholder an input or a select shows while empty. */
async function shownPlaceholder(scope: Locator, id: string): Promise<string> {
  const item = formItem(scope, id);
  const select = item.locator('.ant-select-placeholder');
  if (await select.count()) return select.innerText();
  return (await item.locator(`[id="${id}"]`).getAttribute('placeholder')) ?? '';
}

async function setFormField(page: Page, f: FieldDefinition, value: Value) {
  const input = drawer(page).locator(`[id="root_${f.name}"]`);
  if (f.type === 'boolean') {
    if ((await input.getAttribute('aria-checked')) !== String(value)) await input.click();
  } else if (isChoice(f)) await chooseOption(page, input, display(f, value));
  else await input.fill(String(value));
}

const fieldError = (page: Page, name: string) => drawer(page).locator(`[id="root_${name}__error"]`);

describe('the configuration screens in Chromium', () => {
  let rig: BrowserRig;
  let page: Page;
  let token: string;
  /** What the browser reported as an error over all the tests (a CSP refusal, a React key warning...). */
  const consoleErrors: string[] = [];

  /** Approves, through the API as the demo checker, the requests waiting for this record. */
  const approveAsChecker = async (recordkey: string) => {
    const checker = (await rig.server.login('checker')).body.result.bearer;
    const waiting = await rig.server.call('/api/my-approval/list', undefined, { token: checker, paging: { limit: 10, page: 1 }, parameter: { criteria: { record: `%${recordkey}%` } } });
    for (const { requestid } of waiting.body.result as { requestid: number }[]) {
      expect((await rig.server.call('/api/my-approval/approve', { requestid }, { token: checker })).body.status.responsecode).toBe('0000');
    }
  };
  const api = async (path: string, data: unknown) => {
    const answer = await rig.server.call(path, data, { token });
    expect(answer.body.status.responsecode, `${path} ${JSON.stringify(data)}: ${answer.body.status.responsemessage}`).toBe('0000');
    return answer.body;
  };
  /** How many records the list API finds. */
  const count = async (def: ScreenDefinition, criteria: Row = {}) =>
    (await rig.server.call(`/api/${def.resource.name}/list`, undefined, { token, paging: { limit: 1, page: 1 }, parameter: { criteria } })).body.paging!.totalrecord as number;
  /** The first page's footer over everything the screen lists. */
  const firstFooter = async (def: ScreenDefinition) => {
    const total = await count(def);
    return `1-${Math.min(PAGE_SIZE, total)} of ${total} items`;
  };

  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig();
    token = (await rig.server.login('admin')).body.result.bearer;
    for (const fixture of FIXTURES) await api(`/api/${fixture.resource}/create`, fixture.row);
    page = await rig.newPage();
    page.on('console', (message) => void (message.type() === 'error' && consoleErrors.push(message.text().slice(0, 300))));
    page.on('pageerror', (error) => void consoleErrors.push(error.message));
    await logIn(page, 'admin');
    await page.getByText('Dashboard').first().waitFor();
  });
  afterAll(async () => rig?.close());

  it('uses codes and names no seeded record has', async () => {
    for (const c of CASES) {
      const [field, value] = c.search;
      expect(await count(c.def, { [field]: `%${value}%` }), `${c.def.title} ${value}`).toBe(0);
      const key = c.def.resource.key[0]!;
      expect(await count(c.def, { [key]: c.record[key]! }), `${c.def.title} ${c.record[key]}`).toBe(0);
    }
  });

  describe.each(CASES.map((c) => ({ ...c, name: c.def.title })))('$name', (c) => {
    const { def } = c;
    const key = def.resource.key[0]!;
    const keyValue = c.record[key] as string;
    const [searchField, searchValue] = c.search;

    // A failed test leaves no drawer, dialog or list open for the next one (or for its own retry): the
    // screen is opened afresh, and what the failure looked like is kept for reading.
    afterEach(async ({ task }) => {
      if (task.result?.state !== 'fail') return;
      await page.screenshot({ path: `${screenshotDir}/failed-${slug(def)}.png` }).catch(() => undefined);
      await startClean(page, menuOf(def).path!);
      await poll(() => footer(page)).toMatch(/ of \d+ items$/);
    });

    /** Clear, then search with these values (text typed, choices picked by their label), and wait for the footer. */
    async function searchWith(values: Record<string, string>, expected: string) {
      await clearButton(page).click();
      await poll(() => footer(page)).toBe(await firstFooter(def));
      for (const [name, value] of Object.entries(values)) {
        const input = search(page).locator(`[id="${name}"]`);
        if (isChoice(fieldOf(def, name))) await chooseOption(page, input, value);
        else await input.fill(value);
      }
      await search(page).locator('button[type="submit"]').click();
      await poll(() => footer(page)).toBe(expected);
    }

    /** The list as the create test leaves it (a search by the record's key): rebuilt if a failure lost it. */
    async function listOnlyTheRecord() {
      if (new URL(page.url()).searchParams.get(key) === keyValue && (await footer(page)) === '1-1 of 1 items') return;
      await searchWith({ [key]: keyValue }, '1-1 of 1 items');
    }

    it(`opens ${c.open === 'nav' ? 'from the navigation' : 'by its route'} with the title, the first page, columns and search labels of the definition`, async () => {
      // Rows a failed first try already made are not made twice.
      for (let i = 1; i <= API_ROWS; i++) if ((await count(def, { [key]: c.row(i)[key]! })) === 0) await api(`/api/${def.resource.name}/create`, c.row(i));
      if (def.menucode === 'SALUT') await api('/api/salutation/setdefault', { salutationcode: c.row(1).salutationcode });
      const menu = menuOf(def);
      if (c.open === 'nav') {
        // The last screen's toasts sit over the menus' popups until they go.
        await poll(() => page.locator('.ant-message-notice').count()).toBe(0);
        const [top, ...groups] = menu.groupPath;
        await page.locator('.app-nav').getByRole('menuitem', { name: top, exact: true }).hover();
        // Each popup is used once it has finished opening.
        for (const group of groups) {
          const item = page.getByRole('menuitem', { name: group, exact: true });
          await settled(item);
          await item.hover();
        }
        const item = page.getByRole('menuitem', { name: menu.label, exact: true });
        await settled(item);
        await item.click();
        await poll(() => new URL(page.url()).pathname).toBe(menu.path);
      } else {
        await page.goto(menu.path!);
      }
      await poll(() => page.title()).toBe(`${def.title} | ${APP_TITLE}`);
      await poll(() => footer(page)).toBe(await firstFooter(def));
      expect(await rows(page).count()).toBe(PAGE_SIZE);
      expect(await page.locator('.engine-toolbar h4').innerText()).toBe(def.title);
      expect(await texts(page.locator('.ant-table-thead th'))).toEqual(['No', ...columnsOf(def).map((f) => f.label), 'Action']);
      expect(await texts(search(page).locator('.ant-form-item-label label'))).toEqual(normalSearch(def).map((f) => f.label));
      for (const f of normalSearch(def)) expect(await shownPlaceholder(search(page), f.name), f.name).toBe(placeholderOf(f));
      await page.screenshot({ path: `${screenshotDir}/${slug(def)}-list.png`, animations: 'disabled' });
    });

    it('refuses an injection-looking search text, then finds the test rows with a contains match over two pages, and clears', async () => {
      const f = fieldOf(def, searchField);
      expect(searchMode(f)).toBe('normal');
      const input = search(page).locator(`[id="${searchField}"]`);
      await input.fill(INJECTION);
      await search(page).locator('button[type="submit"]').click();
      await poll(() => texts(formItem(search(page), searchField).locator('.ant-form-item-explain-error'))).toEqual([
        formatMessage(PATTERN_MESSAGES.preventsql, { label: messageLabel(f) }),
      ]);
      expect(new URL(page.url()).searchParams.has(searchField)).toBe(false);
      // A value from the middle of the names, in the other case: a contains match, case-insensitive.
      const inner = searchValue.slice(1).toLowerCase() === searchValue.slice(1) ? searchValue.slice(1).toUpperCase() : searchValue.slice(1).toLowerCase();
      await input.fill(inner);
      await search(page).locator('button[type="submit"]').click();
      await poll(() => footer(page)).toBe(`1-${PAGE_SIZE} of ${API_ROWS} items`);
      expect(new URL(page.url()).searchParams.get(searchField)).toBe(inner);
      expect(await rows(page).count()).toBe(PAGE_SIZE);
      await page.locator('.ant-pagination-item-2').click();
      await poll(() => footer(page)).toBe(`${PAGE_SIZE + 1}-${API_ROWS} of ${API_ROWS} items`);
      expect(new URL(page.url()).searchParams.get('page')).toBe('2');
      expect(await rows(page).count()).toBe(1);
      expect(await cells(page).first().innerText()).toBe(String(API_ROWS));
      await clearButton(page).click();
      await poll(() => footer(page)).toBe(await firstFooter(def));
      expect(new URL(page.url()).search).toBe('');
      expect(await input.inputValue()).toBe('');
    });

    if (c.cascade) {
      it('filters the dependent select by the parent chosen in the form, and clears it when the parent changes', async () => {
        const child = formOf(def).find((f) => f.source?.dependsOn)!;
        const parent = fieldOf(def, child.source!.dependsOn!.field);
        await page.getByRole('button', { name: 'Create' }).click();
        const childInput = drawer(page).locator(`[id="root_${child.name}"]`);
        const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
        await childInput.click();
        await poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(1);
        expect(await options.count(), 'no options before the parent is chosen').toBe(0);
        await page.keyboard.press('Escape');
        let chosen: string | undefined;
        for (const [parentValue, labels] of Object.entries(c.cascade!)) {
          await chooseOption(page, drawer(page).locator(`[id="root_${parent.name}"]`), display(parent, parentValue));
          if (chosen) expect(await formItem(drawer(page), `root_${child.name}`).locator('.ant-select-placeholder').innerText(), 'child cleared').toBe(placeholderOf(child));
          await childInput.click();
          await poll(() => texts(options)).toEqual(labels);
          chosen = labels[0]!;
          await chooseOption(page, childInput, chosen);
        }
        await drawer(page).getByRole('button', { name: 'Cancel' }).click();
        await poll(() => page.locator('.ant-drawer-open').count()).toBe(0);
      });
    }

    it('refuses a missing, too long, wrongly patterned or injection-looking value with the rule message on its field, storing nothing', async () => {
      await page.getByRole('button', { name: 'Create' }).click();
      await poll(() => drawer(page).locator('.ant-drawer-title').innerText()).toBe(`Create ${def.title}`);
      await drawer(page).locator('form').waitFor();
      expect(await texts(drawer(page).locator('.ant-form-item-label label'))).toEqual(formOf(def).map((f) => f.label));
      // Every field starts empty with its placeholder, a choice of fixed options without a default too.
      const empty = formOf(def).filter((f) => f.type !== 'boolean');
      for (const f of empty) expect(await shownPlaceholder(drawer(page), `root_${f.name}`), f.name).toBe(placeholderOf(f));
      // A switch starts at its declared default.
      for (const f of formOf(def).filter((f) => f.type === 'boolean' && f.default !== undefined)) {
        expect(await drawer(page).locator(`[id="root_${f.name}"]`).getAttribute('aria-checked'), f.name).toBe(String(f.default));
      }
      // Nothing filled: every required field says so, and only those.
      await drawer(page).getByRole('button', { name: 'Save' }).click();
      const required = requiredOf(def);
      const requiredMessage = (f: FieldDefinition) => formatMessage(RULE_MESSAGES.required, { label: messageLabel(f) });
      await poll(() => texts(drawer(page).locator('.ant-form-item-explain-error'))).toEqual(required.map(requiredMessage));
      for (const f of required) expect(await fieldError(page, f.name).innerText()).toBe(requiredMessage(f));
      // A valid record but for one field at a time.
      for (const f of formOf(def)) if (c.record[f.name] !== undefined) await setFormField(page, f, c.record[f.name]!);
      await poll(() => drawer(page).locator('.ant-form-item-explain-error').count()).toBe(0);
      for (const [index, [name, value, rule]] of c.invalid.entries()) {
        const f = fieldOf(def, name);
        await drawer(page).locator(`[id="root_${name}"]`).fill(value);
        await drawer(page).getByRole('button', { name: 'Save' }).click();
        await poll(() => texts(drawer(page).locator('.ant-form-item-explain-error'))).toEqual([ruleMessage(f, rule)]);
        expect(await fieldError(page, name).innerText()).toBe(ruleMessage(f, rule));
        if (index === c.invalid.length - 1) await page.screenshot({ path: `${screenshotDir}/${slug(def)}-form.png`, animations: 'disabled' });
        await setFormField(page, f, c.record[name]!);
        await poll(() => drawer(page).locator('.ant-form-item-explain-error').count()).toBe(0);
      }
      expect(await page.locator('.ant-drawer-open').count()).toBe(1);
      expect(await count(def, { [key]: keyValue })).toBe(0);
      for (const [name, value] of c.invalid) if (isKey(def, fieldOf(def, name))) expect(await count(def, { [key]: value })).toBe(0);
    });

    it('creates the valid record, which a search by its key finds with its values', async () => {
      // The form the previous test left filled in, or (after a failure there) a new one.
      if ((await page.locator('.ant-drawer-open').count()) === 0) {
        await page.getByRole('button', { name: 'Create' }).click();
        await drawer(page).locator('form').waitFor();
        for (const f of formOf(def)) if (c.record[f.name] !== undefined) await setFormField(page, f, c.record[f.name]!);
      }
      await drawer(page).getByRole('button', { name: 'Save' }).click();
      await poll(() => toast(page, 'Data has been created').count()).toBeGreaterThan(0);
      await poll(() => page.locator('.ant-drawer-open').count()).toBe(0);
      expect(await count(def, { [key]: keyValue })).toBe(1);
      await searchWith({ [key]: keyValue }, '1-1 of 1 items');
      await poll(async () => (await cells(page).allInnerTexts()).slice(1, 1 + columnsOf(def).length)).toEqual(shownRow(def, c.record));
    });

    it('edits a non-key field with the key read-only', async () => {
      await listOnlyTheRecord();
      await page.getByRole('button', { name: 'Edit' }).click();
      await poll(() => drawer(page).locator('.ant-drawer-title').innerText()).toBe(`Edit ${def.title}`);
      await poll(() => drawer(page).locator(`[id="root_${key}"]`).inputValue()).toBe(keyValue);
      expect(await drawer(page).locator(`[id="root_${key}"]`).isDisabled()).toBe(true);
      for (const [name, value] of Object.entries(c.edit)) await setFormField(page, fieldOf(def, name), value);
      await drawer(page).getByRole('button', { name: 'Save' }).click();
      if (def.approval?.actions.includes('update')) {
        // Maker-checker: the edit waits as a request; the row shows it once the demo checker approves it.
        await poll(() => toast(page, APPROVAL_TEXTS.submitted).count()).toBeGreaterThan(0);
        await poll(() => page.locator('.ant-drawer-open').count()).toBe(0);
        expect((await cells(page).allInnerTexts()).slice(1, 1 + columnsOf(def).length)).toEqual(shownRow(def, c.record));
        await approveAsChecker(keyValue);
        await search(page).locator('button[type="submit"]').click();
      } else {
        await poll(() => toast(page, 'Data has been updated').count()).toBeGreaterThan(0);
        await poll(() => page.locator('.ant-drawer-open').count()).toBe(0);
      }
      await poll(async () => (await cells(page).allInnerTexts()).slice(1, 1 + columnsOf(def).length)).toEqual(shownRow(def, { ...c.record, ...c.edit }));
    });

    const setDefault = def.actions.find((a) => typeof a === 'object' && a.set && a.exclusiveBy);
    if (setDefault && typeof setDefault === 'object') {
      it(`runs ${setDefault.label} with its confirmation, taking it from the group's former default`, async () => {
        const flag = Object.keys(setDefault.set!)[0]!;
        const formerDefault = c.row(1);
        await listOnlyTheRecord();
        expect((await api(`/api/${def.resource.name}/detail`, { [key]: formerDefault[key] })).result[flag]).toBe(true);
        await page.getByRole('button', { name: setDefault.label }).click();
        await answerYes(page, `Are you sure to ${setDefault.label.toLowerCase()} this data?`);
        await poll(() => cellOf(page, def, flag).innerText()).toBe('Yes');
        expect((await api(`/api/${def.resource.name}/detail`, { [key]: formerDefault[key] })).result[flag]).toBe(false);
        // Advance Search by the flag: of the test's rows only this one is the default now.
        await page.getByRole('button', { name: 'Advance Search' }).click();
        await searchWith({ [searchField]: searchValue, [flag]: 'Yes' }, '1-1 of 1 items');
        expect(await cellOf(page, def, key).innerText()).toBe(keyValue);
        await page.getByRole('button', { name: 'Advance Search' }).click();
        await searchWith({ [key]: keyValue }, '1-1 of 1 items');
      });
    }

    if (hasStatus(def)) {
      it('deactivates with the confirmation text', async () => {
        await listOnlyTheRecord();
        expect(await statusTags(page)).toEqual(['Active']);
        await page.getByRole('button', { name: 'Deactivate' }).click();
        await answerYes(page, 'Are you sure to deactivate this data?');
        await poll(() => statusTags(page)).toEqual(['Inactive']);
        await poll(() => toast(page, 'Data has been deactivated').count()).toBeGreaterThan(0);
        expect(await page.getByRole('button', { name: 'Activate' }).count()).toBe(1);
      });
    }

    it('shows the advanced-only fields with Advance Search and finds the record by one of them', async () => {
      const [advancedField, option] = c.advanced ?? ['status', fieldOf(def, 'status').options!.find((o) => o.value === 'INACTIVE')!.label];
      expect(searchMode(fieldOf(def, advancedField))).toBe('advanced');
      await page.getByRole('button', { name: 'Advance Search' }).click();
      const labels = [...normalSearch(def), ...advancedSearch(def)].map((f) => f.label);
      await poll(() => texts(search(page).locator('.ant-form-item-label label'))).toEqual(labels);
      expect(new URL(page.url()).searchParams.get('adv')).toBe('1');
      for (const f of advancedSearch(def)) expect(await shownPlaceholder(search(page), f.name), f.name).toBe(placeholderOf(f, isChoice(f)));
      await searchWith({ [searchField]: searchValue, [advancedField]: option }, '1-1 of 1 items');
      expect(await cellOf(page, def, key).innerText()).toBe(keyValue);
      await page.screenshot({ path: `${screenshotDir}/${slug(def)}-advanced.png`, animations: 'disabled' });
      await page.getByRole('button', { name: 'Advance Search' }).click();
      await poll(() => texts(search(page).locator('.ant-form-item-label label'))).toEqual(normalSearch(def).map((f) => f.label));
      await clearButton(page).click();
      await poll(() => footer(page)).toBe(await firstFooter(def));
      expect(new URL(page.url()).search).toBe('');
    });
  });

  it('leaves no error in the browser console over all the screens', () => {
    expect(consoleErrors).toEqual([]);
  });
});
