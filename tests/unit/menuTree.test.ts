// The menu tree against spec 000 §2 (menu paths, top navigation) and §6 (menu codes), and its cross checks.
import { describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import tree from '../../screens/menu-tree.json';
import schema from '../../engine/definition/menu-tree.schema.json';
import {
  checkMenuTree,
  flattenMenus,
  functionCodeMenu,
  isMenuGroup,
  menuFunctionCodes,
  roleAllows,
  type MenuTree,
  type RoleRule,
} from '../../engine/definition/menuTree';

const menuTree = tree as MenuTree;
const menus = flattenMenus(menuTree);

// Spec 000 §2 "Menu paths", retyped to pin the spec.
const SPEC_MENU_PATHS = [
  // Basic configuration
  'region', 'country', 'state', 'city', 'airport', 'currency', 'general-configuration', 'job-catalogue',
  // Member configuration
  'title', 'salutation', 'hobbies', 'religion', 'language',
  // Tier management (with its bonuses)
  'membership-type', 'membership', 'tier-reason', 'tier', 'tier-duration', 'mileage-criteria',
  'activity-bonus', 'enroll-bonus', 'relation-bonus', 'first-activity-bonus', 'birthday-bonus', 'referral-bonus',
  'promo-completion-bonus', 'tier-completion-bonus', 'relation-type',
  // Partner management
  'airline', 'codeshare-list', 'program', 'partner', 'partner-group', 'earning-miles', 'distance-range',
  // Branch, vendor, card inventory
  'branch', 'ticket-office', 'vendor', 'vendor-region', 'card-inventory',
  // Mailing product
  'mailing-product', 'letter-management', 'inventory-management',
  'order-management/printing', 'order-management/package', 'order-management/delivery',
  'order-management/reorder', 'order-management/return', 'order-management/track', 'obp',
  // Catalog
  'accrual-rule-od', 'accrual-rule-bc', 'accrual-rule-non-air', 'accrual-rule', 'accrual-promo', 'receipt-catalogue',
  'custom-transaction', 'custom-transaction-role', 'activity-code', 'activity-code-limit', 'statement',
  'file-management', 'buy-mileage-catalog', 'buy-mileage-promo', 'mileage-statement-template', 'nominee-fee-config',
  'promo-manage-catalog', 'promo-registration', 'member-promo', 'promo-catalog', 'promo-criteria-type', 'promo-file',
  // Member management
  'member', 'member-corporate', 'enrollment', 'enrollment-corporate', 'park-activity', 'invalid-name-check',
  'suspect-duplicate', 'member-identity', 'member-locked', 'transfer-mileage', 'transfer-mileage-log',
  'merging-account', 'merging-account-approval', 'correction-transaction',
  // Retro claim management and approval
  'retro-claim-ga-manager', 'retro-claim-skyteam-manager', 'retro-claim-skyteam-in-manager',
  'retro-claim-staralliance-manager', 'retro-claim-oneworld-manager',
  'retro-claim-ga-approval', 'retro-claim-skyteam-approval', 'retro-claim-staralliance-approval',
  'retro-claim-oneworld-approval',
  // Approval
  'my-approval', 'approval-buy-mileage', 'approval-redemption', 'approval-redemption-update',
  'approval-redemption-cancel', 'approval-corporate-travelco', 'approval-corporate-employee',
  // Award management
  'award-type', 'award-list', 'peak-season', 'blackout',
  // User management
  'user', 'role', 'user-log',
  // Reports; dashboards; co-brand
  'air-accrual-report', 'non-air-accrual-report', 'air-award-report', 'non-air-award-report', 'redeposit-report',
  'custom-transaction-report', 'download-report', 'member-profile-report', 'buy-mileage-report',
  'terminate-member-report', 'mileage-statement-log',
  'dashboard-accounting-report', 'dashboard-bizmiles-report', 'dashboard-performance-report',
  'dashboard-executive-report', 'fraud-suspect-report',
  'cobrand-member-report', 'cobrand-summary-report', 'cobrand-earning-report', 'fast-track-report',
];

// Spec 000 §6 and the codes this tree pins for the spec's named menus.
const SPEC_MENU_CODES: Record<string, string> = {
  MYAPPR: '/my-approval',
  APPRBML: '/approval-buy-mileage',
  APPRRED: '/approval-redemption',
  APPRUPD: '/approval-redemption-update',
  APPRCAN: '/approval-redemption-cancel',
  APPRCORP: '/approval-corporate-travelco',
  APPRCEMP: '/approval-corporate-employee',
  RETROCL: '/retro-claim-ga-manager',
  RETCAPR: '/retro-claim-ga-approval',
  USER: '/user',
  ROLE: '/role',
  USERLOG: '/user-log',
  CARDINVE: '/card-inventory',
  OBP: '/obp',
  VENDOR: '/vendor',
  VENREG: '/vendor-region',
  NOMIFEE: '/nominee-fee-config',
  REPDOWN: '/download-report',
  MERACC: '/merging-account',
  MMBRIDT: '/member-identity',
  PRMANCT: '/promo-manage-catalog',
  PRMCT: '/mailing-product',
  BMEMMGT: '/member',
  BPROFL: '/profile',
  DASHBOARD: '/',
  VOUCHVER: '/voucher-verification',
  PROFILE: '/profile',
};

const menuByCode = (code: string) => menus.find((menu) => menu.menucode === code);

describe('screens/menu-tree.json', () => {
  it('passes the cross checks', () => {
    expect(checkMenuTree(menuTree)).toEqual([]);
  });

  it('validates against its JSON Schema', () => {
    const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
    expect(validate(tree), JSON.stringify(validate.errors)).toBe(true);
  });

  it('is checked strictly by its JSON Schema', () => {
    const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
    const withItem = (item: unknown) => ({ schemaVersion: 1, items: [item] });
    const rejected = [
      withItem({ menucode: 'user', path: '/user', label: 'User' }),
      withItem({ menucode: 'USER', path: 'user', label: 'User' }),
      withItem({ menucode: 'USER', label: 'User' }),
      withItem({ menucode: 'USER', path: '/user', label: 'User', functions: ['update'] }),
      withItem({ menucode: 'USER', path: '/user', label: 'User', icon: 'user' }),
      withItem({ menucode: 'USER', path: '/user', label: 'User', roles: { only: ['BOD'], except: ['GA'] } }),
      withItem({ key: 'a', label: 'A', children: [{ key: 'b', label: 'B', children: [{ key: 'c', label: 'C', children: [] }] }] }),
    ];
    for (const bad of rejected) expect(validate(bad), JSON.stringify(bad)).toBe(false);
    expect(validate(withItem({ menucode: 'PRMACR', label: 'Air Criteria', hidden: true, routes: [] }))).toBe(true);
  });

  it('has every spec menu path exactly once for non-BOD users', () => {
    const paths = menus.filter((menu) => roleAllows(menu.roles, 'ADMIN')).map((menu) => menu.path);
    for (const name of SPEC_MENU_PATHS) {
      expect(paths.filter((path) => path === `/${name}`), name).toHaveLength(1);
    }
    expect(new Set(SPEC_MENU_PATHS).size).toBe(SPEC_MENU_PATHS.length);
  });

  it('lists the top navigation groups of spec 000 §2 in order, between Dashboard and Voucher Verification, Profile', () => {
    const groups = menuTree.items.filter(isMenuGroup).map((group) => group.label);
    expect(groups).toEqual([
      'Member Management',
      'Retro Claim',
      'Approval',
      'Data Management',
      'Catalog',
      'Report',
      'Award Management',
      'User Management',
    ]);
    const top = menuTree.items.map((node) => (isMenuGroup(node) ? node.key : node.menucode));
    expect(top[0]).toBe('DASHBOARD');
    expect(top.slice(-3)).toEqual(['VOUCHVER', 'PROFILE', 'BPROFL']);
  });

  it('maps the spec menu codes to their paths', () => {
    for (const [code, path] of Object.entries(SPEC_MENU_CODES)) {
      expect(menuByCode(code)?.path, code).toBe(path);
    }
  });

  it('keeps the promotion section menus permission-only, beside PRMANCT', () => {
    for (const code of ['PRMEMCR', 'PRMACR', 'PRMNACR', 'PRMNBACC']) {
      const menu = menuByCode(code);
      expect(menu, code).toMatchObject({ hidden: true, routes: [] });
      expect(menu?.path, code).toBeUndefined();
      expect(menu?.groupPath, code).toEqual(['Catalog']);
    }
    expect(menuByCode('PRMANCT')?.routes?.map((route) => route.path)).toEqual([
      '/promo-manage-catalog/form/:promocode/:section?',
    ]);
    expect(menuByCode('PRMCT')?.routes?.map((route) => route.path)).toEqual([
      '/mailing-product/form/:mailingproductcode/:section?',
    ]);
    // The member's record page and its child rows' detail pages: /member/form/{ID}/transaction/detail/{trxid} (spec 001 §2).
    expect(menuByCode('MEMBER')?.routes?.map((route) => route.path)).toEqual([
      '/member/form/:memberid/:section?',
      '/member/form/:memberid/:section/detail/:detail',
    ]);
  });

  it('applies the BOD and partner rules of spec 000 §6', () => {
    const seenBy = (role: string) => menus.filter((menu) => roleAllows(menu.roles, role)).map((menu) => menu.menucode);
    expect(seenBy('BOD')).toEqual(expect.arrayContaining(['BMEMMGT', 'BPROFL']));
    expect(seenBy('BOD')).not.toContain('DASHBOARD');
    expect(seenBy('ADMIN')).not.toEqual(expect.arrayContaining(['BMEMMGT']));
    expect(seenBy('ADMIN')).not.toEqual(expect.arrayContaining(['BPROFL']));
    expect(menuByCode('VOUCHVER')?.requires).toBe('partnercode');
  });

  it('labels the menus the spec names', () => {
    expect(menuByCode('ENROLL')?.label).toBe('Individual Enrollment');
    expect(menuByCode('BMEMMGT')?.label).toBe('Member Data');
    expect(menuByCode('APPRUPD')?.functions).toContain('REQUPDATE');
    expect(menuByCode('APPRCAN')?.functions).toContain('REQCANCEL');
  });

  it('gives each menu its group path', () => {
    expect(menuByCode('COUNTRY')?.groupPath).toEqual(['Data Management', 'Basic Configuration']);
    expect(menuByCode('DASHBOARD')?.groupPath).toEqual([]);
    expect(menus.map((menu) => menu.menucode).slice(0, 3)).toEqual(['DASHBOARD', 'BMEMMGT', 'MEMBER']);
  });
});

describe('menu function codes', () => {
  it('puts ACCESS first and drops repeats', () => {
    expect(menuFunctionCodes({ menucode: 'USER' })).toEqual(['USER_ACCESS']);
    expect(menuFunctionCodes({ menucode: 'APPRUPD', functions: ['UPDATE', 'REQUPDATE'] }, ['UPDATE', 'ACCESS', 'DELETE'])).toEqual([
      'APPRUPD_ACCESS',
      'APPRUPD_UPDATE',
      'APPRUPD_REQUPDATE',
      'APPRUPD_DELETE',
    ]);
  });

  it('reads the menu code back from a function code', () => {
    expect(functionCodeMenu('PRMANCT_ACCESS')).toBe('PRMANCT');
    expect(functionCodeMenu('PRMCT_UPDATE')).toBe('PRMCT');
    expect(functionCodeMenu('USER')).toBe('');
  });
});

describe('checkMenuTree', () => {
  it('reports a duplicate menu code with both places', () => {
    const bad: MenuTree = {
      schemaVersion: 1,
      items: [
        { menucode: 'USER', path: '/user', label: 'User' },
        { key: 'g', label: 'G', children: [{ menucode: 'USER', path: '/user-2', label: 'User 2' }] },
      ],
    };
    expect(checkMenuTree(bad)).toEqual(['items[1].children[0].menucode: duplicate menu code "USER" (also at items[0].menucode)']);
  });

  it('reports a duplicate path, including extra routes', () => {
    const bad: MenuTree = {
      schemaVersion: 1,
      items: [
        { menucode: 'COUNTRY', path: '/country', label: 'Country' },
        { menucode: 'STATE', path: '/country', label: 'State', routes: [{ path: '/country', label: 'Form' }] },
      ],
    };
    expect(checkMenuTree(bad)).toEqual([
      'items[1].path: duplicate path "/country" (also at items[0].path)',
      'items[1].routes[0].path: duplicate path "/country" (also at items[0].path)',
    ]);
  });

  it('allows a shared path only between role-exclusive menus', () => {
    const sharing = (roles: RoleRule): MenuTree => ({
      schemaVersion: 1,
      items: [
        { menucode: 'PROFILE', path: '/profile', label: 'Profile', roles: { except: ['BOD'] } },
        { menucode: 'BPROFL', path: '/profile', label: 'Profile', roles },
      ],
    });
    expect(checkMenuTree(sharing({ only: ['BOD'] }))).toEqual([]);
    expect(checkMenuTree(sharing({ only: ['BOD', 'GA'] }))).toHaveLength(1);
    expect(checkMenuTree(sharing({ except: ['GA'] }))).toHaveLength(1);
  });

  it('reports duplicate group keys, deep nesting and a shown menu without a path', () => {
    // Groups nested twice are outside the type (the schema refuses them too); the check still names them.
    const bad = {
      schemaVersion: 1,
      items: [
        { key: 'g', label: 'G', children: [{ key: 's', label: 'S', children: [{ key: 'x', label: 'X', children: [] }] }] },
        { key: 'g', label: 'G2', children: [{ menucode: 'CITY', label: 'City' }] },
      ],
    } as unknown as MenuTree;
    expect(checkMenuTree(bad)).toEqual([
      'items[0].children[0].children[0]: groups nest at most one level',
      'items[1].key: duplicate group key "g" (also at items[0].key)',
      'items[1].children[0].path: a menu shown in the navigation needs a path',
    ]);
  });
});
