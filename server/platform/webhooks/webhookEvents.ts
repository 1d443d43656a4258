// Outbound events are written where the change they tell of is written, in its transaction: an event, and one
// delivery for each subscription active at that moment that wants its type. A change that rolls back leaves neither;
// one that commits wakes the delivery job (server/platform/jobs/jobSignal.ts) at its commit. Domains call
// publishEvents from the one place each change happens (the ledger's listener, the enrollment, holdTier, ...).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { definitionDb } from '../db/definitionDb';
import { insertJsonRows } from '../db/jsonRows';
import { enqueue } from '../jobs/jobQueue';
import { generateKey } from '../../../engine/definition/generatedKey';
import type { WebhookEventType } from './webhookRules';

export const SUBSCRIPTION_TABLE = 'webhook_subscription';
export const EVENT_TABLE = 'webhook_event';
export const DELIVERY_TABLE = 'webhook_delivery';
export const WEBHOOK_JOB = 'webhook-delivery';
export const DELIVERY_STATUS = { PENDING: 'PENDING', DELIVERED: 'DELIVERED', FAILED: 'FAILED' } as const;
const SYSTEM_USER = 'system';

export interface OutboundEvent {
  type: WebhookEventType;
  /** Ids, card number, miles, balance ...: what a receiver needs without calling back. */
  payload: Record<string, unknown>;
}

/** The active subscriptions' codes by the event types they want (none: no event is worth writing). */
export async function subscribersByType(db: Kysely<Schema>): Promise<Map<string, string[]>> {
  const rows = (await definitionDb(db).selectFrom(SUBSCRIPTION_TABLE).select(['webhookcode', 'eventtypes']).where('active', '=', 1).execute()) as { webhookcode: string; eventtypes: string | null }[];
  const byType = new Map<string, string[]>();
  for (const row of rows) {
    let types: unknown;
    try {
      types = JSON.parse(row.eventtypes ?? '[]');
    } catch {
      types = [];
    }
    for (const type of Array.isArray(types) ? types : []) byType.set(String(type), [...(byType.get(String(type)) ?? []), row.webhookcode]);
  }
  return byType;
}

/** Whether any active subscription wants one of these types: a caller may skip building payloads otherwise. */
export async function anyoneWants(db: Kysely<Schema>, types: readonly WebhookEventType[]): Promise<boolean> {
  const byType = await subscribersByType(db);
  return types.some((type) => byType.has(type));
}

/**
 * Writes the events and their deliveries in `trx` (the caller's transaction) and queues the delivery job;
 * answers the event ids written (an event no active subscription wants is not written).
 */
export async function publishEvents(trx: Kysely<Schema>, events: readonly OutboundEvent[], now: Date): Promise<string[]> {
  if (events.length === 0) return [];
  const byType = await subscribersByType(trx);
  const at = now.toISOString();
  const eventRows: Record<string, unknown>[] = [];
  const deliveryRows: Record<string, unknown>[] = [];
  for (const event of events) {
    const codes = byType.get(event.type);
    if (!codes) continue;
    const eventid = randomUUID();
    eventRows.push({ eventid, eventtype: event.type, occurredat: at, payload: JSON.stringify(event.payload) });
    for (const webhookcode of codes) deliveryRows.push(newDelivery(webhookcode, { eventid, eventtype: event.type, occurredat: at }, at));
  }
  if (eventRows.length === 0) return [];
  await insertJsonRows(definitionDb(trx), EVENT_TABLE, eventRows);
  await insertJsonRows(definitionDb(trx), DELIVERY_TABLE, deliveryRows);
  await queueDeliveryJob(trx, now);
  return eventRows.map((row) => String(row.eventid));
}

export const publishEvent = (trx: Kysely<Schema>, event: OutboundEvent, now: Date): Promise<string[]> => publishEvents(trx, [event], now);

/** A delivery row due at once (a new event's, or a replay's). */
export function newDelivery(webhookcode: string, event: { eventid: string; eventtype: string; occurredat: string }, at: string, user = SYSTEM_USER): Record<string, unknown> {
  return {
    webhookcode,
    deliveryid: generateKey(new Date(at)),
    ...event,
    status: DELIVERY_STATUS.PENDING,
    attempts: 0,
    nextattemptat: at,
    lastresponsecode: null,
    lasterror: null,
    deliveredat: null,
    createdby: user,
    createddate: at,
    updatedby: user,
    updateddate: at,
  };
}

/** Queues a delivery run due at `runafter` (now: the workers start it as the transaction commits). */
export async function queueDeliveryJob(db: Kysely<Schema>, now: Date, runafter: Date = now): Promise<void> {
  // One job per moment: the runs queued for the same instant are one run.
  await enqueue(db, { jobtype: WEBHOOK_JOB, jobkey: `${WEBHOOK_JOB}:${runafter.toISOString()}:${runafter > now ? 'retry' : randomUUID()}`, runafter, user: SYSTEM_USER, now });
}
