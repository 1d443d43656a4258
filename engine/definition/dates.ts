// Calendar days as the programme keeps them: YYYY-MM-DD text, compared as text, counted in UTC (the programme's
// dates are days, not instants). One module for the browser and the server alike.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar day of an instant, in UTC. */
export const isoDay = (at: Date): string => at.toISOString().slice(0, 10);

/** Whether a value is a YYYY-MM-DD day that exists (no 31 April; 29 February in leap years only). */
export function isIsoDay(value: unknown): value is string {
  const match = typeof value === 'string' ? DAY.exec(value) : null;
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return month >= 1 && month <= 12 && day >= 1 && day <= monthDays[month - 1];
}

/** A YYYY-MM-DD day moved by whole days (back when negative). */
export const addDays = (day: string, days: number): string => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** YYYY-MM-DD plus whole months; a day past the target month's end becomes its last day (31 Jan + 1 = 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const match = DAY.exec(day);
  if (!match) throw new Error(`not a date: ${day}`);
  const total = Number(match[1]) * 12 + (Number(match[2]) - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${pad(year, 4)}-${pad(month + 1)}-${pad(Math.min(Number(match[3]), lastDay))}`;
}

/** Whole days from one YYYY-MM-DD day to another (negative when `to` comes first). */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Whole years from a birth date to a day, both YYYY-MM-DD (a 29 February birthday counts from 1 March in other years). */
export function ageOn(birthdate: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birthdate.slice(0, 4));
  return day.slice(5, 10) < birthdate.slice(5, 10) ? years - 1 : years;
}

/**
 * Whether a row with effective dates is in effect on a day: from its `from` day to its `to` day, both included.
 * An empty end is open: no `to` runs on for ever, no `from` has always applied.
 */
export const inEffect = (day: string, from: string | null | undefined, to: string | null | undefined): boolean => (!from || from <= day) && (!to || day <= to);
