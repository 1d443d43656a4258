// Order management's API: the step screens' moves (Next Step, Return, Reorder) on one order or in
// bulk (the selected orders, or every order waiting on the screen), each checked by the order machine and
// refused whole when any order cannot make its move; the tracking timeline's data.
import { CODES } from '../../../engine/api/responseCodes';
import type { Catalogue } from '../../../engine/definition/catalogue';
import { actionFunctionCode, isCustomAction, resourceModel } from '../../../engine/definition/compile';
import { bulkPath } from '../../../engine/definition/bulk';
import { MEMBER_ORDERS_PATH, ORDER_TRACKING_PATH } from '../../../engine/definition/views';
import type { CustomAction, ScreenDefinition } from '../../../engine/definition/screen';
import { defineAction, type Action, type ActionContext } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import type { ResourceServices } from '../../platform/resources/resourceServices';
import { writeUserLog } from '../../platform/userlog/userLog';
import { listRecords } from '../../platform/resources/listQuery';
import type { OrderStatus } from '../../../domain/orderStatus';
import { SERIAL_MAX } from '../../platform/db/columnTypes';
import { resourceReference } from '../../platform/resources/resourceReference';
import { ORDER_RESOURCE, ORDER_TABLE, ORDER_TEXTS, createOrder, isOrderId, moveOrders, orderTracking, say, type MoveProblem, type OrderMove } from './orderStore';
import { definitionDb } from '../../platform/db/definitionDb';
import * as moduleTexts from './texts.json';

/** The custom actions that move orders, by name: the status each leads to (undefined: the order's forward step). */
export const MOVE_ACTIONS: Readonly<Record<string, OrderStatus | undefined>> = { 'next-step': undefined, return: 'RETURN', reorder: 'REORDER' };
/** A refusal lists at most this many orders in its message. */
const LISTED = 5;
const MAX_KEYS = 100_000;

const ONE_DATA = { type: 'object', required: ['orderid'], properties: { orderid: { type: ['integer', 'string'] } } };
/** An order id as the handler takes it (orderId): a whole number from 1, or its digits. */
const ORDER_ID = { anyOf: [{ type: 'integer', minimum: 1, maximum: SERIAL_MAX }, { type: 'string', pattern: '^[1-9][0-9]{0,8}$' }] };
/** What the API reference tells of the moves' data: one order, or the selected ones (or all a screen lists). */
const ONE_REFERENCE = { type: 'object', required: ['orderid'], properties: { orderid: ORDER_ID } };
const bulkReference = (screen: ScreenDefinition) => ({
  type: 'object',
  additionalProperties: false,
  anyOf: [{ required: ['keys'] }, { required: ['all'], properties: { all: { const: true } } }],
  properties: {
    keys: { type: 'array', minItems: 1, maxItems: MAX_KEYS, uniqueItems: true, items: { type: 'object', required: ['orderid'], properties: { orderid: ORDER_ID } } },
    all: { type: 'boolean' },
    criteria: resourceReference(screen)('list').criteria,
  },
});
const BULK_DATA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    keys: { type: 'array', minItems: 1, maxItems: MAX_KEYS, items: { type: 'object', required: ['orderid'], properties: { orderid: { type: ['integer', 'string'] } } } },
    /** Every order the screen lists (its fixed filter and these search criteria), not only the selected ones. */
    all: { type: 'boolean' },
    criteria: { type: 'object' },
  },
};

/** The statuses a screen over the orders lists (a step screen's fixed filter; none: every status). */
export function screenStatuses(screen: ScreenDefinition): string[] | undefined {
  const status = resourceModel(screen).filter?.status;
  if (status === undefined) return undefined;
  return (Array.isArray(status) ? status : [status]).map(String);
}

const orderId = (value: unknown, at: string): number => {
  const n = typeof value === 'number' ? value : /^\d{1,15}$/.test(String(value ?? '')) ? Number(value) : NaN;
  if (!isOrderId(n)) throw new ApiError(CODES.BAD_REQUEST, `Invalid request: ${at} must be an order id`, 400);
  return n;
};

