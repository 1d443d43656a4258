// Serves every panel of every panel page at /api/<query>: the criteria checked against the panel's filter
// definitions, then the named query's read, answered with '0000' (spec 000 §8: exactly that for dashboard calls).
import type { Catalogue } from '../../../engine/definition/catalogue';
import { resolveDateBound } from '../../../engine/definition/dateBounds';
import { roleAllows } from '../../../engine/definition/menuTree';
import type { PanelDefinition, PanelPage } from '../../../engine/definition/screen';
import { CODES, MESSAGES } from '../../../engine/api/responseCodes';
import { defineAction, type Action, type Guard } from '../core/action';
import { forbidden } from '../core/apiError';
import type { PanelQuery } from './panelQuery';
import { PANEL_QUERIES } from './panelQueries';
import { criteriaChecker } from './pageCriteria';

export const isPanelPage = (page: { kind?: string }): page is PanelPage => page.kind === 'panels';

/** Panels whose query the registry does not have, or shares with another panel ('<MENU> <panel key>: ...'). */
export function unservedPanels(catalogue: Catalogue, queries: Readonly<Record<string, PanelQuery>> = PANEL_QUERIES): string[] {
  const problems: string[] = [];
  const usedBy = new Map<string, string>();
  for (const page of catalogue.pages.filter(isPanelPage)) {
    const announcement = page.announcement;
    if (announcement) {
      if (!Object.hasOwn(queries, announcement.query)) problems.push(`${page.menucode} announcement: no panel query "${announcement.query}" in server/platform/panels/panelQueries.ts`);
      usedBy.set(announcement.query, `${page.menucode} announcement`);
    }
    for (const panel of page.panels) {
      const at = `${page.menucode} panel "${panel.key}"`;
      if (!Object.hasOwn(queries, panel.query)) problems.push(`${at}: no panel query "${panel.query}" in server/platform/panels/panelQueries.ts`);
      const other = usedBy.get(panel.query);
      if (other) problems.push(`${at}: query "${panel.query}" is already read by ${other}`);
      else usedBy.set(panel.query, at);
    }
  }
  return problems;
}

/** A panel's rows as its definition shows them (its columns with their labels; numbers where it formats them as such). */
function panelReference(panel: PanelDefinition) {
  const columns = panel.chart.columns ?? [];
  const typed = (format: string | undefined) => (format === 'number' || format === 'percent' ? { type: ['number', 'null'] } : format === 'date' ? { type: ['string', 'null'] } : {});
  const named = new Set(columns.map((c) => c.name));
  const axes = [panel.chart.x, panel.chart.series].filter((name): name is string => !!name && !named.has(name));
  const measure = panel.chart.y && !named.has(panel.chart.y) ? { [panel.chart.y]: { type: ['number', 'null'] } } : {};
  const properties = { ...Object.fromEntries(axes.map((name) => [name, {}])), ...measure, ...Object.fromEntries(columns.map((c) => [c.name, { title: c.label, ...typed(c.format) }])) };
  return { summary: panel.title, description: "The panel's rows for the criteria its filters take.", result: { type: 'array', items: { type: 'object', properties } } };
}

/**
 * One action per panel. The guard is the page's menu ACCESS function; a menu shown to everyone (the
 * dashboard, spec 000 §6) needs a session only, but its role rule still applies (BOD has no dashboard).
 */
export function panelActions(catalogue: Catalogue, queries: Readonly<Record<string, PanelQuery>> = PANEL_QUERIES): Action[] {
  const problems = unservedPanels(catalogue, queries);
  if (problems.length > 0) throw new Error(`Panels without a server query:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  return catalogue.pages.filter(isPanelPage).flatMap((page) => {
    const menu = catalogue.menus.find((m) => m.menucode === page.menucode);
    const guard: Guard = menu?.everyone ? 'session' : { function: `${page.menucode}_ACCESS` };
    // The announcement is read like a panel without filters.
    const read: PanelDefinition[] = page.announcement ? [{ key: 'announcement', title: page.announcement.title, query: page.announcement.query, chart: { kind: 'table' } }] : [];
    return [...read, ...page.panels].map((panel) => {
      const query = queries[panel.query]!;
      const checked = criteriaChecker(catalogue, panel, panel.filters ?? []);
      return defineAction({
        path: `/api/${panel.query}`,
        guard,
        reference: panelReference(panel),
        handler: async (ctx) => {
          const user = ctx.user!;
          if (menu?.everyone && !roleAllows(menu.roles, user.rolename)) throw forbidden();
          const now = ctx.now();
          const criteria = checked(ctx.scope, ctx.parameter.criteria ?? {}, now);
          const rows = await query.run({ db: ctx.db, user, now, today: resolveDateBound('today', now)!, members: ctx.scope.members() }, criteria);
          return { code: CODES.SUCCESS, message: MESSAGES.SUCCESS, result: rows };
        },
      });
    });
  });
}
