// The API of every approval page (kind "approvals"): /api/<page>/list and /detail under <MENU>_ACCESS,
// /approve under <MENU>_APPROVE, /reject (with a reason) under <MENU>_REJECT. A page sees only the
// requests of its menus and actions; nobody decides their own; a request is decided once.
import { CODES } from '../../../engine/api/responseCodes';
import {
  APPROVAL_STATUS,
  APPROVAL_TEXTS,
  REASON_FIELD,
  approvalScreen,
  isApprovalPage,
  pageCovers,
  requestChanges,
  type ApprovalStatus,
  type ChangeLine,
} from '../../../engine/definition/approvals';
import type { Catalogue } from '../../../engine/definition/catalogue';
import { shownRecord } from '../../../engine/definition/recordNames';
import { actionFunctionCode, resolveField, ruleContext, APPROVAL_FUNCTIONS } from '../../../engine/definition/compile';
import type { ApprovalPage } from '../../../engine/definition/screen';
import { formatMessage, validateValue } from '../../../engine/rules';
import { defineAction, type Action, type ActionContext } from '../core/action';
import { ApiError } from '../core/apiError';
import { SERIAL_MAX } from '../db/columnTypes';
import type { DialectName } from '../db/database';
import { LEGENDS, writeUserLog } from '../userlog/userLog';
import type { ApprovalRegistry } from './approvalRegistry';
import { claimDecision, findRequest, listQueue, type ApprovalRequest } from './approvalStore';

type Row = Record<string, unknown>;

const REQUEST_ID = { type: 'integer', minimum: 1, maximum: SERIAL_MAX };
const APPROVE_DATA = { type: 'object', additionalProperties: false, required: ['requestid'], properties: { requestid: REQUEST_ID } };
const REJECT_DATA = { type: 'object', additionalProperties: false, required: ['requestid'], properties: { requestid: REQUEST_ID, reason: { type: ['string', 'null'], maxLength: 2000 } } };

const reasonField = resolveField(REASON_FIELD);

/** What the list shows of a request (its values stay for the detail). */
const listed = (r: ApprovalRequest): Row => ({
  requestid: r.requestid,
  menucode: r.menucode,
  action: r.action,
  record: shownRecord(r.recordname, r.recordkey),
  recordkey: r.recordkey,
  requestedby: r.requestedby,
  requestdate: r.requestdate,
  status: r.status,
});

// What the approval actions answer, for the API reference: a request as listed, and with its decision and changes.
const TEXT = { type: ['string', 'null'] };
const REQUEST_ROW = {
  title: 'approval request',
  type: 'object',
  required: ['requestid', 'menucode', 'action', 'requestedby', 'requestdate', 'status'],
  properties: { requestid: { type: 'integer' }, menucode: TEXT, action: TEXT, record: TEXT, recordkey: TEXT, requestedby: TEXT, requestdate: TEXT, status: { enum: Object.values(APPROVAL_STATUS) } },
};
const CHANGE_LINE = { type: 'object', required: ['field', 'label', 'current', 'proposed'], properties: { field: TEXT, label: TEXT, current: TEXT, proposed: TEXT } };
const LISTED_REFERENCE = { summary: 'Requests to decide, and the caller\'s own waiting ones', result: { type: 'array', items: { allOf: [REQUEST_ROW, { properties: { mine: { type: 'boolean' } } }] } } };
const DETAIL_REFERENCE = {
  summary: 'One request with its decision and its changes (the record now against the proposal)',
  result: { allOf: [REQUEST_ROW, { properties: { decidedby: TEXT, decisiondate: TEXT, reason: TEXT, changes: { type: 'array', items: CHANGE_LINE } } }] },
  codes: [CODES.NOT_FOUND],
};
const DECIDED_REFERENCE = (summary: string) => ({
  summary,
  result: { type: 'object', required: ['requestid', 'status'], properties: { requestid: { type: 'integer' }, status: { enum: Object.values(APPROVAL_STATUS) } } },
  codes: [CODES.NOT_FOUND, CODES.VALIDATION, CODES.ALREADY_DECIDED, CODES.OWN_REQUEST, CODES.RECORD_CHANGED],
});

const STATUS_WORDS: Record<ApprovalStatus, string> = { PENDING: 'pending', APPROVED: 'approved', REJECTED: 'rejected' };

export interface ApprovalServices {
  catalogue: Catalogue;
  registry: ApprovalRegistry;
  dialect: DialectName;
}

