// The approval page kind in the engine: the list screen an approval page is, the change a request shows,
// which requests a page covers, its function codes, the validator's cross checks of maker-checker, and how a
// request's record is named.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import realTree from '../../screens/menu-tree.json';
import realSelectors from '../../screens/selectors.json';
import { APPROVE_ACTION, REJECT_ACTION, approvalScreen, pageCovers, requestChanges } from '../../engine/definition/approvals';
import { buildCatalogue, functionCatalogue } from '../../engine/definition/catalogue';
import { checkDefinitions } from '../../engine/definition/checkDefinitions';
import type { DefinitionFiles } from '../../engine/definition/definitionFiles';
import { confirmationText, searchFields, tableColumns } from '../../engine/definition/compile';
import { RECORD_NAME_MAX, fillName, joinNames, namingScreen, recordNameParts, shownRecord } from '../../engine/definition/recordNames';
import type { MenuTree } from '../../engine/definition/menuTree';
import type { ApprovalPage, PageDefinition, ScreenDefinition, SelectorCatalogue } from '../../engine/definition/screen';
import { screenFiles } from '../../server/platform/definitions';

const GENCONF = 'screens/basic-configuration/general-configuration.json';
const MY_APPROVAL = 'screens/approval/my-approval.json';
const BUY_MILEAGE = 'screens/approval/approval-buy-mileage.json';

const real: DefinitionFiles = {
  tree: realTree as MenuTree,
  screens: screenFiles().map((file) => ({ file, screen: JSON.parse(readFileSync(file, 'utf8')) as PageDefinition })),
  selectors: realSelectors as SelectorCatalogue,
};
const catalogue = buildCatalogue(real.tree, real.screens.map((s) => s.screen), real.selectors);
const pageOf = (file: string) => real.screens.find((s) => s.file === file)!.screen;

/** The problems of a copy of the real definitions with one thing changed. */
function problemsWith(change: (page: (file: string) => PageDefinition, defs: DefinitionFiles) => void): string[] {
  const defs = structuredClone(real);
  change((file) => defs.screens.find((s) => s.file === file)!.screen, defs);
  return checkDefinitions(defs);
}

describe('an approval page as a list screen', () => {
  const myApproval = approvalScreen(pageOf(MY_APPROVAL) as ApprovalPage, catalogue);
  const buyMileage = approvalScreen(pageOf(BUY_MILEAGE) as ApprovalPage, catalogue);

  it('is served at its menu path, over the approval requests, with View, Approve and Reject', () => {
    expect(myApproval.resource).toEqual({ name: 'my-approval', table: 'approval_request', key: ['requestid'], status: false });
    expect(buyMileage.resource.name).toBe('approval-buy-mileage');
    expect(myApproval.actions).toEqual(['view', APPROVE_ACTION, REJECT_ACTION]);
    // Spec 000 §4: both decisions ask the rating/reject text.
    expect(confirmationText(APPROVE_ACTION)).toBe('Are you sure to rating/reject this data?');
    expect(confirmationText(REJECT_ACTION)).toBe('Are you sure to rating/reject this data?');
    expect(REJECT_ACTION.reason).toBe(true);
  });

  it('shares one list of request fields; the menu and action choices are the page\'s', () => {
    expect(tableColumns(myApproval).map((c) => c.field.label)).toEqual(['Request ID', 'Menu', 'Requested Action', 'Record', 'Requested By', 'Request Date', 'Status']);
    expect(tableColumns(buyMileage).map((c) => c.field.label)).toEqual(tableColumns(myApproval).map((c) => c.field.label));
    const menu = myApproval.fields.find((f) => f.name === 'menucode')!;
    expect(menu.options).toContainEqual({ value: 'GENCONF', label: 'General Configuration' });
    expect(menu.options).toContainEqual({ value: 'MERACC', label: 'Merging Account' });
    // A page of one menu and one action offers neither as a search.
    expect(searchFields(buyMileage).map((s) => s.field.name)).toEqual(['record', 'requestedby', 'requestdate']);
    expect(searchFields(myApproval).map((s) => [s.field.name, s.mode, s.exact])).toEqual([
      ['menucode', 'normal', true],
      ['action', 'normal', true],
      ['record', 'normal', false],
      ['requestedby', 'advanced', false],
      ['requestdate', 'advanced', true],
    ]);
    expect(buyMileage.fields.find((f) => f.name === 'action')!.options).toEqual([{ value: 'buy-mileage', label: 'Buy Mileage' }]);
  });

  it("offers the Definition Studio's menu and its publish and rollback requests on My Approval", () => {
    expect(myApproval.fields.find((f) => f.name === 'menucode')!.options).toContainEqual({ value: 'DEFSTUDIO', label: 'Definition Studio' });
    const actions = myApproval.fields.find((f) => f.name === 'action')!.options;
    expect(actions).toContainEqual({ value: 'publish', label: 'Publish' });
    expect(actions).toContainEqual({ value: 'rollback', label: 'Rollback' });
  });

  it('covers the requests of its menus and actions; My Approval covers all', () => {
    const page = pageOf(BUY_MILEAGE) as ApprovalPage;
    expect(pageCovers(page, { menucode: 'MEMBER', action: 'buy-mileage' })).toBe(true);
    expect(pageCovers(page, { menucode: 'MEMBER', action: 'redemption' })).toBe(false);
    expect(pageCovers(page, { menucode: 'GENCONF', action: 'buy-mileage' })).toBe(false);
    expect(pageCovers(pageOf(MY_APPROVAL) as ApprovalPage, { menucode: 'GENCONF', action: 'update' })).toBe(true);
  });

  it('gives every approval menu its APPROVE and REJECT function codes (the Role screen lists them)', () => {
    const codes = functionCatalogue(catalogue).map((f) => f.functioncode);
    for (const menu of ['MYAPPR', 'APPRBML', 'APPRRED', 'APPRUPD', 'APPRCAN', 'APPRCORP', 'APPRCEMP', 'MERACCAPR', 'RETCAPR', 'RETCAPRSKY', 'RETCAPRSTA', 'RETCAPROW']) {
      expect(codes, menu).toEqual(expect.arrayContaining([`${menu}_ACCESS`, `${menu}_APPROVE`, `${menu}_REJECT`]));
    }
    // The menu tree's own functions stay.
    expect(codes).toEqual(expect.arrayContaining(['APPRUPD_UPDATE', 'APPRUPD_REQUPDATE', 'APPRCAN_CANCEL', 'APPRCAN_REQCANCEL']));
  });
});

