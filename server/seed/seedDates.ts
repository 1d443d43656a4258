// The demo's calendar: catalogue rows are written as of one year and move with the year they are seeded in.

/**
 * The year the demo's dated rows are written as of (peak seasons, blackouts, award validity, promotions, rule
 * periods). Seeded in a later year, every date of those rows moves by as many years, so the seasons, offers and
 * validity stand where they stood against the seeding day.
 */
export const DEMO_YEAR = 2026;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD day moved by whole years (29 February becomes 28 February in a common year); other text unchanged. */
export function shiftYears(value: string, years: number): string {
  const match = DAY.exec(value);
  if (!match || years === 0) return value;
  const year = Number(match[1]) + years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const day = match[2] === '02' && match[3] === '29' && !leap ? '28' : match[3];
  return `${String(year).padStart(4, '0')}-${match[2]}-${day}`;
}

/** How many years the demo's dated rows move when seeded at `now`. */
export const demoYearShift = (now: Date): number => now.getUTCFullYear() - DEMO_YEAR;
