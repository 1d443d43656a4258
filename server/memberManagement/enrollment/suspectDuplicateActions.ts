// Suspect Duplicate's Request Merge: the suspect's newer member (the enrollment that matched) is
// asked to merge into the member it matched, as the very request /merging-account makes (the merge's dry run,
// its field messages, a PENDING request decided on /merging-account-approval); the suspect row is linked to the
// request (its merge id) in the request's transaction and then follows the decision: MERGED or MERGE_REJECTED.
import type { Kysely } from 'kysely';
import { CODES } from '../../../engine/api/responseCodes';
import { APPROVAL_REQUESTED } from '../../platform/approvals/directWrites';
import { APPROVAL_STATUS } from '../../../engine/definition/approvals';
import { actionFunctionCode, isCustomAction } from '../../../engine/definition/compile';
import { formatMessage } from '../../../engine/rules';
import { defineAction, type Action } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import type { Schema } from '../../platform/db/schema';
import type { ModuleServices } from '../../platform/serverModule';
import { LEGENDS, writeUserLog } from '../../platform/userlog/userLog';
import { SUSPECT_RESOURCE, SUSPECT_STATUS, SUSPECT_TABLE, SUSPECT_TEXTS } from './duplicateCheck';
import { definitionDb } from '../../platform/db/definitionDb';

/** The action of screens/member-management/suspect-duplicate.json this module serves. */
const MERGE_ACTION = 'merge-request';
/** Merging Account (screens/member-management/merging-account.json): its create waits for approval. */
export const MERGE_MENU = 'MERACC';
const MERGE_CREATE = 'create';
const LEGEND = 'MERGE-REQUEST';

const KEY_DATA = {
  type: 'object',
  required: ['memberid', 'matchedmemberid', 'matchrule'],
  additionalProperties: false,
  properties: {
    memberid: { type: 'string', minLength: 1, maxLength: 20 },
    matchedmemberid: { type: 'string', minLength: 1, maxLength: 20 },
    matchrule: { type: 'string', minLength: 1, maxLength: 20 },
    reason: { type: ['string', 'null'], maxLength: 2000 },
  },
};

type SuspectKey = { memberid: string; matchedmemberid: string; matchrule: string };

/** The card a member is known by now (the suspect row keeps the one it had when it was detected). */
async function cardOf(db: Kysely<Schema>, memberid: string, detected: unknown): Promise<string> {
  const member = await db.selectFrom('member').select('cardnumber' as never).where('memberid', '=', memberid).executeTakeFirst();
  return String((member as { cardnumber?: string | null } | undefined)?.cardnumber ?? detected ?? '');
}

