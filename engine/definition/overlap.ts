// No overlapping ranges between records of the same key: a rule screen declares `noOverlap`
// (effective periods of the same carrier, distance bands), and two records of the same `per` values may
// not overlap in every one of its ranges. How two records compare and the field message live here, once,
// for the server's check (server/platform/resources/overlapCheck.ts) and the definition validator alike.
import type { FieldDefinition, NoOverlapRule, OverlapRange, ScreenDefinition } from './screen';
import * as moduleTexts from './texts.json';

type Row = Record<string, unknown>;

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** Orders two range ends of the same field: numbers as numbers (the database may answer them as text), dates as 'YYYY-MM-DD' text. */
function compareEnds(a: unknown, b: unknown): number {
  const x = Number(a);
  const y = Number(b);
  if (Number.isFinite(x) && Number.isFinite(y)) return x - y;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/** Whether one range of two records meets: each starts no later than the other ends (open ends reach everything). */
export function rangeMeets(range: OverlapRange, a: Row, b: Row): boolean {
  const startsInTime = (start: unknown, end: unknown) => isEmpty(start) || isEmpty(end) || compareEnds(start, end) <= 0;
  return startsInTime(a[range.from], b[range.to]) && startsInTime(b[range.from], a[range.to]);
}

/** Same `per` values (text compared trimmed, empty equal to empty). */
export function sameGroup(rule: NoOverlapRule, a: Row, b: Row): boolean {
  const norm = (value: unknown) => (isEmpty(value) ? '' : String(value).trim());
  return rule.per.every((name) => norm(a[name]) === norm(b[name]));
}

/** Two records the rule keeps apart: same group and meeting in every range. */
export const recordsOverlap = (rule: NoOverlapRule, a: Row, b: Row): boolean => sameGroup(rule, a, b) && rule.ranges.every((range) => rangeMeets(range, a, b));

// not in spec: the product's own wording of an overlap.
export const OVERLAP_TEXTS = moduleTexts.overlap;

const labelOf = (screen: ScreenDefinition, name: string) => screen.fields.find((f) => f.name === name)?.label ?? name;

const joined = (parts: string[]) => (parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`);

function shownEnd(field: FieldDefinition | undefined, value: unknown, open: string): string {
  if (isEmpty(value)) return open;
  if (field?.type === 'integer' || field?.type === 'number') return Number(value).toLocaleString('en-US');
  return String(value);
}

/**
 * The message of an overlap with another record (its key as the table shows it), and the fields it is shown
 * on: both ends of every range.
 */
export function overlapMessage(screen: ScreenDefinition, rule: NoOverlapRule, other: Row, otherKey: string): { message: string; fields: Record<string, string> } {
  const byName = new Map(screen.fields.map((f) => [f.name, f]));
  const ranges = joined(rule.ranges.map((r) => `${labelOf(screen, r.from)} - ${labelOf(screen, r.to)}`));
  const values = rule.ranges
    .map((r) => `${shownEnd(byName.get(r.from), other[r.from], OVERLAP_TEXTS.noStart)} - ${shownEnd(byName.get(r.to), other[r.to], OVERLAP_TEXTS.noEnd)}`)
    .join(', ');
  const per = rule.per.length === 0 ? '' : OVERLAP_TEXTS.per.replace('{fields}', joined(rule.per.map((name) => labelOf(screen, name))));
  const message = OVERLAP_TEXTS.overlap.replace('{ranges}', ranges).replace('{title}', screen.title).replace('{key}', otherKey).replace('{values}', values).replace('{per}', per);
  const fields: Record<string, string> = {};
  for (const range of rule.ranges) fields[range.from] = fields[range.to] = message;
  return { message, fields };
}

/** Every field the rule names. */
export const overlapFieldNames = (rule: NoOverlapRule): string[] => [...rule.per, ...rule.ranges.flatMap((r) => [r.from, r.to])];
