// Retro claims' hooks into the generic resource API: a claim created on a manager (a view of the member's claims
// per claim type, or SkyTeam In's own list) is checked by the claim rules before it is stored (the member its card
// names becomes its key), and its approval request is opened in the same transaction (the answer names who may approve it).
import { approvalPages } from '../../engine/definition/approvals';
import type { Catalogue } from '../../engine/definition/catalogue';
import type { ScreenDefinition } from '../../engine/definition/screen';
import type { ViewResource } from '../../engine/definition/viewPage';
import { submittedAnswer } from '../platform/approvals/approvers';
import type { HookRegistry, ResourceHooks } from '../platform/resources/hooks';
import { checkInClaim, checkMemberClaim, CLAIM_REQUEST_ACTION, IN_CLAIM_RESOURCE, MEMBER_CLAIM_RESOURCE, openClaimRequest } from './retroClaimStore';
import { isoDay } from '../../engine/definition/dates';

/** The managers of the member's claims: the views of the member's Retro Claim screen (one per claim type). */
export function memberClaimManagers(catalogue: Catalogue): ScreenDefinition[] {
  const source = catalogue.screenByResource.get(MEMBER_CLAIM_RESOURCE);
  return catalogue.screens.filter((s) => !!source && (s.resource as Partial<ViewResource>).view?.of === source.menucode);
}

/** Every manager a claim is created on: the member claims' views and SkyTeam In. */
export function claimManagers(catalogue: Catalogue): ScreenDefinition[] {
  const incoming = catalogue.screenByResource.get(IN_CLAIM_RESOURCE);
  return [...memberClaimManagers(catalogue), ...(incoming ? [incoming] : [])];
}

export function retroClaimHooks(catalogue: Catalogue): HookRegistry {
  const hooks = (screen: ScreenDefinition, check: typeof checkMemberClaim | typeof checkInClaim): ResourceHooks => ({
    async deriveColumns(ctx, trx, values) {
      const derived = await check(ctx, trx, catalogue, values);
      return { ...(derived ?? {}), claimdate: isoDay(ctx.now()) };
    },
    async afterCreate(ctx, trx, record) {
      await openClaimRequest(ctx, trx, catalogue, screen, record);
    },
    createdMessage: async (ctx) => (await submittedAnswer(ctx.db, approvalPages(catalogue), { menucode: screen.menucode, action: CLAIM_REQUEST_ACTION })).message,
  });
  return Object.fromEntries(
    claimManagers(catalogue).map((screen) => [screen.resource.name, hooks(screen, screen.resource.name === IN_CLAIM_RESOURCE ? checkInClaim : checkMemberClaim)]),
  );
}
