// A view page's resource (engine/definition/viewPage.ts) keeps to its fixed criteria in every read and change:
// a row outside them is not found, whatever key the caller sends.
import type { ResourceModel } from '../../../engine/definition/compile';
import { toDb } from './records';

interface Filterable<Q> {
  where(column: string, op: '=' | 'in', value: unknown): Q;
}

/** The query narrowed to the rows of the model's view filter (unchanged for a resource that is no view). */
export function keepToViewFilter<Q extends Filterable<Q>>(query: Q, model: ResourceModel): Q {
  for (const [name, value] of Object.entries(model.filter ?? {})) {
    const field = model.fields.find((f) => f.name === name);
    if (!field) throw new Error(`resource "${model.name}": its view filter names "${name}", which it does not carry`);
    query = Array.isArray(value) ? query.where(name, 'in', value.map((v) => toDb(field, v))) : query.where(name, '=', toDb(field, value));
  }
  return query;
}
