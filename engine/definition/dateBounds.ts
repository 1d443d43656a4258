import { isoDay } from './dates';
// Date picker bounds by whole day: 'today', '-30d', '+1y', '-18y' relative to today, or an absolute YYYY-MM-DD.
const RELATIVE = /^([+-])(\d+)([dmy])$/;

export function resolveDateBound(bound: string | undefined, today: Date): string | undefined {
  if (!bound) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(bound)) return bound;
  const date = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate()));
  if (bound !== 'today') {
    const match = RELATIVE.exec(bound);
    if (!match) throw new Error(`date bound "${bound}" is not today, ±Nd, ±Nm, ±Ny or YYYY-MM-DD`);
    const amount = Number(match[2]) * (match[1] === '-' ? -1 : 1);
    if (match[3] === 'd') date.setUTCDate(date.getUTCDate() + amount);
    if (match[3] === 'm') date.setUTCMonth(date.getUTCMonth() + amount);
    if (match[3] === 'y') date.setUTCFullYear(date.getUTCFullYear() + amount);
  }
  return isoDay(date);
}

/** Whether a YYYY-MM-DD day is outside [min, max]. The range picker is stricter: its end may not pass max, its start must be after min. */
export function dayOutside(day: string, min: string | undefined, max: string | undefined, strictStart = false): boolean {
  if (min && (strictStart ? day <= min : day < min)) return true;
  return !!max && day > max;
}
