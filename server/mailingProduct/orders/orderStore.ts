// Mailing orders (spec 001 §3.6 and §4.4): a card or a product on its way to a member, moved by the
// order machine (workflows/orderMachine.ts) through printing, packaging and delivery by the vendors of the
// region it ships in. Each reached status is a tracking entry with its date and whether the step took longer
// than the region's SLA (Vendor Region: days per step, rows staff edit). Everything here runs in the caller's
// transaction; a move the machine does not allow changes nothing and says which order and why.
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../platform/db/schema';
import { SERIAL_MAX } from '../../platform/db/columnTypes';
import { insertJsonRows } from '../../platform/db/jsonRows';
import { NEXT_STATUS, SLA_STEP, isOrderStatus, type OrderStatus } from '../../../domain/orderStatus';
import { canMoveOrder, cycleOf } from '../../../workflows/orderMachine';
import { auditStamp } from '../../platform/resources/auditColumns';
import { definitionDb } from '../../platform/db/definitionDb';
import * as moduleTexts from './texts.json';
import { anyoneWants, publishEvents } from '../../platform/webhooks/webhookEvents';
import { WEBHOOK_EVENTS } from '../../platform/webhooks/webhookRules';

type Db = Kysely<Schema>;

export const ORDER_TABLE = 'card_order';
/** An order id a card order's serial key can hold. */
export const isOrderId = (n: number): boolean => Number.isSafeInteger(n) && n >= 1 && n <= SERIAL_MAX;
export const ORDER_RESOURCE = 'order';
/** Vendor Region (menu VENREG): regions by regioncode, the countries or branch offices each covers and its SLA days. */
export const REGION_RESOURCE = 'vendor-region';
export const REGION_TABLE = 'vendor_region';
export const ORDER_TYPES = { card: 'CARD', product: 'PRODUCT' } as const;
/** Where an order is sent: a branch office to pick it up at, or the member's own address. */
export const SEND_TO = { branchOffice: 'BO', member: 'MEMBER' } as const;
export const DESTINATION_STATUS = { current: 'CURRENT', previous: 'PREVIOUS' } as const;
const ACTIVE = 'ACTIVE';
const DAY_MS = 86_400_000;
/** Orders read per statement (IN lists well under both databases' parameter limits). */
const CHUNK = 1000;

// not in spec: the product's own texts for refused moves.
export const ORDER_TEXTS = moduleTexts.order;

export const say = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? `{${k}}`));

export interface VendorRegion {
  regioncode: string;
  regionname: string;
  countries: string[];
  branches: string[];
  slaprinting: number;
  slapackaging: number;
  sladelivery: number;
}

export interface Destination {
  sendto: string;
  address?: string | null;
  branchcode?: string | null;
  ticketoffice?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  postalcode?: string | null;
}

const list = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value === '') return [];
  try {
    const parsed = JSON.parse(value) as unknown;
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
};

/** The active vendor regions, in code order. */
export async function readRegions(db: Db | Kysely<any>): Promise<VendorRegion[]> {
  const rows = (await definitionDb(db).selectFrom(REGION_TABLE).selectAll().where('status', '=', ACTIVE).orderBy('regioncode').execute()) as Record<string, unknown>[];
  return rows.map((r) => ({
    regioncode: String(r.regioncode),
    regionname: String(r.regionname),
    countries: list(r.countries),
    branches: list(r.branches),
    slaprinting: Number(r.slaprinting ?? 0),
    slapackaging: Number(r.slapackaging ?? 0),
    sladelivery: Number(r.sladelivery ?? 0),
  }));
}

/** The region covering a destination: a branch office by its branch, an address by its country; else a region naming neither (the rest of the world). */
export function regionOf(regions: readonly VendorRegion[], destination: Pick<Destination, 'sendto' | 'branchcode' | 'country'>): VendorRegion | undefined {
  const byBranch = destination.sendto === SEND_TO.branchOffice && destination.branchcode ? regions.find((r) => r.branches.includes(destination.branchcode!)) : undefined;
  const byCountry = destination.country ? regions.find((r) => r.countries.includes(destination.country!)) : undefined;
  return byBranch ?? byCountry ?? regions.find((r) => r.countries.length === 0 && r.branches.length === 0);
}

/** The vendor region an order to this destination ships in (undefined when no region covers it). */
export async function regionForAddress(db: Db | Kysely<any>, destination: Pick<Destination, 'sendto' | 'branchcode' | 'country'>): Promise<VendorRegion | undefined> {
  return regionOf(await readRegions(db), destination);
}

/** The SLA days of a status's step in a region. */
export function slaDays(region: VendorRegion | undefined, status: OrderStatus): number | undefined {
  const step = SLA_STEP[status];
  if (!region || !step) return undefined;
  return step === 'printing' ? region.slaprinting : step === 'packaging' ? region.slapackaging : region.sladelivery;
}

