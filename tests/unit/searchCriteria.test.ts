// Search values to criteria, the URL round trip, and the display formats.
import { describe, expect, it } from 'vitest';
import country from '../../screens/basic-configuration/country.json';
import type { ScreenDefinition } from '../../engine/definition/screen';
import { criteriaFromSearch, searchStateFromQuery, searchStateToQuery } from '../../engine/definition/searchCriteria';
import { formatDate, formatDateTime, formatNumber, formatValue, pageFooter } from '../../engine/definition/format';
import { resolveField } from '../../engine/definition/compile';

const screen = country as ScreenDefinition;

describe('criteriaFromSearch', () => {
  it('wraps text in % for a contains match, keeps choices exact and sends empty values as null', () => {
    expect(criteriaFromSearch(screen, { countryname: ' indo ', regioncode: 'ASIA', countrycode: '' })).toEqual({
      countrycode: null,
      countryname: '%indo%',
      regioncode: 'ASIA',
      nationality: null,
      status: null,
    });
  });

  it('keeps an exact text search unwrapped', () => {
    const exact: ScreenDefinition = { ...screen, fields: screen.fields.map((f) => (f.name === 'countrycode' ? { ...f, search: { exact: true } } : f)) };
    expect(criteriaFromSearch(exact, { countrycode: 'ID' }).countrycode).toBe('ID');
  });
});

describe('search state in the URL', () => {
  it('round-trips values, page, sort and the advanced flag', () => {
    const state = { values: { countryname: 'indo', status: 'ACTIVE' }, page: 3, sort: { countryname: 'desc' as const }, advanced: true };
    const query = searchStateToQuery(state);
    expect(query).toBe('countryname=indo&status=ACTIVE&page=3&sort=countryname.desc&adv=1');
    expect(searchStateFromQuery(screen, query)).toEqual(state);
  });

  it('ignores fields, sorts and pages the screen does not declare', () => {
    expect(searchStateFromQuery(screen, 'secret=1&page=-2&sort=secret.asc&countryname=x')).toEqual({ values: { countryname: 'x' }, page: 1, sort: undefined, advanced: false });
  });
});

describe('display formats', () => {
  it('shows dates as DD/MM/YYYY, numbers with thousand separators, and the footer text', () => {
    expect(formatDate('2026-11-22')).toBe('22/11/2026');
    expect(formatDateTime('2026-11-22T07:05:09')).toBe('22/11/2026 07:05:09');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatValue(resolveField({ name: 'status', label: 'Status', options: [{ value: 'ACTIVE', label: 'Active' }] }), 'ACTIVE')).toBe('Active');
    expect(formatValue(resolveField({ name: 'ok', label: 'OK', type: 'boolean' }), true)).toBe('Yes');
    expect(pageFooter(2, 10, 12, 2)).toBe('11-12 of 12 items');
    expect(pageFooter(1, 10, 0, 0)).toBe('0-0 of 0 items');
  });
});
