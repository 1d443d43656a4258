// Record pages as data: the cross checks `npm run validate` makes of a list screen's "record" (sections,
// function codes, visibleWhen, child tables, views, the menu's route), each naming file and JSON path,
// and the pure helpers the browser and the server share (section screens, visibility, summaries).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import realTree from '../../screens/menu-tree.json';
import realSelectors from '../../screens/selectors.json';
import { checkDefinitions } from '../../engine/definition/checkDefinitions';
import type { DefinitionFiles } from '../../engine/definition/definitionFiles';
import { formFields, screenFunctionSuffixes, validateRecord } from '../../engine/definition/compile';
import { flattenMenus, type MenuItem, type MenuTree } from '../../engine/definition/menuTree';
import {
  childCriteria,
  createFormScreen,
  pickedField,
  recordPagePath,
  sectionScreen,
  summaryFieldNames,
  visibleSections,
} from '../../engine/definition/recordPage';
import type { RecordSection, ScreenDefinition, SelectorCatalogue } from '../../engine/definition/screen';
import { REGISTERED_VIEWS } from '../../engine/definition/views';
import { screenFiles } from '../../server/platform/definitions';

const PROMO = 'screens/catalog/promo-manage-catalog.json';
const TIER = 'screens/tier-management/tier.json';
const GROUP = 'screens/partner-management/partner-group.json';
const MAILING = 'screens/mailing-product/mailing-product.json';

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const real: DefinitionFiles = {
  tree: realTree as MenuTree,
  screens: screenFiles().map((file) => ({ file, screen: readJson<ScreenDefinition>(file) })),
  selectors: realSelectors as SelectorCatalogue,
};
const screenOf = (file: string) => real.screens.find((s) => s.file === file)!.screen as ScreenDefinition;

type Editable = DefinitionFiles & { screen(file: string): ScreenDefinition; menu(code: string): MenuItem };

/** The problems of the record-page checks on a copy of the real definitions with one thing changed. */
function problemsWith(change: (defs: Editable) => void): string[] {
  const defs = structuredClone(real) as Editable;
  defs.screen = (file) => defs.screens.find((s) => s.file === file)!.screen as ScreenDefinition;
  defs.menu = (code) => {
    let found: MenuItem | undefined;
    const visit = (nodes: MenuTree['items']) => nodes.forEach((n) => ('children' in n ? visit(n.children) : n.menucode === code && (found = n)));
    visit(defs.tree.items);
    return found!;
  };
  change(defs);
  return checkDefinitions(defs);
}

const sections = (file: string) => screenOf(file).record!.sections;
const sectionAt = (file: string, key: string) => sections(file).findIndex((s) => s.key === key);

describe('the real record pages', () => {
  it('pass every cross check', () => {
    expect(checkDefinitions(real)).toEqual([]);
  });

  it('are the forms spec 000 §2 names, with their sections, labels and function codes (spec 000 §6)', () => {
    expect(sections(PROMO).map((s) => [s.key, s.label, s.function])).toEqual([
      ['basic-info', 'Basic Info', 'PRMANCT_ACCESS'],
      ['member-criteria', 'Member Criteria', 'PRMEMCR_ACCESS'],
      ['air-criteria', 'Air Criteria', 'PRMACR_ACCESS'],
      ['nonair-criteria', 'Non-Air Criteria', 'PRMNACR_ACCESS'],
      ['bonus-activity', 'Bonus Activity Code', 'PRMNBACC_ACCESS'],
    ]);
    expect(sections(MAILING).map((s) => [s.key, s.label, s.function])).toEqual([
      ['basic-info', 'Basic Info', 'PRMCT_UPDATE'],
      ['price', 'Price', 'PRMCT_UPDATE'],
      ['vendor', 'Vendor', 'PRMCT_UPDATE'],
      ['cancel-update-fee', 'Cancel / Update Fee', 'PRMCT_UPDATE'],
    ]);
    const routes = new Map(flattenMenus(realTree as MenuTree).map((m) => [m.menucode, m.routes?.map((r) => r.path)]));
    expect(routes.get('PRMANCT')).toContain('/promo-manage-catalog/form/:promocode/:section?');
    expect(routes.get('PRMCT')).toContain('/mailing-product/form/:mailingproductcode/:section?');
  });
});

