// Accrual's hooks into the generic resource API: staff add a member's activity on the Activity step (the
// generic create writes the row; the hook rates and credits it, or refuses with the reason and nothing stays),
// editing an activity's booking class, fare or amount re-rates it, a parked activity is corrected only while
// parked, and a change to any rule table or airport refreshes the cached rule book.
import type { Catalogue } from '../../../engine/definition/catalogue';
import { fieldOf } from '../../../engine/definition/compile';
import { CODES } from '../../../engine/api/responseCodes';
import type { ActionContext } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import type { HookRegistry, ResourceHooks } from '../../platform/resources/hooks';
import { ACTIVITY_RESOURCE, BOOK_RESOURCES, PARK_RESOURCE, activityProblems, creditAddedActivity, entryColumns, rerate, ruleBookChanged, storedActivity, type WriteContext } from './accrualStore';
import { isoDay } from '../../../engine/definition/dates';

const today = (ctx: ActionContext) => isoDay(ctx.now());

export const writeContext = (ctx: ActionContext, catalogue: Catalogue): WriteContext => ({
  db: ctx.db,
  catalogue,
  user: ctx.user!.username,
  now: ctx.now(),
  // Applying an approved request: the maker entered it, the checker (the caller) approved it.
  ...(ctx.approval ? { enteredby: ctx.approval.requestedby, approvedby: ctx.user!.username } : {}),
});

/** Field name -> its label on a screen (the messages name fields as the form shows them). */
export const labelsOf = (catalogue: Catalogue, resource: string) => (name: string) => {
  const screen = catalogue.screenByResource.get(resource);
  return (screen && fieldOf(screen, name)?.label) ?? name;
};

function refuseProblems(problems: Record<string, string>): void {
  const first = Object.values(problems)[0];
  if (first) throw new ApiError(CODES.VALIDATION, first, 200, problems);
}

function memberActivityHooks(catalogue: Catalogue): ResourceHooks {
  return {
    createColumns: (ctx) => ({ channel: 'STAFF', status: 'PENDING', ...entryColumns(writeContext(ctx, catalogue)) }),
    async afterCreate(ctx, trx, record) {
      refuseProblems(activityProblems(storedActivity(record), labelsOf(catalogue, ACTIVITY_RESOURCE), today(ctx)));
      await creditAddedActivity(trx, record, writeContext(ctx, catalogue));
    },
    async changeColumns(ctx, trx, { before, changes }) {
      const changed = storedActivity({ ...before, ...changes });
      refuseProblems(activityProblems(changed, labelsOf(catalogue, ACTIVITY_RESOURCE), today(ctx)));
      return rerate(trx, before, changed, writeContext(ctx, catalogue));
    },
  };
}

const parkHooks: ResourceHooks = {
  changeColumns(_ctx, _trx, { before }) {
    if (before.status !== 'PARKED') {
      const message = `Only a parked activity can be changed (this one is ${String(before.status)})`;
      throw new ApiError(CODES.VALIDATION, message, 200, { status: message });
    }
    return undefined;
  },
};

/** Every rule table (and airports): after any write, the next activity reads the rules again. */
const refreshing: ResourceHooks = {
  afterCreate: async (ctx) => ruleBookChanged(ctx.db),
  checkChange: async (ctx) => ruleBookChanged(ctx.db),
};

/** Accrual's hooks by resource (combined with other modules' hooks of the same resources). */
export function accrualHooks(catalogue: Catalogue): HookRegistry {
  return {
    [ACTIVITY_RESOURCE]: memberActivityHooks(catalogue),
    [PARK_RESOURCE]: parkHooks,
    ...Object.fromEntries(BOOK_RESOURCES.map((resource) => [resource, refreshing])),
  };
}
