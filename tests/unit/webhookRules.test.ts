// The delivery rules of outbound events without a database: which URLs a webhook may name, the signature, the
// body every try sends, and the retry schedule (a receiver down for an hour, or a day, still gets the event).
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import webhook from '../../screens/user-management/webhook.json';
import { MAX_ATTEMPTS, WEBHOOK_EVENT_TYPES, WEBHOOK_TEXTS, eventBody, eventTypesProblem, retryDelayMs, signature, urlProblem } from '../../server/platform/webhooks/webhookRules';

describe('webhook rules', () => {
  it('takes http and https addresses only, without credentials', () => {
    expect(urlProblem('https://partner.example/hooks?x=1')).toBeUndefined();
    expect(urlProblem('http://127.0.0.1:8080/hooks')).toBeUndefined();
    for (const bad of ['ftp://partner.example/x', 'file:///etc/passwd', 'javascript:alert(1)', 'https://user:pw@partner.example/', 'partner.example/hooks', '', 42]) {
      expect(urlProblem(bad)).toBe(WEBHOOK_TEXTS.url);
    }
  });

  it('knows the event types the Webhook screen offers, and no other', () => {
    expect(webhook.fields.find((f) => f.name === 'eventtypes')!.options!.map((o) => o.value)).toEqual(WEBHOOK_EVENT_TYPES);
  });

  it('wants one or more known event types', () => {
    expect(eventTypesProblem(['member.enrolled', 'order.status_changed'])).toBeUndefined();
    expect(eventTypesProblem([])).toBe(WEBHOOK_TEXTS.events);
    expect(eventTypesProblem(['member.deleted'])).toBe(WEBHOOK_TEXTS.events);
    expect(eventTypesProblem('member.enrolled')).toBe(WEBHOOK_TEXTS.events);
  });

  it('signs `${timestamp}.${body}` with HMAC-SHA256 in hex', () => {
    const body = eventBody({ eventid: 'e-1', eventtype: 'miles.credited', occurredat: '2026-12-02T03:00:00.000Z', payload: '{"miles":10}' });
    expect(JSON.parse(body)).toEqual({ id: 'e-1', type: 'miles.credited', occurredat: '2026-12-02T03:00:00.000Z', data: { miles: 10 } });
    expect(signature('secret-of-sixteen', '1796180400', body)).toBe(createHmac('sha256', 'secret-of-sixteen').update(`1796180400.${body}`).digest('hex'));
    expect(signature('secret-of-sixteen', '1796180401', body)).not.toBe(signature('secret-of-sixteen', '1796180400', body));
  });

  it('retries at doubling waits capped at an hour, for about a day, then gives up', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => retryDelayMs(n)! / 1000)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
    let waited = 0;
    for (let n = 1; n < MAX_ATTEMPTS; n++) waited += retryDelayMs(n)!;
    expect(waited / 3_600_000).toBeGreaterThan(24);
    expect(waited / 3_600_000).toBeLessThan(26);
    expect(retryDelayMs(MAX_ATTEMPTS)).toBeUndefined();
  });
});
