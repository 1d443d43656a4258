// The demo's calendar: catalogue rows are written as of one day and move with the day they are seeded on.
import { addDays, daysBetween, isoDay } from '../../../engine/definition/dates';

/**
 * The day the demo's dated rows are written as of (peak seasons, blackouts, award validity, promotions, rule
 * periods). Seeded on a later day, every date of those rows moves by as many days, so each season, offer and
 * period stands where it stood against the seeding day: the year-end promotion runs, the Christmas peak season
 * starts in a fortnight, and so on, whatever day the demo is seeded on.
 */
export const DEMO_AS_OF = '2026-12-02';

/** A YYYY-MM-DD day moved by whole days; other text unchanged. */
export const shiftDays = (value: string, days: number): string => (days !== 0 && /^\d{4}-\d{2}-\d{2}$/.test(value) ? addDays(value, days) : value);

/** How many days the demo's dated rows move when seeded at `now` (its UTC day against DEMO_AS_OF). */
export const demoDayShift = (now: Date): number => daysBetween(DEMO_AS_OF, isoDay(now));

/** Where a day of the demo's rows lies when the demo is seeded at `now`. */
export const demoDay = (day: string, now = new Date()): string => shiftDays(day, demoDayShift(now));
