// The demo's calendar: catalogue rows are written as of one day and move with the day they are seeded on.

/**
 * The day the demo's dated rows are written as of (peak seasons, blackouts, award validity, promotions, rule
 * periods). Seeded on a later day, every date of those rows moves by as many days, so each season, offer and
 * period stands where it stood against the seeding day: the year-end promotion runs, the Christmas peak season
 * starts in a fortnight, and so on, whatever day the demo is seeded on.
 */
export const DEMO_AS_OF = '2026-12-02';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** A YYYY-MM-DD day moved by whole days; other text unchanged. */
export function shiftDays(value: string, days: number): string {
  const match = DAY.exec(value);
  if (!match || days === 0) return value;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) + days * DAY_MS).toISOString().slice(0, 10);
}

/** How many days the demo's dated rows move when seeded at `now` (its UTC day against DEMO_AS_OF). */
export const demoDayShift = (now: Date): number =>
  Math.round((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - Date.parse(DEMO_AS_OF)) / DAY_MS);

/** Where a day of the demo's rows lies when the demo is seeded at `now`. */
export const demoDay = (day: string, now = new Date()): string => shiftDays(day, demoDayShift(now));