describe('checkRecordPages', () => {
  it('reports a section function code the function catalogue does not have', () => {
    const i = sectionAt(PROMO, 'member-criteria');
    expect(problemsWith((d) => (d.screen(PROMO).record!.sections[i]!.function = 'PRMEMCR_UPDATE'))).toEqual([
      `${PROMO}: record.sections[${i}].function: unknown function code "PRMEMCR_UPDATE" (not among the menu tree's function codes)`,
    ]);
  });

  it('reports section fields that do not exist, are the key, or sit in two sections, and form fields no section lists', () => {
    const bonus = sectionAt(PROMO, 'bonus-activity');
    const basicIndex = sectionAt(PROMO, 'basic-info');
    const fieldIndex = screenOf(PROMO).fields.findIndex((f) => f.name === 'bonusvalue');
    expect(
      problemsWith((d) => {
        const list = d.screen(PROMO).record!.sections[bonus]!.fields!;
        list.push('bonusvalu', 'promocode', 'name');
      }),
    ).toEqual([
      `${PROMO}: record.sections[${bonus}].fields[4]: unknown field "bonusvalu"`,
      `${PROMO}: record.sections[${bonus}].fields[5]: "promocode" is the record's key: it travels with every section, list it in none`,
      `${PROMO}: record.sections[${bonus}].fields[6]: field "name" is also in record.sections[${basicIndex}] (each field is saved by one section)`,
    ]);
    expect(
      problemsWith((d) => {
        d.screen(PROMO).record!.sections[bonus]!.fields = ['bonusactivitycode', 'bonustype', 'milestype'];
        d.screen(PROMO).fields[fieldIndex]!.form = true;
      }),
    ).toEqual([`${PROMO}: fields[${fieldIndex}].form: field "bonusvalue" has a form placement, but no section of record.sections lists it`]);
  });

  it('reports duplicate sections, an empty section, a first section that cannot create, and an unknown visibleWhen field', () => {
    const air = sectionAt(PROMO, 'air-criteria');
    expect(
      problemsWith((d) => {
        const list = d.screen(PROMO).record!.sections;
        list.push({ key: 'air-criteria', label: 'Again' } as RecordSection);
        list[air]!.visibleWhen = { field: 'kind', equals: 'AIR' };
        list[0]!.visibleWhen = { field: 'promotiontype', equals: 'AIR' };
      }),
    ).toEqual([
      `${PROMO}: record.sections[0]: the first section creates the record: it needs fields and no visibleWhen`,
      `${PROMO}: record.sections[${air}].visibleWhen.field: unknown field "kind"`,
      `${PROMO}: record.sections[5].key: duplicate section "air-criteria" (also record.sections[${air}])`,
      `${PROMO}: record.sections[5]: a section shows fields, a child table or a view: declare at least one`,
    ]);
  });

  it('reports a view that is not registered', () => {
    const vendor = sectionAt(MAILING, 'vendor');
    expect(problemsWith((d) => (d.screen(MAILING).record!.sections[vendor]!.view = 'vendor-card' as never))).toEqual([
      `${MAILING}: record.sections[${vendor}].view: unknown view "vendor-card" (registered views: ${REGISTERED_VIEWS.join(', ')})`,
    ]);
  });

  it("reports the menu route a record page needs, a composite key, and an 'update' action", () => {
    expect(problemsWith((d) => (d.menu('TIER').routes = []))).toEqual([`${TIER}: record: menu "TIER" must declare the route "/tier/form/:tierid/:section?" in screens/menu-tree.json`]);
    expect(problemsWith((d) => d.screen(TIER).actions.push('update'))).toEqual([
      `${TIER}: actions[6]: a record page saves each section on its own: declare no "update" (sections save with their function code, <menucode>_UPDATE by default)`,
    ]);
    expect(problemsWith((d) => d.screen(TIER).resource.key.push('status'))).toEqual([`${TIER}: record: a record page needs a one-field key (its address is <menu path>/form/{key}/{section})`]);
  });

  it('reports child tables: unknown screen, parent key fields on either side, a parent key without a selector over the parent', () => {
    const at = sectionAt(TIER, 'tier-duration');
    expect(problemsWith((d) => (d.screen(TIER).record!.sections[at]!.child!.screen = 'TIERDURX'))).toEqual([`${TIER}: record.sections[${at}].child.screen: unknown list screen "TIERDURX"`]);
    expect(problemsWith((d) => (d.screen(TIER).record!.sections[at]!.child!.parentKey = { durationmonths: 'tierid', tierid: 'tieridx' }))).toEqual([
      `${TIER}: record.sections[${at}].child.parentKey.durationmonths: "durationmonths" is not a key field of screens/tier-management/tier-duration.json (a child's key includes its parent's key)`,
      `${TIER}: record.sections[${at}].child.parentKey.tierid: unknown field "tieridx"`,
    ]);
    const child = 'screens/tier-management/tier-duration.json';
    expect(problemsWith((d) => (d.screen(child).fields[0]!.source = { selector: 'membership' }))).toEqual([
      `${TIER}: record.sections[${at}].child.parentKey.tierid: "tierid" of ${child} needs a source selector over resource "tier", so a parent with children cannot be deleted`,
    ]);
  });

  it('reports a pick list without one picked field with a selector, or without createbulk and delete', () => {
    const at = sectionAt(GROUP, 'partners');
    const member = 'screens/partner-management/partner-group-member.json';
    expect(problemsWith((d) => (d.screen(member).actions = ['create', 'view']))).toEqual([
      `${GROUP}: record.sections[${at}].child.mode: a pick list adds with "createbulk" and removes with "delete": ${member} must declare both`,
    ]);
    expect(problemsWith((d) => delete d.screen(member).fields[1]!.source)).toEqual([
      `${GROUP}: record.sections[${at}].child.mode: the picked field "partnercode" of ${member} needs a source selector to pick from`,
    ]);
  });

  it("reports a child screen whose file is not where the browser loads its menu's page from", () => {
    const at = sectionAt(GROUP, 'partners');
    const moved = 'screens/partner-management/group-member.json';
    expect(
      problemsWith((d) => {
        d.screens.find((s) => s.file === 'screens/partner-management/partner-group-member.json')!.file = moved;
      }),
    ).toEqual([
      `${GROUP}: record.sections[${at}].child.screen: the page of menu "PARTNERGRPM" must be screens/partner-management/partner-group-member.json (the browser loads it from there), not ${moved}`,
    ]);
  });
});

