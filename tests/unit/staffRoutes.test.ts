// Which signed-out paths ask for sign-in (the application's pages, from the menu tree) and where a sign-in goes.
import { describe, expect, it } from 'vitest';
import type { MenuTree } from '../../engine/definition/menuTree';
import tree from '../../screens/menu-tree.json';
import { afterSignIn, isStaffPath, landingPath, staffPatterns } from '../../src/shell/staffRoutes';

const patterns = staffPatterns(tree as MenuTree);

describe('signed-out paths', () => {
  it.each([
    ['/user', true],
    ['/region', true],
    ['/profile', true],
    ['/api-docs', true],
    ['/member', true],
    ['/member/form/MBR1/transaction/detail/TRX9', true],
    ['/promo-manage-catalog/form/PROMO1', true],
    ['/promo-manage-catalog/form/PROMO1/air-criteria', true],
    ['/user/extra', false],
    ['/no-such-page', false],
    ['/', false],
  ])('%s is a page of the application: %s', (path, expected) => {
    expect(isStaffPath(patterns, path)).toBe(expected);
  });

  it('leaves the login page itself out', () => {
    expect(patterns).not.toContain('/');
  });
});

describe('where a sign-in goes (spec 000 §2)', () => {
  it.each([
    [{ pathname: '/', search: '' }, 'BOD', '/member'],
    [{ pathname: '/', search: '' }, 'Administrator', '/'],
    [{ pathname: '/user', search: '?username=adm' }, 'Administrator', '/user?username=adm'],
    [{ pathname: '/profile', search: '' }, 'BOD', '/profile'],
  ])('from %o as %s: %s', (requested, rolename, expected) => {
    expect(afterSignIn(requested, rolename)).toBe(expected);
  });
});

describe('landingPath', () => {
  it('sends BOD to /member and everyone else to /', () => {
    expect(landingPath('BOD')).toBe('/member');
    expect(landingPath('ADMIN')).toBe('/');
  });
});
