// Reference lists for selects (spec 001 §3.8, §7.3): active rows of a selector's resource as
// { value, label, ...extra }, filtered and sorted as the selector declares, narrowed only by the fields its pages'
// cascades (or its own filterBy) name, and keeping to the caller's row scope. A scoped caller (a branch or partner
// user) reads a selector only when they may open a page that uses it (or its resource's own menu): a partner user
// gets no member's nominees or corporate card numbers. Head office reads any; a selector only code uses (a
// registered view's) stays open unless its resource is scoped.
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { CODES } from '../../../engine/api/responseCodes';
import { resourceModel, type ResourceModel } from '../../../engine/definition/compile';
import type { ScreenDefinition, SelectorDefinition } from '../../../engine/definition/screen';
import { displayParts, optionLabel } from '../../../engine/definition/selectorLabel';
import { defineAction, type Action, type ActionContext } from '../core/action';
import { ApiError } from '../core/apiError';
import type { ResourceServices } from './resourceServices';
import { fromDb, type Row } from './records';
import { checkedCriteria } from './fieldValues';
import { loadEnrollmentAccess } from '../core/permissions';
import { selectorUses } from '../../../engine/definition/catalogue';
import { forbidden } from '../core/apiError';
import { grantsAny } from '../core/permissions';
import { isoDay } from '../../../engine/definition/dates';
import { definitionDb } from '../db/definitionDb';

const MAX_OPTIONS = 10_000;
/** Options of a searched selector sent at a time. */
export const SEARCH_PAGE = 50;
/** Values one labels call may ask for (a page of a table at most, with its reference columns). */
const MAX_LABELS = 1000;
/** One option as answered: its value, the text it shows, and any extra fields the selector names. */
const OPTION = { type: 'object', required: ['value', 'label'], properties: { value: { type: ['string', 'number', 'null'] }, label: { type: 'string' } } };

export function selectorActions(services: ResourceServices): Action[] {
  const uses = selectorUses(services.catalogue);
  const everyone = new Set(services.catalogue.menus.filter((menu) => menu.everyone).map((menu) => menu.menucode));
  // A child-only screen (a member's cards) opens with its parent record page's menu.
  const parentOf = new Map(services.catalogue.screens.filter((screen) => screen.childOf).map((screen) => [screen.menucode, screen.childOf!]));
  /** The ACCESS codes that open a guarded selector: its pages' menus and its resource's menu, each with its parent record page's. */
  const openedBy = (name: string, menucode: string) => {
    const menus = [...(uses.get(name)?.menus ?? []), menucode];
    return [...new Set([...menus, ...menus.flatMap((menu) => parentOf.get(menu) ?? [])])].map((menu) => `${menu}_ACCESS`);
  };
  /** The selector by name with its resource's model, or the answer for a name no selector has. */
  const find = (name: string) => {
    const selector = Object.hasOwn(services.catalogue.selectors, name) ? services.catalogue.selectors[name] : undefined;
    const screen = selector && services.catalogue.screenByResource.get(selector.resource);
    if (!selector || !screen) throw new ApiError(CODES.NOT_FOUND, `Unknown selector "${name}"`);
    return { selector, screen, model: resourceModel(screen) };
  };
  /** A scoped caller reads a guarded selector only when they may open one of its pages. */
  const guard = async (ctx: ActionContext, name: string, screen: ScreenDefinition, model: ResourceModel) => {
    if (!ctx.scope.limited) return;
    const pages = uses.get(name)?.menus ?? new Set<string>();
    const guarded = pages.size > 0 || model.scope !== undefined;
    const open = [...pages].some((menu) => everyone.has(menu));
    if (guarded && !open && !(await grantsAny(ctx.db, ctx.user!.rolecode, openedBy(name, screen.menucode)))) throw forbidden();
  };
  return [
    defineAction({
      path: '/api/selector/options',
      guard: 'session',
      reference: { summary: "A selector's options (the active rows of its screen, narrowed by its cascades and search)", result: { type: 'array', items: OPTION } },
      data: {
        type: 'object',
        required: ['selector'],
        properties: {
          selector: { type: 'string', maxLength: 60 },
          criteria: { type: 'object', maxProperties: 10, additionalProperties: { type: ['string', 'number', 'boolean'], maxLength: 200 } },
          search: { type: 'string', maxLength: 100 },
        },
      },
      handler: async (ctx) => {
        const { selector: name, criteria = {}, search } = ctx.parameter.data as { selector: string; criteria?: Record<string, string | number | boolean>; search?: string };
        const { selector, screen, model } = find(name);
        const byName = new Map(model.fields.map((f) => [f.name, f]));
        // Its cascades' and declared filters, its value (a label looked up) and its status (which never widens the active rows).
        const filters = uses.get(name)?.filters ?? new Set<string>();
        for (const field of Object.keys(criteria)) {
          if (!byName.has(field) || !(filters.has(field) || field === selector.value || field === model.status)) throw new ApiError(CODES.BAD_REQUEST, `Invalid request: selector "${name}" cannot filter by "${field}"`, 400);
        }
        if (search !== undefined && !selector.search) throw new ApiError(CODES.BAD_REQUEST, `Invalid request: selector "${name}" is not searched`, 400);
        await guard(ctx, name, screen, model);
        const scope = await ctx.scope.conditions(ctx.db, model, 'read');

        if (selector.distinct) {
          // A column's distinct values, each its own label (the user log's modules and legends).
          const values = await definitionDb(ctx.db).selectFrom(model.table).select(selector.value).distinct().orderBy(selector.value).limit(MAX_OPTIONS).execute();
          const result = values.map((row: Row) => ({ value: row[selector.value], label: String(row[selector.value]) }));
          return { result, paging: { page: 1, limit: -1, totalrecord: result.length } };
        }
        let query = definitionDb(ctx.db).selectFrom(model.table).selectAll();
        // The caller's criteria narrow the selector's own filter (active rows, fixed values), never replace it.
        const fixed = { ...(model.status && !selector.all ? { [model.status]: 'ACTIVE' } : {}), ...selector.filter };
        const asked = checkedCriteria(model, criteria, 'data.criteria');
        for (const [field, value] of [...Object.entries(fixed), ...Object.entries(asked)]) query = query.where(field, '=', typeof value === 'boolean' ? Number(value) : value);
        for (const condition of scope) query = query.where((eb) => condition.build(eb, condition.params));
        if (selector.grantedBy === 'enrollmentaccess') {
          // Only the memberships the caller's role may enroll members in (spec 000 §6).
          const granted = (await loadEnrollmentAccess(ctx.db, ctx.user!.rolecode)).filter((g) => g.grant).map((g) => g.membershipid);
          query = granted.length > 0 ? query.where(selector.value, 'in', granted) : query.where(sql<boolean>`1 = 0`);
        }
        if (selector.currentBetween) {
          const today = isoDay(ctx.now());
          const [from, to] = selector.currentBetween as [string, string];
          query = query.where(from, '<=', today).where((eb) => eb.or([eb(to, '>=', today), eb(to, 'is', null)]));
        }
        const text = search?.trim().toLowerCase() ?? '';
        if (text) {
          // Found by any part of the text it shows (an airport by code, name or city); the exact code first.
          query = query.where(sql<boolean>`lower(${shownText(selector)}) like ${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`);
          query = query.orderBy(sql`case when lower(cast(${sql.ref(selector.value)} as varchar(100))) = ${text} then 0 else 1 end`);
        }
        for (const [field, direction] of Object.entries(selector.sort ?? { [selector.label]: 'asc' as const })) query = query.orderBy(field, direction);
        const rows = (await query.limit(selector.search ? SEARCH_PAGE : MAX_OPTIONS).execute()) as Row[];
        const result = rows.map(optionOf(selector, byName));
        return { result, paging: { page: 1, limit: -1, totalrecord: result.length } };
      },
    }),
    defineAction({
      // The labels of the values a page shows (its table's, its record's), whatever their status: a row made
      // inactive since keeps its name where it is used. One call per page and selector; the browser caches them.
      path: '/api/selector/labels',
      guard: 'session',
      reference: { summary: "The labels of a selector's values, whatever their status", result: { type: 'array', items: OPTION } },
      data: {
        type: 'object',
        required: ['selector', 'values'],
        properties: {
          selector: { type: 'string', maxLength: 60 },
          values: { type: 'array', maxItems: MAX_LABELS, items: { type: ['string', 'number'], maxLength: 200 } },
        },
      },
      handler: async (ctx) => {
        const { selector: name, values } = ctx.parameter.data as { selector: string; values: (string | number)[] };
        const { selector, screen, model } = find(name);
        await guard(ctx, name, screen, model);
        const wanted = [...new Set(values.map(String))];
        if (selector.distinct || wanted.length === 0) return { result: wanted.map((value) => ({ value, label: value })) };
        const scope = await ctx.scope.conditions(ctx.db, model, 'read');
        const result = await selectorLabels(ctx.db, selector, model, wanted, (query) => scope.reduce((q, condition) => q.where((eb) => condition.build(eb, condition.params)), query));
        return { result };
      },
    }),
  ];
}

