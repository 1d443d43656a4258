// A member's status changes (spec 001 §4.3 'Member status changes through an updatestatus call'; spec 000
// §4 terminate and reactivate ask first): the Member screen's custom actions updatestatus, terminate and
// reactivate, each under its function code (MEMBER_UPDATESTATUS, MEMBER_TERMINATE, MEMBER_REACTIVATE), one
// transaction and one user log row each. A terminated member changes only by reactivate. Terminating moves
// no miles: the balances and lots stay as they are, frozen (no ledger row), and come back with reactivate;
// expiry still runs on the lots by their dates.
import type { Kysely } from 'kysely';
import { CODES } from '../../../engine/api/responseCodes';
import { defineAction, type Action, type ActionContext } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import type { Schema } from '../../platform/db/schema';
import { writeUserLog } from '../../platform/userlog/userLog';
import { MEMBER_STATUSES } from '../../../domain/memberRecord';
import { MEMBER_SCREEN_TEXTS } from './memberHooks';
import * as moduleTexts from './texts.json';

/** The statuses updatestatus may set (terminate and reactivate have their own calls). */
export const UPDATABLE_STATUSES = [MEMBER_STATUSES.ACTIVE, MEMBER_STATUSES.INACTIVE, MEMBER_STATUSES.SUSPENDED] as const;

// not in spec: the success texts of the three calls.
export const MEMBER_STATUS_TEXTS = moduleTexts.memberStatus;

const MEMBERID = { type: 'string', minLength: 1, maxLength: 20 };

type Change = (member: { status: string }, data: Record<string, unknown>) => string;

/** One status call: checks the member and its status, writes the new status and the user log in one transaction. */
function statusAction(name: string, fn: string, message: string, data: Record<string, unknown>, next: Change): Action {
  return defineAction({
    path: `/api/member/${name}`,
    guard: { function: `MEMBER_${fn}` },
    data,
    reference: { summary: `The member's status: ${name}`, result: { type: 'object', required: ['memberid', 'status'], properties: { memberid: { type: 'string' }, status: { type: 'string' } } }, codes: [CODES.VALIDATION, CODES.RECORD_CHANGED] },
    handler: async (ctx: ActionContext) => {
      const input = ctx.parameter.data as { memberid: string } & Record<string, unknown>;
      const result = await ctx.db.transaction().execute(async (trx: Kysely<Schema>) => {
        const member = await trx.selectFrom('member').select(['memberid', 'status']).where('memberid', '=', input.memberid).executeTakeFirst();
        if (!member) throw new ApiError(CODES.MEMBER_NOT_FOUND, `Member "${input.memberid}" was not found`);
        if (member.status === MEMBER_STATUSES.CLOSED) throw new ApiError(CODES.VALIDATION, MEMBER_SCREEN_TEXTS.closed);
        const status = next(member, input);
        const at = ctx.now().toISOString();
        // Guarded by the status read: a concurrent change of the same member makes this one change nothing.
        const updated = await trx
          .updateTable('member')
          .set({ status, updateddate: at, ...({ updatedby: ctx.user!.username } as object) })
          .where('memberid', '=', member.memberid)
          .where('status', '=', member.status)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw new ApiError(CODES.RECORD_CHANGED, 'The member was changed meanwhile: open it again');
        await writeUserLog(trx, { username: ctx.user!.username, module: 'MEMBER', legend: name.toUpperCase(), recordkey: member.memberid, before: { status: member.status }, after: { status }, ip: ctx.ip }, ctx.now());
        return { memberid: member.memberid, status };
      });
      return { result, message };
    },
  });
}

const refuseTerminated = (member: { status: string }) => {
  if (member.status === MEMBER_STATUSES.TERMINATED) throw new ApiError(CODES.VALIDATION, MEMBER_SCREEN_TEXTS.terminated);
};

export const memberStatusActions: Action[] = [
  statusAction(
    'updatestatus',
    'UPDATESTATUS',
    MEMBER_STATUS_TEXTS.updated,
    { type: 'object', additionalProperties: false, required: ['memberid', 'status'], properties: { memberid: MEMBERID, status: { type: 'string', maxLength: 20 } } },
    (member, data) => {
      refuseTerminated(member);
      const status = String(data.status);
      if (!(UPDATABLE_STATUSES as readonly string[]).includes(status)) {
        const text = `Status must be one of ${UPDATABLE_STATUSES.join(', ')}`;
        throw new ApiError(CODES.VALIDATION, text, 200, { status: text });
      }
      if (status === member.status) throw new ApiError(CODES.VALIDATION, MEMBER_STATUS_TEXTS.sameStatus, 200, { status: MEMBER_STATUS_TEXTS.sameStatus });
      return status;
    },
  ),
  statusAction('terminate', 'TERMINATE', MEMBER_STATUS_TEXTS.terminated, { type: 'object', additionalProperties: false, required: ['memberid'], properties: { memberid: MEMBERID } }, (member) => {
    refuseTerminated(member);
    return MEMBER_STATUSES.TERMINATED;
  }),
  statusAction('reactivate', 'REACTIVATE', MEMBER_STATUS_TEXTS.reactivated, { type: 'object', additionalProperties: false, required: ['memberid'], properties: { memberid: MEMBERID } }, (member) => {
    if (member.status !== MEMBER_STATUSES.TERMINATED) throw new ApiError(CODES.VALIDATION, MEMBER_STATUS_TEXTS.notTerminated);
    return MEMBER_STATUSES.ACTIVE;
  }),
];
