// The criteria a panel or report page is asked with: checked by its filters' rules, each filter it was not sent
// read as null, then pinned to the caller's row scope (a branch or partner filter takes the caller's own value when
// empty and refuses another). A refusal is a 1002 naming the field; the dashboard and the reports share this.
import type { Catalogue } from '../../../engine/definition/catalogue';
import { panelCriteriaNames, validatePanelCriteria, type FilterValue } from '../../../engine/definition/panelPage';
import type { PanelDefinition, PanelFilter } from '../../../engine/definition/screen';
import { invalid } from '../core/apiError';
import type { Scope } from '../core/scope';
import { pinToScope, scopeCriteria } from '../resources/rowScope';

export type Criteria = Record<string, FilterValue>;

/** The checker of one page's criteria (its filters read once, when the server starts). */
export function criteriaChecker(catalogue: Catalogue, panel: PanelDefinition, filters: readonly PanelFilter[]) {
  const names = panelCriteriaNames(panel);
  const pins = scopeCriteria(catalogue, filters);
  return (scope: Scope, sent: Record<string, unknown>, now: Date): Criteria => {
    const errors = validatePanelCriteria(panel, sent, now);
    const first = Object.values(errors)[0];
    if (first) throw invalid(first, errors);
    const criteria: Criteria = {};
    for (const name of names) criteria[name] = (sent[name] as FilterValue | undefined) ?? null;
    const outside = pinToScope(scope, pins, criteria);
    const refused = Object.values(outside)[0];
    if (refused) throw invalid(refused, outside);
    return criteria;
  };
}