describe('the change a request shows', () => {
  it('a JSON text (a definition) as written, to be compared line by line', () => {
    const definition: ScreenDefinition = { schemaVersion: 1, menucode: 'DEFSTUDIO', title: 'Definition Studio', resource: { name: 'definition_version', key: ['definitionkey'] }, fields: [{ name: 'content', label: 'Definition', format: 'json' }], actions: [] };
    const now = '{\n  "title": "Country"\n}';
    const next = '{\n  "title": "Countries"\n}';
    expect(requestChanges(definition, { content: now }, { content: next })).toEqual([{ field: 'content', label: 'Definition', current: now, proposed: next, text: true }]);
    expect(requestChanges(definition, { content: now }, { content: now })).toEqual([]);
  });

  const screen = pageOf(GENCONF) as ScreenDefinition;
  const current = { key: 'VAT_BUY_MILEAGE', value: '11', description: 'VAT', active: true };

  it('an update: the fields that differ, formatted as the screens show them', () => {
    expect(requestChanges(screen, current, { ...current, value: '12', active: false })).toEqual([
      { field: 'value', label: 'Value', current: '11', proposed: '12' },
      { field: 'active', label: 'Active', current: 'Yes', proposed: 'No' },
    ]);
    expect(requestChanges(screen, current, { ...current })).toEqual([]);
  });

  it('a delete shows what goes; a create what comes', () => {
    expect(requestChanges(screen, current, null).map((l) => [l.label, l.current, l.proposed])).toEqual([
      ['Key', 'VAT_BUY_MILEAGE', ''],
      ['Value', '11', ''],
      ['Description', 'VAT', ''],
      ['Active', 'Yes', ''],
    ]);
    expect(requestChanges(screen, null, { key: 'NEW', value: 'v', description: null, active: false }).map((l) => [l.label, l.current, l.proposed])).toEqual([
      ['Key', '', 'NEW'],
      ['Value', '', 'v'],
      ['Active', '', 'No'],
    ]);
  });
});

