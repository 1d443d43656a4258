// The delivery job: POSTs each due delivery's event to its subscription's URL, signed, and records the answer. A 2xx
// marks it DELIVERED; a refusal, a timeout, a redirect (never followed) or any other status is a failed try, tried
// again later (webhookRules.ts: retryDelayMs) until MAX_ATTEMPTS. At least once: a delivery is claimed for a lease
// before it is sent (one conditional update: of two servers only one sends it), and one whose server died is due
// again when the lease ends. Each run ends by queueing the next run at the earliest retry.
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { definitionDb } from '../db/definitionDb';
import type { JobHandler } from '../jobs/jobHandler';
import { DELIVERY_STATUS, DELIVERY_TABLE, EVENT_TABLE, SUBSCRIPTION_TABLE, WEBHOOK_JOB, queueDeliveryJob } from './webhookEvents';
import { WEBHOOK_HEADERS, eventBody, retryDelayMs, signature } from './webhookRules';

/** A receiver that has not answered after this long has failed the try. */
export const DELIVERY_TIMEOUT_MS = 5_000;
/** How long a claimed delivery is this run's before another may send it. */
const LEASE_MS = 2 * 60_000;
const BATCH = 50;
const PARALLEL = 8;
/** Batches a run takes at most; what is left is the next run's (queued at once). */
const MAX_BATCHES = 20;
const ERROR_LENGTH = 255;

interface DueDelivery {
  webhookcode: string;
  deliveryid: string;
  eventid: string;
  eventtype: string;
  occurredat: string;
  attempts: number;
  nextattemptat: string;
}

export interface Attempt {
  ok: boolean;
  status: number | null;
  error: string | null;
}

/** One POST of the body, signed; never throws. */
export async function postEvent(url: string, secret: string, event: { eventid: string; eventtype: string }, body: string, at: Date, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<Attempt> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  try {
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'ALMS-Webhooks/1',
        [WEBHOOK_HEADERS.id]: event.eventid,
        [WEBHOOK_HEADERS.event]: event.eventtype,
        [WEBHOOK_HEADERS.timestamp]: timestamp,
        [WEBHOOK_HEADERS.signature]: signature(secret, timestamp, body),
      },
      body,
    });
    // The answer's body is not wanted; reading it frees the connection.
    await response.arrayBuffer().catch(() => undefined);
    const ok = response.status >= 200 && response.status < 300;
    return { ok, status: response.status, error: ok ? null : `HTTP ${response.status}${response.status >= 300 && response.status < 400 ? ' (redirects are not followed)' : ''}` };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    const message = error instanceof Error && error.name === 'TimeoutError' ? `No answer within ${timeoutMs / 1000} s` : `${error instanceof Error ? error.message : String(error)}${cause}`;
    return { ok: false, status: null, error: message.slice(0, ERROR_LENGTH) };
  }
}

/** Sends every delivery due now; answers how many were delivered and how many tries failed. */
export async function deliverDue(db: Kysely<Schema>, now: () => Date, progress: () => Promise<void> = async () => {}): Promise<{ delivered: number; failed: number }> {
  const any = definitionDb(db);
  const counts = { delivered: 0, failed: 0 };
  let full = false;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const due = (await any
      .selectFrom(DELIVERY_TABLE)
      .select(['webhookcode', 'deliveryid', 'eventid', 'eventtype', 'occurredat', 'attempts', 'nextattemptat'])
      .where('status', '=', DELIVERY_STATUS.PENDING)
      .where('nextattemptat', '<=', now().toISOString())
      .orderBy('nextattemptat')
      .orderBy('deliveryid')
      .limit(BATCH)
      .execute()) as DueDelivery[];
    // A few at a time: one silent receiver does not hold up the others by its timeout each.
    for (let i = 0; i < due.length; i += PARALLEL) {
      const outcomes = await Promise.all(due.slice(i, i + PARALLEL).map((delivery) => deliverOne(db, { ...delivery, attempts: Number(delivery.attempts) }, now)));
      for (const outcome of outcomes) if (outcome) counts[outcome === 'DELIVERED' ? 'delivered' : 'failed'] += 1;
      await progress();
    }
    full = due.length === BATCH;
    if (!full) break;
  }
  await queueNextRun(db, now(), full);
  return counts;
}