/** The refusal of a move: the first orders and why (all of them in `problems`), nothing changed. */
export class MoveRefusal extends ApiError {
  constructor(readonly problems: readonly MoveProblem[]) {
    const listed = problems.slice(0, LISTED).map((p) => p.message);
    const more = problems.length > LISTED ? ` and ${problems.length - LISTED} more` : '';
    super(CODES.VALIDATION, `Nothing was changed: ${listed.join('; ')}${more}`);
  }
}

/** Moves the orders in one transaction, with one user log row for the batch. */
export async function runMoves(ctx: ActionContext, screen: ScreenDefinition, legend: string, moves: readonly OrderMove[]): Promise<number> {
  const user = ctx.user!.username;
  const among = screenStatuses(screen);
  return ctx.db.transaction().execute(async (trx) => {
    const { problems, moved } = await moveOrders(trx, moves, { user, now: ctx.now(), ...(among ? { among } : {}) });
    if (problems.length > 0) throw new MoveRefusal(problems);
    await writeUserLog(
      trx,
      { username: user, module: screen.menucode, legend, recordkey: moves.length === 1 ? String(moves[0]!.orderid) : `${moves.length} orders`, before: undefined, after: { orders: moves.map((m) => m.orderid).slice(0, 1000), to: moves[0]?.to ?? 'NEXT' }, ip: ctx.ip },
      ctx.now(),
    );
    return moved;
  });
}

export function orderActions(services: ResourceServices): Action[] {
  const { catalogue } = services;
  const onOrders = catalogue.screens.filter((s) => resourceModel(s).table === ORDER_TABLE);
  const moves = onOrders.flatMap((screen) =>
    screen.actions
      .filter(isCustomAction)
      .filter((a) => a.name in MOVE_ACTIONS)
      .flatMap((action) => moveActions(services, screen, action)),
  );
  return [...moves, trackingAction(catalogue), memberOrdersAction(), ...reorderCardActions(catalogue)];
}

// What the order actions answer, for the API reference.
const MOVED = { type: 'object', required: ['count'], properties: { count: { type: 'integer', minimum: 1 } } };
const TRACKING = {
  title: 'order tracking',
  type: 'object',
  required: ['orderid', 'status', 'reordernumber', 'tracking', 'destinations'],
  properties: {
    orderid: { type: 'integer' },
    status: { type: 'string' },
    reordernumber: { type: 'integer' },
    tracking: { type: 'array', items: { type: 'object', required: ['status', 'date'], properties: { status: { type: 'string' }, reordernumber: { type: 'integer' }, date: { type: 'string' }, isoversla: { type: 'boolean' } } } },
    destinations: { type: 'array', items: { type: 'object', properties: { createdDate: { type: 'string' }, sendto: { type: 'string' }, address: { type: ['string', 'null'] } } } },
  },
};

