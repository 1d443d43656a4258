// The bonus rules of Tier Management, pure: which rule row is in effect on a day, what counts as a member's
// activity, whose birthday a day is, whether a first activity came soon enough after enrollment.
import { daysBetween, inEffect } from '../../../engine/definition/dates';
import { TRX_TYPES } from '../../ledger/ledgerRules';

/** The ledger rows that are a member's activity (a flight or a partner activity credited): the first earns the first-activity and referral bonuses. */
export const ACTIVITY_TRX_TYPES: ReadonlySet<string> = new Set([TRX_TYPES.EARNING]);

export interface RuleRow {
  effectivedate: string;
  expireddate: string | null;
  status: string;
}

/** The row in effect on the day (active, effective, not expired), the latest effective date first; undefined when none. */
export function ruleInEffect<T extends RuleRow>(rows: readonly T[], day: string): T | undefined {
  return rows
    .filter((r) => r.status === 'ACTIVE' && inEffect(day, r.effectivedate, r.expireddate))
    .sort((a, b) => (a.effectivedate < b.effectivedate ? 1 : a.effectivedate > b.effectivedate ? -1 : 0))[0];
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The month-days (MM-DD) whose birthday falls on the day: a 29 February birthday falls on 28 February in other years. */
export function birthdaysOn(day: string): string[] {
  const monthDay = day.slice(5);
  return monthDay === '02-28' && !isLeapYear(Number(day.slice(0, 4))) ? ['02-28', '02-29'] : [monthDay];
}


/** A first activity on `day` earns the rule's bonus: no limit, or within its days of the enrollment date. */
export const withinDays = (withindays: number | null, enrollmentdate: string | null, day: string): boolean =>
  withindays === null || (enrollmentdate !== null && daysBetween(enrollmentdate, day) <= withindays);

/** The ledger source naming the rule row a bonus came from (as the enroll bonus does: rule:ENRBONUS:<membership>:<date>). */
export const ruleSource = (menucode: string, ...keys: string[]): string => ['rule', menucode, ...keys].join(':');