/**
 * The labels of these values of a selector, whatever the rows' status; `narrow` adds the caller's scope. Also
 * how an approval request names its record.
 */
export async function selectorLabels(db: Kysely<any>, selector: SelectorDefinition, model: ResourceModel, wanted: string[], narrow: (query: SelectQueryBuilder<any, any, any>) => SelectQueryBuilder<any, any, any> = (q) => q) {
  const byName = new Map(model.fields.map((f) => [f.name, f]));
  let query = db.selectFrom(model.table).selectAll();
  if (selector.composite) {
    // Each joined field among the values' parts; the rows then kept by their whole value.
    const { fields, separator } = selector.composite;
    const parts = wanted.map((value) => value.split(separator));
    fields.forEach((field, i) => (query = query.where(field, 'in', [...new Set(parts.map((p) => p[i] ?? ''))])));
  } else {
    const field = byName.get(selector.value)!;
    const typed = field.type === 'integer' || field.type === 'number' ? wanted.map(Number).filter(Number.isFinite) : wanted;
    if (typed.length === 0) return [];
    query = query.where(selector.value, 'in', typed);
  }
  const asked = new Set(wanted);
  return ((await narrow(query).limit(MAX_LABELS).execute()) as Row[])
    .map(optionOf(selector, byName))
    .filter((option) => asked.has(String(option.value)))
    .map(({ value, label }) => ({ value, label: String(label) }));
}

/** One row as its option: the (composite) value, the displayed label, the extras. */
const optionOf = (selector: SelectorDefinition, byName: Map<string, ResourceModel['fields'][number]>) => (row: Row) => {
  const value = selector.composite ? selector.composite.fields.map((f) => String(row[f] ?? '')).join(selector.composite.separator) : row[selector.value];
  const option: Row = { value, label: optionLabel(selector, row) };
  for (const extra of selector.extra ?? []) option[extra] = fromDb(byName.get(extra)!, row[extra]);
  return option;
};

/** The text a selector shows, as SQL: its display template's fields and literals joined (an empty field as ''). */
function shownText(selector: SelectorDefinition) {
  const parts = displayParts(selector).map((part) => ('field' in part ? sql`coalesce(cast(${sql.ref(part.field)} as varchar(400)), '')` : sql.lit(part.text)));
  return sql.join(parts, sql` || `);
}
