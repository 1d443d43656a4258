// Maker-checker inside the generic resource API. A screen's write that needs approval first runs as a dry
// run (the very same write, rolled back), so the maker gets every validation message at once and the
// request stores the record before and as proposed; then only the request is stored. Approving runs that
// same write again, in the decision's transaction, against the record as it is then. Domain flows register
// their own appliers for their own actions (ApprovalRegistry.register).
import type { Kysely } from 'kysely';
import { CODES } from '../../../engine/api/responseCodes';
import { APPROVAL_TEXTS, needsApproval } from '../../../engine/definition/approvals';
import type { Catalogue } from '../../../engine/definition/catalogue';
import { directFunctionCode, resourceModel, type ResourceModel } from '../../../engine/definition/compile';
import type { ScreenDefinition } from '../../../engine/definition/screen';
import { formatMessage } from '../../../engine/rules';
import type { Action, ActionContext, ActionResult } from '../core/action';
import { ApiError } from '../core/apiError';
import type { Schema } from '../db/schema';
import type { CountCache } from '../resources/countCache';
import type { HookRegistry, ResourceHooks } from '../resources/hooks';
import { recordKey, rowToRecord, type Row } from '../resources/records';
import { LEGENDS, writeUserLog } from '../userlog/userLog';
import type { ApprovalRegistry, RequestLink } from './approvalRegistry';
import { insertRequest, type ApprovalRequest } from './approvalStore';
import { submittedAnswer } from './approvers';
import { recordName } from './recordNames';
import { APPROVAL_REQUESTED, writesDirect } from './directWrites';
import { definitionDb } from '../db/definitionDb';

/**
 * A view of a transaction in which `transaction().execute(work)` runs the work in that same transaction:
 * a resource action's own transaction then becomes part of the caller's (a dry run, or a decision).
 */
