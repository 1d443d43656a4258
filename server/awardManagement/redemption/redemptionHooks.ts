// Redemption's resource hooks: a write to an award table (or the configuration) makes the cached award book
// stale, so the next redemption reads the catalogue again (server/awardManagement/redemption/redemptionStore.ts).
import type { HookRegistry, ResourceHooks } from '../../platform/resources/hooks';
import { AWARD_BOOK_RESOURCES, awardBookChanged } from './redemptionStore';

const refreshing: ResourceHooks = {
  afterCreate: async (ctx) => awardBookChanged(ctx.db),
  checkChange: async (ctx) => awardBookChanged(ctx.db),
};

export const redemptionHooks: HookRegistry = Object.fromEntries(AWARD_BOOK_RESOURCES.map((resource) => [resource, refreshing]));
