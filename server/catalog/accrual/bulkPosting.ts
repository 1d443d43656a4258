// Bulk posting for the airline's systems: up to BULK_MAX_ROWS air and non-air activities in one call, each row
// checked as a single post is checked, then rated and written as one batch (accrualBatch.ts, the path an activity
// file's chunk and the queued posts take), answering each row: CREDITED, REJECTED (by its checks or by the rules,
// with the code) or PARKED. A segment credited before, or earlier in the call, is rejected as a file's row is.
import { CODES } from '../../../engine/api/responseCodes';
import { generateKey } from '../../../engine/definition/generatedKey';
import { formatMessage } from '../../../engine/rules';
import { defineAction, type Action, type ActionContext, type ActionResult } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import { countRollupsPerStatement } from '../../platform/rollups/rollupStore';
import type { Row } from '../../platform/resources/records';
import { rateBatch, writeBatch, type BatchOutcome } from './accrualBatch';
import { postedFields, type ActivityType, type PostedActivity, type WriteContext } from './accrualStore';
import * as moduleTexts from './texts.json';

export const BULK_POST_PATH = '/api/accrual/bulk';
/** The most activities one call takes. */
export const BULK_MAX_ROWS = 1000;

// not in spec: the product's own texts.
export const BULK_POST_TEXTS = moduleTexts.bulkPost;

/** One row's answer, in the order sent (`row` counts from 1). */
export interface BulkRowResult {
  row: number;
  status: 'CREDITED' | 'REJECTED' | 'PARKED';
  /** 0000 for a credit; the rules' reason code, or the refusal's response code (1002 for a field's check). */
  code: string;
  message: string | null;
  fields?: Record<string, string>;
  memberid: string | null;
  activityid: string | null;
  parkid: string | null;
  awardmiles: number;
  tiermiles: number;
  segments: number;
}

const refusedRow = (row: number, error: ApiError): BulkRowResult => ({
  row,
  status: 'REJECTED',
  code: error.code,
  message: error.message,
  ...(error.fields ? { fields: error.fields } : {}),
  memberid: null,
  activityid: null,
  parkid: null,
  awardmiles: 0,
  tiermiles: 0,
  segments: 0,
});

function outcomeRow(row: number, outcome: BatchOutcome): BulkRowResult {
  if ('refusal' in outcome) return refusedRow(row, outcome.refusal);
  const { status, result, memberid, activityid, parkid } = outcome.posted;
  const credited = status === 'CREDITED';
  return {
    row,
    status,
    code: credited ? CODES.SUCCESS : String(result.reasoncode ?? result.outcome),
    message: credited ? null : (result.reason ?? null),
    memberid: memberid ?? null,
    activityid: activityid ?? null,
    parkid: parkid ?? null,
    awardmiles: credited ? result.awardmiles : 0,
    tiermiles: credited ? result.tiermiles : 0,
    segments: credited ? result.segments : 0,
  };
}

const ROW_FIELDS: Record<ActivityType, Set<string>> = { AIR: new Set(postedFields('AIR')), NONAIR: new Set(postedFields('NONAIR')) };

export interface BulkPostingDeps {
  guard: { function: string };
  /** A single post's checks (types, rules, column sizes, the type's fields, dates, references). */
  checked(ctx: ActionContext, type: ActivityType, data: Row): Promise<PostedActivity>;
  /** Whether the caller credits at once (holds the post-without-approval function). */
  writesDirect(ctx: ActionContext): Promise<boolean>;
  writeContext(ctx: ActionContext): WriteContext;
  /** After a batch is written: the activity and park lists' counts change. */
  written(): void;
}

/** The row's activity, checked as a single post of its type; an ApiError refuses the row. */
async function checkedRow(deps: BulkPostingDeps, ctx: ActionContext, data: Row): Promise<PostedActivity> {
  const { activitytype: type, ...fields } = data;
  if (type !== 'AIR' && type !== 'NONAIR') throw new ApiError(CODES.VALIDATION, BULK_POST_TEXTS.activityType, 200, { activitytype: BULK_POST_TEXTS.activityType });
  const extra = Object.keys(fields).find((name) => !ROW_FIELDS[type].has(name));
  if (extra) {
    const message = formatMessage(BULK_POST_TEXTS.notAField, { field: extra, type });
    throw new ApiError(CODES.VALIDATION, message, 200, { [extra]: message });
  }
  return deps.checked(ctx, type, fields);
}