export function joinedTransaction(trx: Kysely<Schema>): Kysely<Schema> {
  return new Proxy(trx, {
    get(target, property) {
      if (property === 'transaction') return () => ({ execute: <T>(work: (t: Kysely<Schema>) => Promise<T>) => work(target) });
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const ROLLBACK = Symbol('dry run');

/** The declared fields of a record, without the audit stamp: what a request stores and compares. */
function fieldValues(model: ResourceModel, record: Row | null | undefined): Row | null {
  if (!record) return null;
  const values: Row = {};
  for (const field of [...model.fields, ...model.unstored]) if (field.name in record) values[field.name] = record[field.name];
  return values;
}

/** The key named by a request's data, or undefined when a key field is missing (the write itself says so). */
function keyIn(model: ResourceModel, data: Row): Row | undefined {
  const key: Row = {};
  for (const name of model.key) {
    const value = data[name];
    if (typeof value !== 'string' && typeof value !== 'number') return undefined;
    key[name] = value;
  }
  return key;
}

async function readRecord(db: Kysely<Schema>, model: ResourceModel, hooks: ResourceHooks, key: Row): Promise<Row | null> {
  let query = definitionDb(db).selectFrom(model.table).selectAll();
  for (const [name, value] of Object.entries(key)) query = query.where(name, '=', value);
  const row = (await query.executeTakeFirst()) as Row | undefined;
  if (!row) return null;
  const record = rowToRecord(model, row);
  Object.assign(record, await hooks.loadUnstored?.(db, record));
  return fieldValues(model, record);
}

const sameValues = (a: Row | null, b: Row | null) => JSON.stringify(a) === JSON.stringify(b);

interface GateServices {
  catalogue: Catalogue;
  hooks?: HookRegistry;
  counts: CountCache;
}

/** The menu a screen's requests are filed under: a child screen's are its parent menu's (the menu the approval pages name). */
export const requestMenu = (screen: ScreenDefinition): string => screen.childOf ?? screen.menucode;

/**
 * The hook point of the generic resource API (server/platform/resources/resourceActions.ts): the screen's write
 * actions that need approval answer with a stored request; their own handler is kept to apply it. A caller
 * whose role holds the screen's direct function (approval.direct) writes at once.
 */
export function gateResourceActions(registry: ApprovalRegistry, screen: ScreenDefinition, actions: Action[], services: GateServices): Action[] {
  if (!screen.approval) return actions;
  const model = resourceModel(screen);
  const hooks = services.hooks?.[model.name] ?? {};
  const base = `/api/${model.name}/`;
  return actions.map((action) => {
    const name = action.path.slice(base.length);
    if (!action.path.startsWith(base) || !needsApproval(screen, name)) return action;
    const write = action.handler;
    const direct = directFunctionCode(screen);
    const current = (db: Kysely<Schema>, request: ApprovalRequest) => readRecord(db, model, hooks, request.key);
    registry.register(requestMenu(screen), name, {
      screen,
      current,
      async apply(ctx, trx, request) {
        // The record as it is now must be the one the maker saw: otherwise the checker approves blind.
        if (!sameValues(request.before, await current(trx, request))) {
          throw new ApiError(CODES.RECORD_CHANGED, formatMessage(APPROVAL_TEXTS.changed, { title: screen.title, key: request.recordkey }));
        }
        await write({ ...ctx, db: joinedTransaction(trx), parameter: { data: request.data } });
        services.counts.invalidate(model.name);
      },
      request: (ctx, data, link) => requestApproval({ ...ctx, parameter: { ...ctx.parameter, data } }, registry, services.catalogue, screen, model, hooks, name, write, link),
    });
    // A maker's call answers the approval request it made rather than the record: the reference says so.
    const written = action.reference?.result;
    const reference = { ...action.reference, result: written ? { anyOf: [written, APPROVAL_REQUESTED] } : undefined, description: `Under maker-checker: a caller without ${direct ?? 'the direct function'} makes an approval request, answered instead of the record.` };
    return { ...action, reference, handler: async (ctx: ActionContext) => ((await writesDirect(ctx, direct)) ? write(ctx) : requestApproval(ctx, registry, services.catalogue, screen, model, hooks, name, write)) };
  });
}

/** The maker's call: the write's dry run, then the request alone, with its user log row. */
async function requestApproval(
  ctx: ActionContext,
  registry: ApprovalRegistry,
  catalogue: Catalogue,
  screen: ScreenDefinition,
  model: ResourceModel,
  hooks: ResourceHooks,
  action: string,
  write: (ctx: ActionContext) => Promise<ActionResult>,
  link?: RequestLink,
): Promise<ActionResult> {
  const data = (ctx.parameter.data ?? {}) as Row;
  let dry: { before: Row | null; outcome: ActionResult } | undefined;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const key = keyIn(model, data);
      const before = key ? await readRecord(trx, model, hooks, key) : null;
      dry = { before, outcome: await write({ ...ctx, db: joinedTransaction(trx) }) };
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
  const { before, outcome } = dry!;
  // A generated key is the dry run's: the request keeps it, so approving makes the record under the same key.
  const key = model.generatedKey ? keyIn(model, outcome.result as Row)! : keyIn(model, data)!;
  const requestData = model.generatedKey ? { ...data, ...key } : data;
  const recordkey = recordKey(model, key);
  const proposed = action === 'delete' ? null : fieldValues(model, outcome.result as Row | undefined);
  const at = ctx.now();
  const requestid = await ctx.db.transaction().execute(async (trx) => {
    const recordname = await recordName(trx, catalogue, model.name, { ...(proposed ?? before), ...key });
    const id = await insertRequest(
      trx,
      { menucode: requestMenu(screen), action, resource: model.name, recordkey, recordname, key, data: requestData, proposed, before, requestedby: ctx.user!.username, requestdate: at.toISOString() },
      formatMessage(APPROVAL_TEXTS.pending, { title: screen.title, key: recordkey }),
    );
    await writeUserLog(trx, { username: ctx.user!.username, module: screen.menucode, legend: LEGENDS.REQUEST_APPROVAL, recordkey, before: before ?? undefined, after: { requestid: id, action, proposed } , ip: ctx.ip }, at);
    await link?.(trx, { requestid: id, recordkey });
    return id;
  });
  const { message, approvers } = await submittedAnswer(ctx.db, registry.pages, { menucode: requestMenu(screen), action });
  return { message, result: { requestid, status: 'PENDING', approvers } };
}