export function suspectDuplicateActions(services: ModuleServices): Action[] {
  const screen = services.catalogue.screenByResource.get(SUSPECT_RESOURCE);
  const action = screen?.actions.filter(isCustomAction).find((a) => a.name === MERGE_ACTION);
  const registry = services.approvals;
  if (!screen || !action || !registry) return [];

  // The suspect rows of a merge request follow its decision, in the decision's transaction.
  registry.onDecision(MERGE_MENU, MERGE_CREATE, async (ctx, trx, request, status) => {
    const next = status === APPROVAL_STATUS.APPROVED ? SUSPECT_STATUS.MERGED : SUSPECT_STATUS.MERGE_REJECTED;
    const linked = (await definitionDb(trx).selectFrom(SUSPECT_TABLE).select(['memberid', 'matchedmemberid', 'matchrule']).where('mergeid', '=', request.recordkey).where('status', '=', SUSPECT_STATUS.MERGE_REQUESTED).execute()) as SuspectKey[];
    if (linked.length === 0) return;
    const at = ctx.now();
    await definitionDb(trx).updateTable(SUSPECT_TABLE).set({ status: next, updatedby: ctx.user!.username, updateddate: at.toISOString() }).where('mergeid', '=', request.recordkey).where('status', '=', SUSPECT_STATUS.MERGE_REQUESTED).execute();
    for (const key of linked) {
      await writeUserLog(trx, { username: ctx.user!.username, module: screen.menucode, legend: status === APPROVAL_STATUS.APPROVED ? LEGENDS.APPROVE : LEGENDS.REJECT, recordkey: `${key.memberid}|${key.matchedmemberid}|${key.matchrule}`, before: { status: SUSPECT_STATUS.MERGE_REQUESTED }, after: { status: next, mergeid: request.recordkey }, ip: ctx.ip }, at);
    }
    services.counts.invalidate(SUSPECT_RESOURCE);
  });

  return [
    defineAction({
      path: `/api/${SUSPECT_RESOURCE}/${MERGE_ACTION}`,
      guard: { function: actionFunctionCode(screen, action) },
      data: KEY_DATA,
      reference: {
        summary: 'Ask for the newer member to be merged into the one it matched (Merging Account, on approval)',
        result: { allOf: [APPROVAL_REQUESTED, { required: ['mergeid', 'suspectstatus'], properties: { mergeid: { type: 'string' }, suspectstatus: { const: SUSPECT_STATUS.MERGE_REQUESTED } } }] },
        codes: [CODES.NOT_FOUND, CODES.ALREADY_DECIDED, CODES.VALIDATION, CODES.APPROVAL_PENDING],
      },
      handler: async (ctx) => {
        const { reason, ...key } = ctx.parameter.data as SuspectKey & { reason?: string | null };
        const suspect = (await definitionDb(ctx.db).selectFrom(SUSPECT_TABLE).selectAll().where('memberid', '=', key.memberid).where('matchedmemberid', '=', key.matchedmemberid).where('matchrule', '=', key.matchrule).executeTakeFirst()) as Record<string, unknown> | undefined;
        if (!suspect) throw new ApiError(CODES.NOT_FOUND, `${screen.title} "${key.memberid}|${key.matchedmemberid}|${key.matchrule}" was not found`);
        const decided = () => new ApiError(CODES.ALREADY_DECIDED, formatMessage(SUSPECT_TEXTS.alreadyDecided, { status: String(suspect.status) }));
        if (suspect.status !== SUSPECT_STATUS.OPEN) throw decided();
        const merge = registry.applierFor({ menucode: MERGE_MENU, action: MERGE_CREATE });
        if (!merge?.request) throw new Error(`${MERGE_MENU} "${MERGE_CREATE}" does not wait for approval`);
        // The newer member (whose enrollment matched) is the duplicate; the member it matched survives.
        const data = { fromcardnumber: await cardOf(ctx.db, key.memberid, suspect.cardnumber), intocardnumber: await cardOf(ctx.db, key.matchedmemberid, suspect.matchedcardnumber), reason: reason ?? null };
        let mergeid = '';
        const answer = await merge.request(ctx, data, async (trx, request) => {
          mergeid = request.recordkey;
          const at = ctx.now();
          const changes = { status: SUSPECT_STATUS.MERGE_REQUESTED, mergeid, updatedby: ctx.user!.username, updateddate: at.toISOString() };
          // Guarded: of two requests from the same suspect at once, one finds it OPEN; the other stores nothing.
          const done = await definitionDb(trx).updateTable(SUSPECT_TABLE).set(changes).where('memberid', '=', key.memberid).where('matchedmemberid', '=', key.matchedmemberid).where('matchrule', '=', key.matchrule).where('status', '=', SUSPECT_STATUS.OPEN).executeTakeFirst();
          if (Number(done.numUpdatedRows) !== 1) throw decided();
          await writeUserLog(trx, { username: ctx.user!.username, module: screen.menucode, legend: LEGEND, recordkey: `${key.memberid}|${key.matchedmemberid}|${key.matchrule}`, before: { status: suspect.status }, after: { status: changes.status, mergeid, requestid: request.requestid }, ip: ctx.ip }, at);
        });
        services.counts.invalidate(SUSPECT_RESOURCE);
        return { ...answer, result: { ...(answer.result as object), mergeid, suspectstatus: SUSPECT_STATUS.MERGE_REQUESTED } };
      },
    }),
  ];
}