const NULLABLE_TEXT = { type: ['string', 'null'] };
/** The answer of a bulk post, for the API reference: the totals and a result per row, in the rows' order. */
const BULK_RESULT = {
  type: 'object',
  required: ['total', 'credited', 'rejected', 'parked', 'rows'],
  properties: {
    total: { type: 'integer' },
    credited: { type: 'integer' },
    rejected: { type: 'integer' },
    parked: { type: 'integer' },
    rows: {
      type: 'array',
      items: {
        type: 'object',
        required: ['row', 'status', 'code', 'awardmiles', 'tiermiles', 'segments'],
        properties: {
          row: { type: 'integer', minimum: 1 },
          status: { enum: ['CREDITED', 'REJECTED', 'PARKED'] },
          code: { type: 'string', description: "0000 for a credit; the rules' reason code, or the refusal's response code (1002 for a field's check)." },
          message: NULLABLE_TEXT,
          fields: { type: 'object', additionalProperties: { type: 'string' } },
          memberid: NULLABLE_TEXT,
          activityid: NULLABLE_TEXT,
          parkid: NULLABLE_TEXT,
          awardmiles: { type: 'number' },
          tiermiles: { type: 'number' },
          segments: { type: 'number' },
        },
      },
    },
  },
};

export function bulkPostAction(deps: BulkPostingDeps): Action {
  return defineAction({
    path: BULK_POST_PATH,
    guard: deps.guard,
    data: {
      type: 'object',
      additionalProperties: false,
      required: ['activities'],
      properties: { activities: { type: 'array', minItems: 1, maxItems: BULK_MAX_ROWS, items: { type: 'object' } } },
    },
    reference: {
      summary: `Post up to ${BULK_MAX_ROWS.toLocaleString('en-US')} activities in one call`,
      description: "Each row is a flight's or a partner activity's fields with its `activitytype`; each is rated and credited as one post is, in one transaction, and answered by its row number.",
      result: BULK_RESULT,
      codes: [CODES.VALIDATION],
    },
    handler: async (ctx): Promise<ActionResult> => {
      if (!(await deps.writesDirect(ctx))) throw new ApiError(CODES.FORBIDDEN, BULK_POST_TEXTS.needsDirect, 403);
      const rows = (ctx.parameter.data as { activities: Row[] }).activities;
      const results: BulkRowResult[] = new Array(rows.length);
      const good: { index: number; activity: PostedActivity }[] = [];
      for (const [index, data] of rows.entries()) {
        try {
          good.push({ index, activity: await checkedRow(deps, ctx, data) });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          results[index] = refusedRow(index + 1, error);
        }
      }
      if (good.length > 0) {
        const w = deps.writeContext(ctx);
        const outcomes = await ctx.db.transaction().execute(async (trx) => {
          await countRollupsPerStatement(trx);
          const rated = await rateBatch(trx, w, good.map((g) => ({ activity: g.activity, id: generateKey(w.now) })), 'reject');
          return writeBatch(trx, w, rated, 'API', 'reject');
        });
        good.forEach((g, i) => (results[g.index] = outcomeRow(g.index + 1, outcomes[i]!)));
        deps.written();
      }
      const count = (status: BulkRowResult['status']) => results.filter((r) => r.status === status).length;
      const totals = { total: rows.length, credited: count('CREDITED'), rejected: count('REJECTED'), parked: count('PARKED') };
      const figures = Object.fromEntries(Object.entries(totals).map(([name, n]) => [name, n.toLocaleString('en-US')]));
      return { message: formatMessage(BULK_POST_TEXTS.summary, figures), result: { ...totals, rows: results } };
    },
  });
}