function moveActions(services: ResourceServices, screen: ScreenDefinition, action: CustomAction): Action[] {
  const to = MOVE_ACTIONS[action.name];
  const guard = { function: actionFunctionCode(screen, action) };
  const legend = action.name.toUpperCase();
  const done = (count: number) => {
    services.counts.invalidate(screen.resource.name);
    for (const s of services.catalogue.screens) if (resourceModel(s).table === ORDER_TABLE) services.counts.invalidate(s.resource.name);
    return { message: say(ORDER_TEXTS.moved, { count: count.toLocaleString('en-US') }), result: { count } };
  };
  return [
    defineAction({
      path: `/api/${screen.resource.name}/${action.name}`,
      guard,
      data: ONE_DATA,
      reference: { summary: `${screen.title}: ${action.label}`, data: ONE_REFERENCE, result: MOVED, codes: [CODES.NOT_FOUND, CODES.VALIDATION] },
      handler: async (ctx) => done(await runMoves(ctx, screen, legend, [{ orderid: orderId((ctx.parameter.data as { orderid: unknown }).orderid, 'data.orderid'), ...(to ? { to } : {}) }])),
    }),
    defineAction({
      path: `/api/${screen.resource.name}/${bulkPath(action.name)}`,
      guard,
      data: BULK_DATA,
      reference: { summary: `${screen.title}: ${action.label} for several orders (or every one the criteria list)`, data: bulkReference(screen), result: MOVED, codes: [CODES.NOT_FOUND, CODES.VALIDATION] },
      handler: async (ctx) => {
        const data = ctx.parameter.data as { keys?: { orderid: unknown }[]; all?: boolean; criteria?: Record<string, unknown> };
        let ids: number[];
        if (data.all) {
          // The rows the list shows for these criteria (the screen's fixed filter always applies), every page; a
          // Return takes those on delivery.
          const { rows } = await listRecords(ctx.db, services.dialect, resourceModel(screen), services.counts, { criteria: to === 'RETURN' ? { ...data.criteria, status: 'DELIVERING' } : (data.criteria ?? {}), paging: { limit: -1, page: 1 }, read: (row) => ({ orderid: row.orderid }) }, { orderid: 'asc' });
          ids = rows.map((r) => Number(r.orderid));
          if (ids.length === 0) throw new ApiError(CODES.VALIDATION, `Nothing was changed: no order is waiting on ${screen.title}`);
        } else {
          if (!data.keys) throw new ApiError(CODES.BAD_REQUEST, 'Invalid request: data.keys or data.all is required', 400);
          ids = data.keys.map((k, i) => orderId(k.orderid, `data.keys.${i}.orderid`));
          if (new Set(ids).size !== ids.length) throw new ApiError(CODES.BAD_REQUEST, 'Invalid request: data.keys repeats an order', 400);
        }
        return done(await runMoves(ctx, screen, legend, ids.map((orderid) => ({ orderid, ...(to ? { to } : {}) }))));
      },
    }),
  ];
}

/** The timeline's data: for Order Tracking and the step screens, and for the member page's orders. */
function trackingAction(catalogue: Catalogue): Action {
  const screens = catalogue.screens.filter((s) => resourceModel(s).table === ORDER_TABLE);
  const track = catalogue.screenByResource.get(ORDER_RESOURCE);
  const accessCodes = screens.map((s) => `${s.menucode}_ACCESS`);
  return defineAction({
    path: ORDER_TRACKING_PATH,
    guard: { function: track ? `${track.menucode}_ACCESS` : 'ORDTRACK_ACCESS', orFunctions: [...accessCodes, 'MEMBER_ACCESS'] },
    data: ONE_DATA,
    reference: { summary: "An order's tracking entries and destinations (its timeline)", data: ONE_REFERENCE, result: TRACKING, codes: [CODES.NOT_FOUND] },
    handler: async (ctx) => {
      const orderid = orderId((ctx.parameter.data as { orderid: unknown }).orderid, 'data.orderid');
      const tracking = await orderTracking(ctx.db, orderid);
      if (!tracking) throw new ApiError(CODES.NOT_FOUND, say(ORDER_TEXTS.unknown, { orderid }));
      return { result: tracking };
    },
  });
}

