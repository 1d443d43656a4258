// Search values -> list criteria (spec 001 §5.2): text as a contains match wrapped in % unless exact,
// dates as YYYY-MM-DD, empty values as null. And the search state <-> URL query, so a reload or a
// shared link shows the same results.
import type { SortDirection } from '../api/envelope';
import { searchFields, type SearchField } from './compile';
import type { ScreenDefinition } from './screen';

export type SearchValues = Record<string, unknown>;

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

function criterion(search: SearchField, value: unknown): unknown {
  if (isEmpty(value)) return null;
  if (Array.isArray(value)) return value.every(isEmpty) ? null : value.map((v) => (isEmpty(v) ? null : v));
  if (typeof value === 'string' && !search.exact && (search.field.widget === 'text' || search.field.widget === 'textarea')) {
    return `%${value.trim()}%`;
  }
  return typeof value === 'string' ? value.trim() : value;
}

export function criteriaFromSearch(screen: ScreenDefinition, values: SearchValues): Record<string, unknown> {
  const criteria: Record<string, unknown> = {};
  for (const search of searchFields(screen)) criteria[search.field.name] = criterion(search, values[search.field.name]);
  return criteria;
}

export interface SearchState {
  values: SearchValues;
  page: number;
  sort: Record<string, SortDirection> | undefined;
  advanced: boolean;
}

/** The URL query of a search state: one parameter per non-empty field, plus page, sort and adv. */
export function searchStateToQuery(state: SearchState): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(state.values)) {
    if (isEmpty(value)) continue;
    params.set(name, Array.isArray(value) || typeof value !== 'string' ? JSON.stringify(value) : value);
  }
  if (state.page > 1) params.set('page', String(state.page));
  const sort = state.sort && Object.entries(state.sort)[0];
  if (sort) params.set('sort', `${sort[0]}.${sort[1]}`);
  if (state.advanced) params.set('adv', '1');
  return params.toString();
}

/** Reads only what the screen declares; anything else in the URL is ignored. */
export function searchStateFromQuery(screen: ScreenDefinition, query: string): SearchState {
  const params = new URLSearchParams(query);
  const values: SearchValues = {};
  for (const { field } of searchFields(screen)) {
    const raw = params.get(field.name);
    if (raw === null) continue;
    const structured = field.type !== 'string' && field.type !== 'text' && field.type !== 'date';
    const isList = raw.startsWith('[');
    if (structured || isList) {
      try {
        values[field.name] = JSON.parse(raw) as unknown;
        continue;
      } catch {
        // not JSON: keep the text
      }
    }
    values[field.name] = raw;
  }
  const page = Number(params.get('page') ?? '1');
  const [sortField, sortDirection] = (params.get('sort') ?? '').split('.');
  const known = new Set(screen.fields.map((f) => f.name));
  const sort = sortField && known.has(sortField) && (sortDirection === 'asc' || sortDirection === 'desc') ? { [sortField]: sortDirection as SortDirection } : undefined;
  return { values, page: Number.isInteger(page) && page > 0 ? page : 1, sort, advanced: params.get('adv') === '1' };
}