/** Whether a status reached at `at` is over its step's SLA, the step having begun at `stepStart`. */
export function overSla(region: VendorRegion | undefined, status: OrderStatus, stepStart: string | null, at: string): boolean {
  const days = slaDays(region, status);
  if (days === undefined || !stepStart) return false;
  return Date.parse(at) - Date.parse(stepStart) > days * DAY_MS;
}

/** The member's preferred address (else any), or the member's branch office when none. */
async function memberDestination(trx: Db, memberid: string): Promise<Destination> {
  const address = (await definitionDb(trx)
    .selectFrom('member_address')
    .select(['address', 'city', 'province', 'country', 'postalcode'])
    .where('memberid', '=', memberid)
    .orderBy('preferred', 'desc')
    .executeTakeFirst()) as Record<string, string | null> | undefined;
  if (address) return { sendto: SEND_TO.member, address: address.address, city: address.city, state: address.province, country: address.country, postalcode: address.postalcode };
  const member = (await definitionDb(trx).selectFrom('member').select(['branchcode']).where('memberid', '=', memberid).executeTakeFirst()) as { branchcode: string | null } | undefined;
  return { sendto: SEND_TO.branchOffice, branchcode: member?.branchcode ?? null };
}

export interface NewOrder {
  memberid: string;
  cardnumber: string;
  membershipid: string;
  tierid: string;
  nameoncard?: string | null;
  /** ENROLLMENT, TIERCHANGE, REPLACEMENT, PURCHASE ... */
  reason: string;
  ordertype?: string;
  mailingproductcode?: string | null;
  /** The record the order fulfils (a member's product purchase). */
  referenceid?: string | null;
  quantity?: number;
  /** Default: the member's preferred address, else the member's branch office. */
  destination?: Destination;
  user: string;
  now: Date;
}

/**
 * A paid order (PAYMENT_SUCCESS, the first status of the original cycle) with its first tracking entry and its
 * default destination, in the region covering that destination. A CARD order without a product takes the
 * membership's card product. Returns the order's id; undefined, writing nothing, when the order has no product
 * (none given and the membership has no card mailing product): the vendor could not make it.
 */
export async function createOrder(trx: Db | Kysely<any>, order: NewOrder): Promise<number | undefined> {
  const db = definitionDb(trx);
  const at = order.now.toISOString();
  const ordertype = order.ordertype ?? ORDER_TYPES.card;
  const mailingproductcode = order.mailingproductcode || (ordertype === ORDER_TYPES.card ? await cardProduct(db, order.membershipid) : null);
  if (!mailingproductcode) return undefined;
  const destination = order.destination ?? (await memberDestination(db, order.memberid));
  const region = await regionForAddress(db, destination);
  const inserted = (await db
    .insertInto(ORDER_TABLE)
    .values({
      memberid: order.memberid,
      cardnumber: order.cardnumber,
      membershipid: order.membershipid,
      tierid: order.tierid,
      nameoncard: order.nameoncard ?? null,
      reason: order.reason,
      status: 'PAYMENT_SUCCESS',
      reordernumber: 0,
      ordertype,
      mailingproductcode,
      regioncode: region?.regioncode ?? null,
      referenceid: order.referenceid ?? null,
      quantity: order.quantity ?? 1,
      statusdate: at,
      stepstartdate: at,
      isoversla: 0,
      ...auditStamp(order.user, at),
    })
    .returning('orderid')
    .executeTakeFirstOrThrow()) as { orderid: number };
  const orderid = Number(inserted.orderid);
  await db.insertInto('order_tracking').values({ orderid, status: 'PAYMENT_SUCCESS', reordernumber: 0, date: at, isoversla: 0, createdby: order.user }).execute();
  await db
    .insertInto('order_destination')
    .values({ orderid, reordernumber: 0, createddate: at, ...destinationColumns(destination), isdefault: 1, status: DESTINATION_STATUS.current })
    .execute();
  return orderid;
}

const destinationColumns = (d: Destination) => ({
  sendto: d.sendto,
  address: d.address ?? null,
  branchcode: d.branchcode ?? null,
  ticketoffice: d.ticketoffice ?? null,
  city: d.city ?? null,
  state: d.state ?? null,
  country: d.country ?? null,
  postalcode: d.postalcode ?? null,
});

/** The membership's card mailing product (Membership's Card Mailing Product), when one is set. */
async function cardProduct(db: Kysely<any>, membershipid: string): Promise<string | null> {
  const row = (await db.selectFrom('membership').select(['cardmailingproduct']).where('membershipid', '=', membershipid).executeTakeFirst()) as { cardmailingproduct: string | null } | undefined;
  return row?.cardmailingproduct ?? null;
}