/** A member's orders for the member page (newest first), under the member screen's access. */
function memberOrdersAction(): Action {
  return defineAction({
    path: MEMBER_ORDERS_PATH,
    guard: { function: 'MEMBER_ACCESS' },
    data: { type: 'object', required: ['memberid'], properties: { memberid: { type: 'string', minLength: 1, maxLength: 20 } } },
    reference: {
      summary: "A member's orders, newest first (at most 200)",
      result: {
        type: 'array',
        items: {
          type: 'object',
          required: ['orderid', 'status'],
          properties: Object.fromEntries([
            ['orderid', { type: 'integer' }],
            ['reordernumber', { type: 'integer' }],
            ['isoversla', { type: 'boolean' }],
            ...['ordertype', 'reason', 'mailingproductcode', 'cardnumber', 'status', 'statusdate', 'createddate'].map((name) => [name, { type: ['string', 'null'] }]),
          ]),
        },
      },
    },
    handler: async (ctx) => {
      const { memberid } = ctx.parameter.data as { memberid: string };
      const rows = await definitionDb(ctx.db)
        .selectFrom(ORDER_TABLE)
        .select(['orderid', 'ordertype', 'reason', 'mailingproductcode', 'cardnumber', 'status', 'reordernumber', 'statusdate', 'isoversla', 'createddate'])
        .where('memberid', '=', memberid)
        .orderBy('orderid', 'desc')
        .limit(200)
        .execute();
      return { result: rows.map((r: Record<string, unknown>) => ({ ...r, orderid: Number(r.orderid), reordernumber: Number(r.reordernumber), isoversla: Boolean(Number(r.isoversla)) })) };
    },
  });
}

/** The member card step's Reorder Card: a new card order (reason REPLACEMENT) for an active card of the member. */
export const REORDER_CARD = { resource: 'member-card', action: 'reorder-card', reason: 'REPLACEMENT' } as const;
/** Not in spec: the product's own texts (`noProduct`: a card order needs the product the vendor makes). */
export const REORDER_CARD_TEXTS = moduleTexts.reorderCard;

function reorderCardActions(catalogue: Catalogue): Action[] {
  const screen = catalogue.screenByResource.get(REORDER_CARD.resource);
  const action = screen?.actions.filter(isCustomAction).find((a) => a.name === REORDER_CARD.action);
  if (!screen || !action) return [];
  return [
    defineAction({
      path: `/api/${REORDER_CARD.resource}/${REORDER_CARD.action}`,
      guard: { function: actionFunctionCode(screen, action) },
      data: {
        type: 'object',
        required: ['memberid', 'cardnumber'],
        properties: { memberid: { type: 'string', minLength: 1, maxLength: 20 }, cardnumber: { type: 'string', minLength: 1, maxLength: 45 } },
      },
      reference: { summary: 'A replacement card order for an active card of the member', result: { type: 'object', required: ['orderid'], properties: { orderid: { type: 'integer' } } }, codes: [CODES.VALIDATION] },
      handler: async (ctx) => {
        const { memberid, cardnumber } = ctx.parameter.data as { memberid: string; cardnumber: string };
        const user = ctx.user!.username;
        const orderid = await ctx.db.transaction().execute(async (trx) => {
          const db = definitionDb(trx);
          const card = (await db.selectFrom('member_card').select(['membershipid', 'tierid', 'status']).where('memberid', '=', memberid).where('cardnumber', '=', cardnumber).executeTakeFirst()) as
            | { membershipid: string; tierid: string; status: string }
            | undefined;
          if (!card || card.status !== 'ACTIVE') throw new ApiError(CODES.VALIDATION, say(REORDER_CARD_TEXTS.notActive, { cardnumber, memberid }));
          const member = (await db.selectFrom('member').select(['nameoncard']).where('memberid', '=', memberid).executeTakeFirst()) as { nameoncard: string | null } | undefined;
          const id = await createOrder(trx, { memberid, cardnumber, membershipid: card.membershipid, tierid: card.tierid, nameoncard: member?.nameoncard ?? null, reason: REORDER_CARD.reason, user, now: ctx.now() });
          if (id === undefined) throw new ApiError(CODES.VALIDATION, say(REORDER_CARD_TEXTS.noProduct, { membershipid: card.membershipid }));
          await writeUserLog(trx, { username: user, module: screen.menucode, legend: 'REORDERCARD', recordkey: `${memberid}|${cardnumber}`, before: undefined, after: { orderid: id }, ip: ctx.ip }, ctx.now());
          return id;
        });
        return { message: say(REORDER_CARD_TEXTS.ordered, { cardnumber, orderid }), result: { orderid } };
      },
    }),
  ];
}
