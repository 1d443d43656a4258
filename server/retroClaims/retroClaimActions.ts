// Retro claims' part in the approvals (the approval pages RETCAPR, RETCAPRSKY, RETCAPRSTA, RETCAPROW cover their
// managers' menus): how a claim's request is shown and applied (approved: credited through accrual, or marked
// for export for SkyTeam In), and a rejection recorded on the claim with its reason.
import { APPROVAL_STATUS } from '../../engine/definition/approvals';
import type { Action } from '../platform/core/action';
import type { ModuleServices } from '../platform/serverModule';
import { claimManagers } from './retroClaimHooks';
import { approveClaim, CLAIM_REQUEST_ACTION, MEMBER_CLAIM_RESOURCE, rejectClaim } from './retroClaimStore';

export function retroClaimActions(services: ModuleServices): Action[] {
  const { catalogue } = services;
  const registry = services.approvals;
  if (!registry) return [];
  for (const screen of claimManagers(catalogue)) {
    const invalidate = () => {
      services.counts.invalidate(screen.resource.name);
      services.counts.invalidate(MEMBER_CLAIM_RESOURCE);
    };
    registry.register(screen.menucode, CLAIM_REQUEST_ACTION, {
      screen,
      // A new claim: the checker sees all of it as proposed (the images stay on the manager's View).
      current: async () => null,
      async apply(ctx, trx, request) {
        await approveClaim(ctx, trx, catalogue, screen, request);
        invalidate();
      },
    });
    registry.onDecision(screen.menucode, CLAIM_REQUEST_ACTION, async (ctx, trx, request, status) => {
      if (status !== APPROVAL_STATUS.REJECTED) return;
      await rejectClaim(ctx, trx, screen, request);
      invalidate();
    });
  }
  return [];
}
