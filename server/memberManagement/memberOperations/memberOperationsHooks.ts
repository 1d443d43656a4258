// Merging Account and Correction Transaction are list screens whose create waits for approval: the maker's
// create runs as a dry run (every check, the ledger's included, answers on its field), and approving runs
// it again in the decision's transaction. These hooks do the ledger part of that create and keep what it
// did on the record.
import type { Kysely } from 'kysely';
import type { Catalogue } from '../../../engine/definition/catalogue';
import { resourceModel } from '../../../engine/definition/compile';
import type { ActionContext } from '../../platform/core/action';
import type { Schema } from '../../platform/db/schema';
import type { ResourceHooks } from '../../platform/resources/hooks';
import type { Row } from '../../platform/resources/records';
import { CORRECTION_RESOURCE, MERGE_RESOURCE, mergeByCards, postCorrection } from './memberOperationsStore';
import { definitionDb } from '../../platform/db/definitionDb';

type Apply = (trx: Kysely<Schema>, record: Row, user: string, now: Date) => Promise<Row>;

/** A create hook that applies the record and stores the values the application gave it on the same row. */
function applyingHooks(catalogue: Catalogue, resource: string, apply: Apply): ResourceHooks {
  const screen = catalogue.screenByResource.get(resource);
  if (!screen) return {};
  const model = resourceModel(screen);
  const keepsApprover = model.fields.some((f) => f.name === 'approvedby');
  return {
    async afterCreate(ctx: ActionContext, trx: Kysely<Schema>, record: Row) {
      const values = await apply(trx, record, ctx.user!.username, ctx.now());
      // Applied at a decision: its checker; written at once (a role holding the direct function): nobody.
      if (keepsApprover) values.approvedby = ctx.approval ? ctx.user!.username : null;
      let update = definitionDb(trx).updateTable(model.table).set(values);
      for (const key of model.key) update = update.where(key, '=', record[key]);
      await update.execute();
      Object.assign(record, values);
    },
  };
}

export const memberOperationHooks = (catalogue: Catalogue): Record<string, ResourceHooks> => ({
  [MERGE_RESOURCE]: applyingHooks(catalogue, MERGE_RESOURCE, mergeByCards),
  [CORRECTION_RESOURCE]: applyingHooks(catalogue, CORRECTION_RESOURCE, postCorrection),
});