describe('record page helpers', () => {
  const promo = screenOf(PROMO);
  const all = () => true;

  it('shows the sections a user may open whose visibleWhen holds: air criteria for AIR, non-air otherwise', () => {
    expect(visibleSections(promo, { promotiontype: 'AIR' }, all).map((s) => s.key)).toEqual(['basic-info', 'member-criteria', 'air-criteria', 'bonus-activity']);
    expect(visibleSections(promo, { promotiontype: 'NON_AIR' }, all).map((s) => s.key)).toEqual(['basic-info', 'member-criteria', 'nonair-criteria', 'bonus-activity']);
    expect(visibleSections(promo, { promotiontype: 'AIR' }, (code) => code !== 'PRMEMCR_ACCESS').map((s) => s.key)).toEqual(['basic-info', 'air-criteria', 'bonus-activity']);
  });

  it('makes each section a screen of its own: the key editable only in the first, the section rules only', () => {
    const basic = createFormScreen(promo);
    expect(formFields(basic, 'create').map((f) => f.field.name)).toEqual(['promocode', 'name', 'promotiontype', 'startdate', 'enddate', 'description']);
    expect(validateRecord(basic, { promocode: 'P1', name: 'Promo', promotiontype: 'AIR', startdate: '2026-01-01', enddate: '2026-02-01' }, 'create')).toEqual({});
    const bonus = sectionScreen(promo, promo.record!.sections[4]!);
    expect(formFields(bonus, 'edit').map((f) => f.field.name)).toEqual(['bonusactivitycode', 'bonustype', 'bonusvalue', 'milestype']);
    expect(Object.keys(validateRecord(bonus, { promocode: 'P1' }, 'edit'))).toEqual(['bonusactivitycode', 'bonustype', 'bonusvalue']);
  });

  it('summarises a record by key, columns, search fields and the fields sections depend on', () => {
    expect([...summaryFieldNames(promo)].sort()).toEqual(['enddate', 'name', 'promocode', 'promotiontype', 'startdate', 'status']);
  });

  it('gives section addresses, child criteria and the picked field of a pick list', () => {
    expect(recordPagePath('/promo-manage-catalog', 'DOUBLE/26', 'air-criteria')).toBe('/promo-manage-catalog/form/DOUBLE%2F26/air-criteria');
    const group = screenOf(GROUP);
    const child = group.record!.sections[1]!.child!;
    expect(childCriteria(child, { partnergroupcode: 'BANKS', partnergroupname: 'Banks' })).toEqual({ partnergroupcode: 'BANKS' });
    expect(pickedField(screenOf('screens/partner-management/partner-group-member.json'), child)?.name).toBe('partnercode');
  });

  it('gives a record page whose sections have no code of their own the UPDATE function', () => {
    expect(screenFunctionSuffixes(screenOf(TIER))).toContain('UPDATE');
    expect(screenFunctionSuffixes(promo)).not.toContain('UPDATE');
  });
});