/** One order's wanted move: `to` undefined means its forward step (NEXT_STATUS). */
export interface OrderMove {
  orderid: number;
  to?: string;
  /** The reached status's date (a vendor file's); default now. */
  date?: string;
  /** The row of the vendor's file the move came from, for the report. */
  row?: number;
}

export interface MoveProblem {
  orderid: number | string;
  row?: number;
  message: string;
}

interface OrderState {
  orderid: number;
  status: string;
  reordernumber: number;
  regioncode: string | null;
  statusdate: string | null;
  stepstartdate: string | null;
}

/**
 * Moves orders as the machine allows, all or nothing: any order unknown, not in `among` (the screen's statuses)
 * or asked for a move the machine refuses is a problem and nothing is written. Otherwise every order's status,
 * date and SLA verdict change and a tracking entry is added for each, in few statements (grouped by the move).
 */
export async function moveOrders(
  trx: Db | Kysely<any>,
  moves: readonly OrderMove[],
  options: { user: string; now: Date; among?: readonly string[] },
): Promise<{ problems: MoveProblem[]; moved: number }> {
  const db = definitionDb(trx);
  const at = options.now.toISOString();
  const ids = [...new Set(moves.map((m) => m.orderid))];
  const found = new Map<number, OrderState>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = (await db
      .selectFrom(ORDER_TABLE)
      .select(['orderid', 'status', 'reordernumber', 'regioncode', 'statusdate', 'stepstartdate'])
      .where('orderid', 'in', ids.slice(i, i + CHUNK))
      .execute()) as OrderState[];
    for (const r of rows) found.set(Number(r.orderid), { ...r, orderid: Number(r.orderid), reordernumber: Number(r.reordernumber) });
  }
  const regions = new Map((await readRegions(db)).map((r) => [r.regioncode, r]));
  const problems: MoveProblem[] = [];
  const seen = new Set<number>();
  type Planned = { orderid: number; from: OrderStatus; to: OrderStatus; date: string; over: boolean; cycle: number; newStep: boolean };
  const planned: Planned[] = [];
  for (const move of moves) {
    const order = found.get(move.orderid);
    const fail = (message: string) => problems.push({ orderid: move.orderid, ...(move.row !== undefined ? { row: move.row } : {}), message });
    if (!order) {
      fail(say(ORDER_TEXTS.unknown, { orderid: move.orderid }));
      continue;
    }
    if (seen.has(order.orderid)) {
      fail(`Order ${order.orderid} is named more than once`);
      continue;
    }
    seen.add(order.orderid);
    if (options.among && !options.among.includes(order.status)) {
      fail(say(ORDER_TEXTS.notHere, { orderid: order.orderid, status: order.status }));
      continue;
    }
    const from = order.status as OrderStatus;
    const to = move.to ?? NEXT_STATUS[from];
    if (!to || !isOrderStatus(to)) {
      fail(to ? say(ORDER_TEXTS.unknownStatus, { status: to }) : say(ORDER_TEXTS.illegal, { orderid: order.orderid, from, to: '-' }));
      continue;
    }
    if (!canMoveOrder(from, to)) {
      fail(say(ORDER_TEXTS.illegal, { orderid: order.orderid, from, to }));
      continue;
    }
    const date = move.date ?? at;
    // A status of another SLA step than the current one begins that step at the current status's date.
    const newStep = SLA_STEP[to] !== SLA_STEP[from] || to === 'READYTODELIVER';
    const stepstart = newStep ? (order.statusdate ?? date) : order.stepstartdate;
    const over = overSla(order.regioncode ? regions.get(order.regioncode) : undefined, to, stepstart, date);
    planned.push({ orderid: order.orderid, from, to, date, over, cycle: cycleOf(from, to, order.reordernumber), newStep });
  }
  if (problems.length > 0) return { problems, moved: 0 };

  // One update per (move, verdict, date, cycle) group: a bulk of one step is a handful of statements.
  const groups = new Map<string, Planned[]>();
  for (const p of planned) {
    const key = JSON.stringify([p.from, p.to, p.date, p.over, p.cycle]);
    const group = groups.get(key) ?? [];
    group.push(p);
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    const first = group[0]!;
    for (let i = 0; i < group.length; i += CHUNK) {
      await db
        .updateTable(ORDER_TABLE)
        .set({
          status: first.to,
          statusdate: first.date,
          // SET reads the row as it was: a new step begins at the status it leaves.
          stepstartdate: first.newStep ? sql.ref('statusdate') : sql.ref('stepstartdate'),
          isoversla: first.over ? 1 : 0,
          reordernumber: first.cycle,
          updatedby: options.user,
          updateddate: at,
        })
        .where('orderid', 'in', group.slice(i, i + CHUNK).map((p) => p.orderid))
        .where('status', '=', first.from)
        .execute();
    }
  }
  await insertJsonRows(
    db,
    'order_tracking',
    planned.map((p) => ({ orderid: p.orderid, status: p.to, reordernumber: p.cycle, date: p.date, isoversla: p.over ? 1 : 0, createdby: options.user })),
  );
  // A reorder ships to the address it is given (the current destination, default the first one again).
  const reorders = planned.filter((p) => p.to === 'REORDER');
  if (reorders.length > 0) await addReorderDestinations(db, reorders.map((p) => ({ orderid: p.orderid, cycle: p.cycle })), at);
  await publishMoves(trx, planned, options.now);
  return { problems: [], moved: planned.length };
}