async function deliverOne(db: Kysely<Schema>, delivery: DueDelivery, now: () => Date): Promise<'DELIVERED' | 'FAILED' | undefined> {
  const any = definitionDb(db);
  const key = (q: any) => q.where('webhookcode', '=', delivery.webhookcode).where('deliveryid', '=', delivery.deliveryid);
  const claimed = await key(any.updateTable(DELIVERY_TABLE).set({ nextattemptat: new Date(now().getTime() + LEASE_MS).toISOString() }))
    .where('status', '=', DELIVERY_STATUS.PENDING)
    .where('nextattemptat', '=', delivery.nextattemptat)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return undefined;
  const subscription = (await any.selectFrom(SUBSCRIPTION_TABLE).select(['url', 'signingsecret', 'active']).where('webhookcode', '=', delivery.webhookcode).executeTakeFirst()) as
    | { url: string; signingsecret: string | null; active: number }
    | undefined;
  const event = (await any.selectFrom(EVENT_TABLE).selectAll().where('eventid', '=', delivery.eventid).executeTakeFirst()) as { eventid: string; eventtype: string; occurredat: string; payload: string } | undefined;
  const at = now();
  let attempt: Attempt;
  if (!subscription || Number(subscription.active) !== 1 || !subscription.signingsecret || !event) {
    // A subscription switched off meanwhile gets nothing more (Replay sends again once it is on).
    attempt = { ok: false, status: null, error: 'The webhook is no longer active' };
    await key(any.updateTable(DELIVERY_TABLE).set({ status: DELIVERY_STATUS.FAILED, lasterror: attempt.error, nextattemptat: null, updatedby: 'system', updateddate: at.toISOString() })).execute();
    return 'FAILED';
  }
  attempt = await postEvent(subscription.url, subscription.signingsecret, event, eventBody(event), at);
  const attempts = delivery.attempts + 1;
  const done = now();
  const wait = attempt.ok ? undefined : retryDelayMs(attempts);
  await key(any.updateTable(DELIVERY_TABLE))
    .set({
      status: attempt.ok ? DELIVERY_STATUS.DELIVERED : wait === undefined ? DELIVERY_STATUS.FAILED : DELIVERY_STATUS.PENDING,
      attempts,
      lastresponsecode: attempt.status,
      lasterror: attempt.error,
      nextattemptat: wait === undefined ? null : new Date(done.getTime() + wait).toISOString(),
      deliveredat: attempt.ok ? done.toISOString() : null,
      updatedby: 'system',
      updateddate: done.toISOString(),
    })
    .execute();
  return attempt.ok ? 'DELIVERED' : 'FAILED';
}

/** The next run: at once when this one left due deliveries, else at the earliest retry (none when nothing waits). */
async function queueNextRun(db: Kysely<Schema>, now: Date, moreDue: boolean): Promise<void> {
  if (moreDue) return queueDeliveryJob(db, now);
  const next = (await definitionDb(db)
    .selectFrom(DELIVERY_TABLE)
    .select((eb: any) => eb.fn.min('nextattemptat').as('at'))
    .where('status', '=', DELIVERY_STATUS.PENDING)
    .executeTakeFirst()) as { at: string | null } | undefined;
  if (next?.at) await queueDeliveryJob(db, now, new Date(Math.max(new Date(next.at).getTime(), now.getTime())));
}

export const webhookJobHandlers: readonly JobHandler[] = [
  {
    jobtype: WEBHOOK_JOB,
    run: ({ db, now, progress }) => deliverDue(db, now, () => progress(50)),
  },
];
