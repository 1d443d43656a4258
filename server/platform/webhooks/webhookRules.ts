// The rules of an outbound event's delivery, pure: which addresses a subscription may name, how a body is signed,
// and when a failed delivery is tried again (tests/unit/webhookRules.test.ts).
import { createHmac } from 'node:crypto';
import * as moduleTexts from './texts.json';

/** The event types a subscription chooses from: stable codes, never renamed (receivers switch on them). */
export const WEBHOOK_EVENTS = {
  memberEnrolled: 'member.enrolled',
  milesCredited: 'miles.credited',
  milesDebited: 'miles.debited',
  tierChanged: 'tier.changed',
  redemptionIssued: 'redemption.issued',
  redemptionCancelled: 'redemption.cancelled',
  orderStatusChanged: 'order.status_changed',
} as const;

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[keyof typeof WEBHOOK_EVENTS];

export const WEBHOOK_EVENT_TYPES: readonly string[] = Object.values(WEBHOOK_EVENTS);

/** The headers of every delivery: what a receiver de-duplicates on, switches on and checks the signature with. */
export const WEBHOOK_HEADERS = {
  id: 'x-webhook-id',
  event: 'x-webhook-event',
  timestamp: 'x-webhook-timestamp',
  signature: 'x-webhook-signature',
} as const;

/** Not in spec: what the Webhook screen answers about a subscription's values. */
export const WEBHOOK_TEXTS = moduleTexts.webhook;

export const SECRET_MIN_LENGTH = 16;

/** The problem with a subscription's address, or undefined: http or https only, no credentials in it. */
export function urlProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return WEBHOOK_TEXTS.url;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return WEBHOOK_TEXTS.url;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '' || url.hostname === '') return WEBHOOK_TEXTS.url;
  return undefined;
}

/** The problem with a subscription's event types, or undefined: one or more known types. */
export function eventTypesProblem(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.length === 0 || !value.every((v) => typeof v === 'string' && WEBHOOK_EVENT_TYPES.includes(v))) return WEBHOOK_TEXTS.events;
  return undefined;
}

/** The signature header's value: HMAC-SHA256 of `${timestamp}.${body}` with the subscription's secret, in hex. */
export function signature(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The body every attempt of an event sends, byte for byte the same. */
export function eventBody(event: { eventid: string; eventtype: string; occurredat: string; payload: string }): string {
  return JSON.stringify({ id: event.eventid, type: event.eventtype, occurredat: event.occurredat, data: JSON.parse(event.payload) as unknown });
}

/** The first retry waits this long; each next one twice as long, up to RETRY_CAP_MS. */
export const RETRY_BASE_MS = 30_000;
export const RETRY_CAP_MS = 3_600_000;
/**
 * Tries before a delivery stays FAILED: 30 s, 1, 2, 4, 8, 16, 32 min, then hourly, about 25 hours in all, so a
 * receiver down for a day still gets every event.
 */
export const MAX_ATTEMPTS = 32;

/** The wait after the n-th failed try (n from 1), or undefined when the delivery has failed for good. */
export function retryDelayMs(attempts: number): number | undefined {
  if (attempts >= MAX_ATTEMPTS) return undefined;
  return Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}