/** Each moved order's order.status_changed, for the webhooks that want it (its member and card read only then). */
async function publishMoves(trx: Db | Kysely<any>, moves: readonly { orderid: number; from: string; to: string; date: string; cycle: number }[], now: Date): Promise<void> {
  if (moves.length === 0 || !(await anyoneWants(trx, [WEBHOOK_EVENTS.orderStatusChanged]))) return;
  const owners = new Map<number, { memberid: string; cardnumber: string }>();
  for (let i = 0; i < moves.length; i += CHUNK) {
    const rows = (await definitionDb(trx)
      .selectFrom(ORDER_TABLE)
      .select(['orderid', 'memberid', 'cardnumber'])
      .where('orderid', 'in', moves.slice(i, i + CHUNK).map((m) => m.orderid))
      .execute()) as { orderid: number; memberid: string; cardnumber: string }[];
    for (const row of rows) owners.set(Number(row.orderid), row);
  }
  await publishEvents(
    trx,
    moves.map((m) => ({
      type: WEBHOOK_EVENTS.orderStatusChanged,
      payload: { orderid: m.orderid, memberid: owners.get(m.orderid)?.memberid ?? null, cardnumber: owners.get(m.orderid)?.cardnumber ?? null, from: m.from, to: m.to, statusdate: m.date, reordernumber: m.cycle },
    })),
    now,
  );
}

/** Each reordered order's new current destination: a copy of its default one; the others become PREVIOUS. */
async function addReorderDestinations(db: Kysely<any>, orders: { orderid: number; cycle: number }[], at: string): Promise<void> {
  for (let i = 0; i < orders.length; i += CHUNK) {
    const chunk = orders.slice(i, i + CHUNK);
    const ids = chunk.map((o) => o.orderid);
    const defaults = (await db.selectFrom('order_destination').selectAll().where('orderid', 'in', ids).where('isdefault', '=', 1).execute()) as Record<string, unknown>[];
    await db.updateTable('order_destination').set({ status: DESTINATION_STATUS.previous }).where('orderid', 'in', ids).execute();
    const cycles = new Map(chunk.map((o) => [o.orderid, o.cycle]));
    await insertJsonRows(
      db,
      'order_destination',
      defaults.map((d) => ({
        orderid: Number(d.orderid),
        reordernumber: cycles.get(Number(d.orderid)) ?? 1,
        createddate: at,
        ...destinationColumns(d as unknown as Destination),
        isdefault: 0,
        status: DESTINATION_STATUS.current,
      })),
    );
  }
}

/** An order's tracking entries and destinations (the timeline view's data). */
export async function orderTracking(db: Db | Kysely<any>, orderid: number) {
  const d = definitionDb(db);
  const order = (await d.selectFrom(ORDER_TABLE).selectAll().where('orderid', '=', orderid).executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!order) return undefined;
  const tracking = (await d.selectFrom('order_tracking').select(['status', 'reordernumber', 'date', 'isoversla']).where('orderid', '=', orderid).orderBy('trackingid').execute()) as {
    status: string;
    reordernumber: number;
    date: string;
    isoversla: number;
  }[];
  const destinations = (await d.selectFrom('order_destination').selectAll().where('orderid', '=', orderid).orderBy('destinationid').execute()) as Record<string, unknown>[];
  return {
    orderid,
    status: String(order.status),
    reordernumber: Number(order.reordernumber),
    tracking: tracking.map((t) => ({ status: t.status, reordernumber: Number(t.reordernumber), date: t.date, isoversla: Boolean(Number(t.isoversla)) })),
    destinations: destinations.map((r) => ({
      createdDate: String(r.createddate),
      sendto: String(r.sendto),
      address: (r.address as string | null) ?? null,
      branchcode: (r.branchcode as string | null) ?? null,
      ticketoffice: (r.ticketoffice as string | null) ?? null,
      city: (r.city as string | null) ?? null,
      state: (r.state as string | null) ?? null,
      country: (r.country as string | null) ?? null,
      postalcode: (r.postalcode as string | null) ?? null,
      isdefault: Boolean(Number(r.isdefault)),
      status: String(r.status),
    })),
  };
}

export type OrderTracking = NonNullable<Awaited<ReturnType<typeof orderTracking>>>;
