import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { flattenMenus, type MenuTree } from '../../engine/definition/menuTree';
import { matchMenus, pageTrail, type MenuChoice } from '../../src/shell/breadcrumbs';

const menus = flattenMenus(JSON.parse(readFileSync('screens/menu-tree.json', 'utf8')) as MenuTree);

describe('pageTrail', () => {
  it("names a record page's groups, its menu as a link, the route and the record", () => {
    expect(pageTrail(menus, '/member/form/MBR0000020/profile', 'Administrator')).toEqual({
      crumbs: [{ label: 'Member Management' }, { label: 'Member', path: '/member' }, { label: 'Member Profile' }, { label: 'MBR0000020' }],
      onRoute: true,
    });
  });
  it("follows the role: BOD's Member Data owns /member", () => {
    expect(pageTrail(menus, '/member/form/M1/', 'BOD')?.crumbs.slice(0, 2)).toEqual([{ label: 'Member Data', path: '/member' }, { label: 'Member Profile' }]);
  });
  it('is the menu itself on its own path, and nothing on a path no menu owns', () => {
    expect(pageTrail(menus, '/region', 'Administrator')?.onRoute).toBe(false);
    expect(pageTrail(menus, '/nowhere', 'Administrator')).toBeUndefined();
  });
});

describe('matchMenus', () => {
  const choices: MenuChoice[] = [
    { path: '/region', label: 'Region', trail: 'Data Management › Basic Configuration › Region' },
    { path: '/tier', label: 'Tier', trail: 'Data Management › Member Configuration › Tier' },
  ];
  it('keeps the menus holding every word typed, in label, groups or path', () => {
    expect(matchMenus(choices, 'basic REG').map((c) => c.path)).toEqual(['/region']);
    expect(matchMenus(choices, '/tier').map((c) => c.path)).toEqual(['/tier']);
    expect(matchMenus(choices, '  ')).toEqual([]);
  });
});
