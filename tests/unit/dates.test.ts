// Calendar days: the day of an instant, real days, moving by days and months, age in whole years, and the
// effective-date test every dated rule row shares.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, ageOn, daysBetween, inEffect, isIsoDay, isoDay } from '../../engine/definition/dates';

describe('isoDay', () => {
  it('is the UTC calendar day of an instant, whatever the hour', () => {
    expect(isoDay(new Date('2026-03-10T00:00:00Z'))).toBe('2026-03-10');
    expect(isoDay(new Date('2026-03-10T23:59:59.999Z'))).toBe('2026-03-10');
    expect(isoDay(new Date('2026-03-11T06:30:00+07:00'))).toBe('2026-03-10');
  });
});

describe('isIsoDay', () => {
  it('takes days that exist and refuses the rest', () => {
    expect(['2026-01-31', '2028-02-29', '2000-02-29', '2026-12-31'].map(isIsoDay)).toEqual([true, true, true, true]);
    expect(['2026-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-1-5', '2026-01-10T00:00:00Z', '', 20260110, null].map(isIsoDay)).toEqual(
      [false, false, false, false, false, false, false, false, false, false, false],
    );
  });
});

describe('addDays and daysBetween', () => {
  it('move across a month, a year and a leap day, and back', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-10', 0)).toBe('2026-03-10');
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysBetween('2026-03-10', '2026-03-01')).toBe(-9);
  });

  it("are each other's inverse", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }), fc.integer({ min: -1000, max: 1000 }), (d, days) => {
        const day = isoDay(d);
        expect(daysBetween(day, addDays(day, days))).toBe(days);
      }),
    );
  });
});

describe('addMonths', () => {
  it.each([
    ['2026-01-10', 36, '2029-01-10'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2027-12-31', 2, '2028-02-29'],
    ['2026-11-23', -36, '2023-11-23'],
    ['2026-12-15', 1, '2027-01-15'],
  ])('%s + %i months = %s', (day, months, expected) => expect(addMonths(day, months)).toBe(expected));

  it('always gives a real day in the target month', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }), fc.integer({ min: -120, max: 120 }), (d, months) => {
        const day = isoDay(d);
        const result = addMonths(day, months);
        expect(isIsoDay(result)).toBe(true);
        const monthIndex = (s: string) => Number(s.slice(0, 4)) * 12 + Number(s.slice(5, 7));
        expect(monthIndex(result) - monthIndex(day)).toBe(months);
      }),
    );
  });

  it('refuses text that is not a day', () => {
    expect(() => addMonths('10/01/2026', 1)).toThrow('not a date: 10/01/2026');
  });
});

describe('ageOn', () => {
  it('counts whole years: a year more on the birthday, not the day before', () => {
    expect(ageOn('1990-04-15', '2026-04-14')).toBe(35);
    expect(ageOn('1990-04-15', '2026-04-15')).toBe(36);
    expect(ageOn('2000-11-24', '2026-11-23')).toBe(25);
    expect(ageOn('2026-03-10', '2026-03-10')).toBe(0);
  });

  it('counts a 29 February birthday from 1 March in other years, and on 29 February in leap years', () => {
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25);
    expect(ageOn('2000-02-29', '2026-03-01')).toBe(26);
    expect(ageOn('2000-02-29', '2028-02-29')).toBe(28);
  });
});

describe('inEffect', () => {
  const from = '2026-04-01';
  const to = '2026-04-30';

  it('includes the from day and the to day, and nothing outside them', () => {
    expect(inEffect('2026-03-31', from, to)).toBe(false);
    expect(inEffect(from, from, to)).toBe(true);
    expect(inEffect('2026-04-15', from, to)).toBe(true);
    expect(inEffect(to, from, to)).toBe(true);
    expect(inEffect('2026-05-01', from, to)).toBe(false);
  });

  it('runs on for ever with no to day', () => {
    expect(inEffect('2099-12-31', from, null)).toBe(true);
    expect(inEffect(from, from, undefined)).toBe(true);
    expect(inEffect('2026-03-31', from, null)).toBe(false);
  });

  it('has always applied with no from day', () => {
    expect(inEffect('1900-01-01', null, to)).toBe(true);
    expect(inEffect(to, undefined, to)).toBe(true);
    expect(inEffect('2026-05-01', null, to)).toBe(false);
    expect(inEffect('2026-05-01', null, null)).toBe(true);
  });

  it('is never in effect when the to day comes before the from day', () => {
    expect(inEffect('2026-04-15', to, from)).toBe(false);
  });
});
