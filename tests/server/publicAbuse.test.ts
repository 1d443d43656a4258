// Abuse of the public paths on both databases: password spraying from one address is refused across accounts,
// a known and an unknown name cost the same work, and member reset mails are capped per address and per member
// (with the captcha) without telling who is a member.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ID } from '../../engine/api/envelope';
import { MEMBER_FLOW_PATHS as PATHS } from '../../domain/memberFlows';
import { CODES, MESSAGES } from '../../engine/api/responseCodes';
import type { Schema } from '../../server/platform/db/schema';
import { MEMBER_ACCOUNT_TEXTS } from '../../server/memberManagement/members/memberAccountActions';
import { sha256Hex } from '../../server/platform/core/sha256';
import { startTestServer, testDatabases, type Call, type TestServer } from './harness';
import { mailsTo } from './outbox';
import { definitionDb } from '../../server/platform/db/definitionDb';

// Client addresses come from X-Forwarded-For, so one test can speak for several clients.
process.env.TRUST_PROXY = 'true';

const TOO_MANY = { responsecode: CODES.TOO_MANY_REQUESTS, responsemessage: MESSAGES.TOO_MANY_REQUESTS };

describe.each(testDatabases)('public abuse on $name', (target) => {
  let server: TestServer;
  let seq = 0;
  /** The SQL statements the server ran, while `counting` is on. */
  let statements: string[] = [];
  let counting = false;
  const db = () => server.database.db as Kysely<Schema>;

  /** A public call from a client address. */
  const from = (ip: string) => (path: string, data: unknown): Promise<Call> =>
    server.raw(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ identity: { reqtxnid: `a-${++seq}`, reqdate: new Date().toISOString(), appid: APP_ID }, parameter: { data } }),
    });
  const login = async (ip: string, username: string, password: string) =>
    from(ip)('/api/session/authenticate', { username, password: sha256Hex(password), recaptcha: await server.captcha() });
  const askReset = async (ip: string, username: string) => from(ip)(PATHS.memberResetRequest, { username, recaptcha: await server.captcha() });

  beforeAll(async () => {
    server = await startTestServer(
      target,
      { LOGIN_MAX_FAILURES: '5', LOGIN_LOCK_MINUTES: '15', LOGIN_ADDRESS_MAX_FAILURES: '10', MEMBER_RESET_REQUESTS_PER_HOUR: '10', MEMBER_RESET_MAILS_PER_HOUR: '3' },
      [],
      undefined,
      {
        log: (event) => {
          if (counting && event.level === 'query') statements.push(event.query.sql);
        },
      },
    );
  });
  afterAll(async () => server?.close());

  describe('logins', () => {
    it('refuses an address that sprays wrong passwords over several accounts, before any account locks', async () => {
      const ip = '10.1.0.1';
      const accounts = ['admin', 'branch', 'partner', 'bod'];
      // Ten failures over four accounts (none reaches its own lock of 5): the tenth locks the address.
      for (let i = 0; i < 10; i++) expect((await login(ip, accounts[i % 4]!, `Wrong#${i}`)).body.status.responsecode, `try ${i}`).toBe(CODES.INVALID_LOGIN);
      const refused = await login(ip, 'admin', 'Admin#2026');
      expect(refused.http).toBe(429);
      expect(refused.body.status).toEqual(TOO_MANY);
      // Another address is not refused, and no account was locked.
      expect((await login('10.1.0.2', 'admin', 'Admin#2026')).body.status.responsecode).toBe(CODES.SUCCESS);
      const locked = await db().selectFrom('app_user').select('username').where('lockeduntil', 'is not', null).where('username', 'in', accounts).execute();
      expect(locked).toEqual([]);
      // After the period the address may try again.
      server.clock.offsetMs = 16 * 60_000;
      try {
        expect((await login(ip, 'admin', 'Admin#2026')).body.status.responsecode).toBe(CODES.SUCCESS);
      } finally {
        server.clock.offsetMs = 0;
      }
    });

    it('counts unknown names toward the address too', async () => {
      const ip = '10.1.0.3';
      for (let i = 0; i < 10; i++) expect((await login(ip, `nobody.${i}`, 'Wrong#2026')).body.status.responsecode).toBe(CODES.INVALID_LOGIN);
      expect((await login(ip, 'admin', 'Admin#2026')).body.status).toEqual(TOO_MANY);
    });

    it('runs the same statements for an unknown name as for a known name with a wrong password', async () => {
      const run = async (ip: string, username: string) => {
        await login(ip, username, 'Warm#2026');
        const recaptcha = await server.captcha();
        statements = [];
        counting = true;
        const answer = await from(ip)('/api/session/authenticate', { username, password: sha256Hex('Wrong#2026'), recaptcha });
        counting = false;
        expect(answer.body.status.responsecode).toBe(CODES.INVALID_LOGIN);
        return statements.map((s) => s.replace(/\s+/g, ' '));
      };
      const known = await run('10.1.0.4', 'checker');
      const unknown = await run('10.1.0.5', 'no.such.user');
      expect(unknown).toEqual(known);
    });
  });

  describe('member reset requests', () => {
    /** An active member with an e-mail address, by card number. */
    async function someMember(skip: number): Promise<{ card: string; email: string }> {
      const row = await definitionDb(db())
        .selectFrom('member')
        .select(['cardnumber', 'email'])
        .where('status', '=', 'ACTIVE')
        .where('email', 'is not', null)
        .orderBy('memberid')
        .offset(skip)
        .limit(1)
        .executeTakeFirstOrThrow();
      return { card: row.cardnumber as string, email: row.email as string };
    }

    it('needs a solved captcha, and changes nothing without one', async () => {
      const { card, email } = await someMember(0);
      const before = (await mailsTo(db(), email)).length;
      const answer = await from('10.2.0.1')(PATHS.memberResetRequest, { username: card, recaptcha: 'not solved' });
      expect(answer.http).toBe(200);
      expect(answer.body.status).toEqual({ responsecode: CODES.CAPTCHA_FAILED, responsemessage: MESSAGES.CAPTCHA_FAILED });
      expect((await mailsTo(db(), email)).length).toBe(before);
      expect((await from('10.2.0.1')(PATHS.memberResetRequest, { username: card })).body.status.responsecode).toBe(CODES.BAD_REQUEST);
    });

    it('mails one member at most 3 times an hour, answering every request the same', async () => {
      const { card, email } = await someMember(1);
      const before = (await mailsTo(db(), email)).length;
      for (let i = 0; i < 6; i++) {
        // A new address each time: the member's own cap holds whoever asks.
        const answer = await askReset(`10.2.1.${i}`, card);
        expect(answer.body.status, `request ${i}`).toEqual({ responsecode: CODES.SUCCESS, responsemessage: MEMBER_ACCOUNT_TEXTS.resetRequested });
      }
      expect((await mailsTo(db(), email)).length - before).toBe(3);
      server.clock.offsetMs = 61 * 60_000;
      try {
        expect((await askReset('10.2.1.9', card)).body.status.responsecode).toBe(CODES.SUCCESS);
        expect((await mailsTo(db(), email)).length - before).toBe(4);
      } finally {
        server.clock.offsetMs = 0;
      }
    });

    it('refuses an address after 10 requests an hour (4290, not 500), whether or not a member matched', async () => {
      const ip = '10.2.2.1';
      const { card, email } = await someMember(2);
      for (let i = 0; i < 10; i++) expect((await askReset(ip, `nobody${i}@example.com`)).body.status.responsecode).toBe(CODES.SUCCESS);
      const before = (await mailsTo(db(), email)).length;
      for (const username of [card, 'nobody@example.com']) {
        const refused = await askReset(ip, username);
        expect(refused.http).toBe(429);
        expect(refused.body.status).toEqual(TOO_MANY);
      }
      expect((await mailsTo(db(), email)).length).toBe(before);
      expect((await askReset('10.2.2.2', card)).body.status.responsecode).toBe(CODES.SUCCESS);
    });
  });
});
