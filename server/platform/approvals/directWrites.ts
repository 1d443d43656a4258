// Maker-checker for miles a person enters: whether the caller's role writes at once (it holds the flow's
// post-without-approval function, e.g. MEMBER_POSTDIRECT) or asks for approval, and a domain flow's request
// stored with its record's name and user log row, answered as every maker-checker flow answers.
import type { Kysely } from 'kysely';
import { APPROVAL_STATUS, APPROVAL_TEXTS, approvalPages } from '../../../engine/definition/approvals';
import type { Catalogue } from '../../../engine/definition/catalogue';
import { formatMessage } from '../../../engine/rules';
import type { ActionContext, ActionResult } from '../core/action';
import type { Schema } from '../db/schema';
import { grantsAny } from '../core/permissions';
import { LEGENDS, writeUserLog } from '../userlog/userLog';
import { insertRequest, type NewRequest } from './approvalStore';
import { submittedAnswer } from './approvers';
import { recordName } from './recordNames';

/** The post-without-approval function suffix the manual miles flows declare (<MENU>_POSTDIRECT). */
export const POST_DIRECT = 'POSTDIRECT';

/** Whether the caller's role holds `functioncode` (absent: nobody writes at once); read in `db` when in a transaction. */
export async function writesDirect(ctx: ActionContext, functioncode: string | undefined, db: Kysely<Schema> = ctx.db): Promise<boolean> {
  return !!functioncode && !!ctx.user && (await grantsAny(db, ctx.user.rolecode, [functioncode]));
}

/** What a maker's call answers instead of its write: the request waiting for approval and the roles that may approve it. */
export const APPROVAL_REQUESTED = {
  title: 'Approval request',
  type: 'object',
  required: ['requestid', 'status'],
  properties: { requestid: { type: 'integer' }, status: { const: APPROVAL_STATUS.PENDING }, approvers: { type: 'array', items: { type: 'string' } } },
};

export type DomainRequest = Omit<NewRequest, 'requestedby' | 'requestdate' | 'recordname'> & {
  /** What the pending message calls the record ('Member Activity "…" already has a request waiting'). */
  title: string;
};

/**
 * Stores the maker's request in `trx` with its record's name (from the values proposed) and its user log row;
 * the answer says it waits for approval and who may approve it.
 */
export async function requestDomainApproval(ctx: ActionContext, trx: Kysely<Schema>, catalogue: Catalogue, request: DomainRequest): Promise<ActionResult> {
  const { title, ...values } = request;
  const at = ctx.now();
  const user = ctx.user!.username;
  const recordname = await recordName(trx, catalogue, values.resource, { ...values.proposed, ...values.key });
  const requestid = await insertRequest(trx, { ...values, recordname, requestedby: user, requestdate: at.toISOString() }, formatMessage(APPROVAL_TEXTS.pending, { title, key: values.recordkey }));
  await writeUserLog(trx, { username: user, module: values.menucode, legend: LEGENDS.REQUEST_APPROVAL, recordkey: values.recordkey, after: { requestid, action: values.action, proposed: values.proposed }, ip: ctx.ip }, at);
  const { message, approvers } = await submittedAnswer(trx, approvalPages(catalogue), values);
  return { message, result: { requestid, status: APPROVAL_STATUS.PENDING, approvers } };
}