describe('checkDefinitions: approvals', () => {
  it('passes the real definitions', () => {
    expect(checkDefinitions(real)).toEqual([]);
  });

  it('reports an approval page menu that is not in the tree', () => {
    expect(problemsWith((page) => ((page(BUY_MILEAGE) as ApprovalPage).menus = ['MEMBER', 'BUYMILES']))).toEqual([
      `${BUY_MILEAGE}: menus[1]: menu "BUYMILES" is not in the menu tree (screens/menu-tree.json)`,
    ]);
  });

  it("reports approval actions the screen does not have, or that change nothing, or that domain code serves", () => {
    expect(problemsWith((page) => ((page(GENCONF) as ScreenDefinition).approval = { actions: ['update', 'activate', 'view', 'purge'] }))).toEqual([
      `${GENCONF}: approval.actions[1]: "activate" is not an action of this screen`,
      `${GENCONF}: approval.actions[2]: "view" changes no record: only create, update, delete, activate, deactivate or a custom action with "set" can wait for approval`,
      `${GENCONF}: approval.actions[3]: "purge" is not an action of this screen`,
    ]);
    const USER = 'screens/user-management/user.json';
    expect(problemsWith((page) => ((page(USER) as ScreenDefinition).approval = { actions: ['reset-user-password'] }))).toEqual([
      `${USER}: approval.actions[0]: "reset-user-password" is served by domain code (no "set"): that code asks for approval itself`,
    ]);
  });

  it('reports a screen with approval that no approval page lists', () => {
    const withoutMyApproval = (defs: DefinitionFiles) => (defs.screens = defs.screens.filter((s) => s.file !== MY_APPROVAL));
    // Other screens decided on My Approval only (Correction Transaction) are reported too; GENCONF's lines are the ones followed here.
    const ofGenconf = (problems: string[]) => problems.filter((problem) => problem.startsWith(GENCONF));
    expect(ofGenconf(problemsWith((_page, defs) => withoutMyApproval(defs)))).toEqual([
      `${GENCONF}: approval.actions[0]: no approval page lists GENCONF "update" requests (a page with "menus": ["GENCONF"], or My Approval)`,
      `${GENCONF}: approval.actions[1]: no approval page lists GENCONF "delete" requests (a page with "menus": ["GENCONF"], or My Approval)`,
    ]);
    // A page of the menu's own, for the update only, covers that one.
    expect(
      ofGenconf(problemsWith((page, defs) => {
        withoutMyApproval(defs);
        Object.assign(page(BUY_MILEAGE) as ApprovalPage, { menus: ['GENCONF'], actions: ['update'] });
      })),
    ).toEqual([`${GENCONF}: approval.actions[1]: no approval page lists GENCONF "delete" requests (a page with "menus": ["GENCONF"], or My Approval)`]);
  });
});

describe("a request's record by its name", () => {
  const screen = (resource: string) => namingScreen(catalogue, resource)!;
  const filled = (resource: string, values: Record<string, string>) => fillName(recordNameParts(screen(resource), catalogue.selectors)!, (field) => values[field] ?? '');

  it("is named by the screen's recordName, else by the label of the selector over its resource, else by its key alone", () => {
    expect(filled('member', { memberfullname: 'Budi Santoso', cardnumber: '1001234567' })).toBe('Budi Santoso 1001234567');
    // No recordName on the Award screen: its selector shows an award by its name.
    expect(catalogue.screenByResource.get('award')!.recordName).toBeUndefined();
    expect(filled('award', { awardname: 'Hilton Stay', awardcode: 'HTL-HILTON' })).toBe('Hilton Stay');
    expect(filled('partner', { partnername: 'Hilton Hotels' })).toBe('Hilton Hotels');
    // A configuration key is its own name; a selector showing its key (booking classes) names nothing more.
    expect(recordNameParts(screen('general-config'), catalogue.selectors)).toBeUndefined();
    expect(recordNameParts(screen('booking-class'), catalogue.selectors)).toBeUndefined();
  });

  it("names a view's rows as its source screen does, and a missing value leaves no gap", () => {
    expect(screen('retro-claim-ga').menucode).toBe('MEMRETRO');
    expect(filled('retro-claim-ga', { carrier: 'Garuda Indonesia', flightnumber: '406', flightdate: '' })).toBe('Garuda Indonesia 406');
    expect(filled('member', {})).toBeNull();
  });

  it('shows the name with its key, or the key alone; a name is cut to what a request keeps', () => {
    expect(shownRecord('Hilton Stay', 'HTL-HILTON')).toBe('Hilton Stay (HTL-HILTON)');
    expect(shownRecord(null, 'VAT_BUY_MILEAGE')).toBe('VAT_BUY_MILEAGE');
    expect(shownRecord('VAT_BUY_MILEAGE', 'VAT_BUY_MILEAGE')).toBe('VAT_BUY_MILEAGE');
    expect(joinNames('Budi Santoso 1001234567', null, 'Hilton Stay')).toBe('Budi Santoso 1001234567 · Hilton Stay');
    expect(joinNames(null, undefined)).toBeNull();
    const long = joinNames('x'.repeat(300))!;
    expect(long).toHaveLength(RECORD_NAME_MAX);
    expect(long.endsWith('…')).toBe(true);
  });
});