function pageActions(page: ApprovalPage, services: ApprovalServices): Action[] {
  const screen = approvalScreen(page, services.catalogue);
  const base = `/api/${screen.resource.name}`;
  const guard = (suffix: string) => ({ function: `${page.menucode}_${suffix}` });
  const notFound = (id: unknown) => new ApiError(CODES.NOT_FOUND, formatMessage(APPROVAL_TEXTS.notFound, { id: String(id) }));

  /** A request this page covers, or 1004 (another page's request is not this page's to show). */
  async function covered(ctx: ActionContext, requestid: number): Promise<ApprovalRequest> {
    const request = await findRequest(ctx.db, requestid);
    if (!request || !pageCovers(page, request)) throw notFound(requestid);
    return request;
  }

  /** The change as the checker sees it: the record now against the proposal. */
  async function changesOf(ctx: ActionContext, request: ApprovalRequest): Promise<ChangeLine[]> {
    const applier = services.registry.applierFor(request);
    if (!applier) {
      // A domain action not wired yet: its values by name.
      const names = [...new Set([...Object.keys(request.before ?? {}), ...Object.keys(request.proposed ?? {})])];
      const text = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
      return names.map((name) => ({ field: name, label: name, current: text(request.before?.[name]), proposed: text(request.proposed?.[name]) }));
    }
    return requestChanges(applier.screen, await applier.current(ctx.db, request), request.proposed);
  }

  async function decide(ctx: ActionContext, status: ApprovalStatus, reason: string | null) {
    const requestid = (ctx.parameter.data as { requestid: number }).requestid;
    const me = ctx.user!.username;
    const request = await covered(ctx, requestid);
    if (request.requestedby === me) throw new ApiError(CODES.OWN_REQUEST, APPROVAL_TEXTS.ownRequest);
    const decided = (current: ApprovalStatus) => new ApiError(CODES.ALREADY_DECIDED, formatMessage(APPROVAL_TEXTS.decided, { status: STATUS_WORDS[current] }));
    if (request.status !== APPROVAL_STATUS.PENDING) throw decided(request.status);
    const applier = status === APPROVAL_STATUS.APPROVED ? services.registry.applierFor(request) : undefined;
    if (status === APPROVAL_STATUS.APPROVED && !applier) {
      throw new ApiError(CODES.NOT_FOUND, `No server action applies ${request.menucode} "${request.action}" requests yet`);
    }
    const at = ctx.now();
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await claimDecision(trx, requestid, { status, decidedby: me, decisiondate: at.toISOString(), reason }))) {
        const now = await findRequest(trx, requestid);
        throw decided(now?.status ?? status);
      }
      // The applier writes as the checker on behalf of the maker (an activity's Entered By and Approved By).
      await applier?.apply({ ...ctx, approval: { requestid, requestedby: request.requestedby } }, trx, request);
      for (const listener of services.registry.listenersFor(request)) await listener(ctx, trx, request, status);
      await writeUserLog(
        trx,
        {
          username: me,
          module: page.menucode,
          legend: status === APPROVAL_STATUS.APPROVED ? LEGENDS.APPROVE : LEGENDS.REJECT,
          recordkey: String(requestid),
          before: { status: APPROVAL_STATUS.PENDING },
          after: { ...listed(request), status, ...(reason ? { reason } : {}) },
          ip: ctx.ip,
        },
        at,
      );
    });
    await applier?.applied?.(ctx, request);
    ctx.mail.deliverSoon();
    return { message: status === APPROVAL_STATUS.APPROVED ? APPROVAL_TEXTS.approved : APPROVAL_TEXTS.rejected, result: { requestid, status } };
  }

  return [
    defineAction({
      path: `${base}/list`,
      guard: { function: actionFunctionCode(screen, 'access') },
      reference: LISTED_REFERENCE,
      handler: async (ctx) => {
        // The requests to decide, and the caller's own waiting ones (read-only, so the maker sees them wait).
        const me = ctx.user!.username;
        const { rows, paging } = await listQueue(ctx.db, services.dialect, screen, { menus: page.menus, actions: page.actions }, {
          criteria: ctx.parameter.criteria,
          sort: ctx.parameter.sort,
          paging: ctx.paging,
        });
        return { result: rows.map((r) => ({ ...listed(r), mine: r.requestedby === me })), paging };
      },
    }),
    defineAction({
      path: `${base}/detail`,
      guard: { function: actionFunctionCode(screen, 'access') },
      data: APPROVE_DATA,
      reference: DETAIL_REFERENCE,
      handler: async (ctx) => {
        const request = await covered(ctx, (ctx.parameter.data as { requestid: number }).requestid);
        return { result: { ...listed(request), decidedby: request.decidedby, decisiondate: request.decisiondate, reason: request.reason, changes: await changesOf(ctx, request) } };
      },
    }),
    defineAction({
      path: `${base}/approve`,
      guard: guard(APPROVAL_FUNCTIONS.approve),
      data: APPROVE_DATA,
      reference: DECIDED_REFERENCE('Approve a request: its change is applied'),
      handler: (ctx) => decide(ctx, APPROVAL_STATUS.APPROVED, null),
    }),
    defineAction({
      path: `${base}/reject`,
      guard: guard(APPROVAL_FUNCTIONS.reject),
      data: REJECT_DATA,
      reference: DECIDED_REFERENCE('Reject a request with a reason: nothing changes'),
      handler: async (ctx) => {
        const reason = (ctx.parameter.data as { reason?: string | null }).reason ?? null;
        const message = validateValue(reason, reasonField.rules, ruleContext(reasonField));
        if (message) throw new ApiError(CODES.VALIDATION, message, 200, { [reasonField.name]: message });
        return decide(ctx, APPROVAL_STATUS.REJECTED, reason!.trim());
      },
    }),
  ];
}

/** The actions of every approval page of the catalogue. */
export function approvalActions(services: ApprovalServices): Action[] {
  return services.catalogue.pages.filter(isApprovalPage).flatMap((page) => pageActions(page, services));
}
