// The hiding rules of spec 000 §6 over the real menu tree.
import { describe, expect, it } from 'vitest';
import tree from '../../screens/menu-tree.json';
import type { MenuTree } from '../../engine/definition/menuTree';
import { Grants, navigationFor, type NavItem } from '../../src/shell/navigation';
import type { StoredPermission, StoredProfile } from '../../src/session/storage';

const menuTree = tree as MenuTree;
const everything = () => true;
const profile = (over: Partial<StoredProfile>): StoredProfile => ({
  username: 'u', userfullname: 'U', email: 'u@x', rolename: 'Administrator', partnercode: null, branchcode: 'JKTHO', tickoffid: 'JKT01', ...over,
});
const permission = (granted: string[], denied: string[] = []): StoredPermission => ({
  usermenu: [...granted.map((code) => ({ code, grant: true })), ...denied.map((code) => ({ code, grant: false }))].map(({ code, grant }) => ({
    menucode: code.slice(0, code.lastIndexOf('_')),
    functions: [{ functioncode: code, grant }],
  })),
  enrollmentaccess: [],
});
const labels = (items: NavItem[]): string[] => items.map((i) => i.label);

describe('navigation', () => {
  it('shows a group only with a branch code, a ticket office id and a granted child', () => {
    const grants = new Grants(permission(['COUNTRY_ACCESS'], ['MEMBER_ACCESS']));
    const nav = navigationFor(menuTree, profile({}), grants, everything);
    expect(labels(nav)).toEqual(['Dashboard', 'Data Management', 'Profile']);
    expect(JSON.stringify(nav)).toContain('"path":"/country"');
    const noOffice = navigationFor(menuTree, profile({ tickoffid: null }), grants, everything);
    expect(labels(noOffice)).toEqual(['Dashboard', 'Profile']);
  });

  it('gives BOD Member Data and Profile under their own codes, and no Dashboard', () => {
    const grants = new Grants(permission(['BMEMMGT_ACCESS', 'BPROFL_ACCESS', 'MEMBER_ACCESS']));
    const nav = navigationFor(menuTree, profile({ rolename: 'BOD' }), grants, everything);
    expect(nav.filter((i) => !i.children).map((i) => [i.label, i.key])).toEqual([
      ['Member Data', 'BMEMMGT'],
      ['Profile', 'BPROFL'],
    ]);
    expect(labels(nav)).not.toContain('Dashboard');
  });

  it('shows Voucher Verification only to users with a partner code', () => {
    const grants = new Grants(permission(['VOUCHVER_ACCESS']));
    expect(labels(navigationFor(menuTree, profile({ partnercode: 'BNI' }), grants, everything))).toContain('Voucher Verification');
    expect(labels(navigationFor(menuTree, profile({}), grants, everything))).not.toContain('Voucher Verification');
  });

  it('hides menus the app cannot show yet and permission-only menus', () => {
    const grants = new Grants(permission(['COUNTRY_ACCESS', 'REGION_ACCESS', 'PRMEMCR_ACCESS']));
    const nav = navigationFor(menuTree, profile({}), grants, (menu) => menu.menucode !== 'REGION');
    expect(JSON.stringify(nav)).not.toContain('/region');
    expect(JSON.stringify(nav)).not.toContain('PRMEMCR');
  });
});
