// The forgot-password flow on both databases: the spec's messages per step, the captcha and the flow ticket,
// no match on empty values, the password rules, the e-mail and ended sessions, and the locks per account and
// per client address.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APP_ID } from '../../engine/api/envelope';
import { readConfig } from '../../server/platform/core/config';
import { hashPassword } from '../../server/platform/session/passwordHash';
import { sha256Hex } from '../../server/platform/core/sha256';
import { FORGOT_PASSWORD_TEXTS, FORGOT_TICKET_MINUTES } from '../../server/userManagement/users/forgotPasswordActions';
import { latestMail } from './outbox';
import { startTestServer, testDatabases, type Call, type TestServer } from './harness';

// Client addresses come from X-Forwarded-For, so one test can speak for several clients.
process.env.TRUST_PROXY = 'true';

const VERIFY_ALL = 'Please verify username, fullname, branch and ticket office data';

describe.each(testDatabases)('forgot password on $name', (target) => {
  let server: TestServer;
  let seq = 0;

  /** A call from a client address (a fresh one per test unless given). */
  const from = (ip: string) => (path: string, data: unknown): Promise<Call> =>
    server.raw(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ identity: { reqtxnid: `f-${++seq}`, reqdate: new Date().toISOString(), appid: APP_ID }, parameter: { data } }),
    });
  let client = from('10.0.0.1');

  const verify = (data: Record<string, string | undefined>) => client('/api/user/forgot-verify', data);
  const start = async (username: string) => verify({ username, recaptcha: await server.captcha() });
  const reset = (username: string, ticket: string, password: string) =>
    client('/api/user/forgot-reset', { username, ticket, newpassword: sha256Hex(password), plain: { newpassword: password } });

  /** Walks the three verifying steps for a user and answers the flow ticket, ready for the reset. */
  async function verified(claim: { username: string; fullname: string; branchcode: string; tickoffid: string }): Promise<string> {
    const first = await start(claim.username);
    expect(first.body.status.responsecode).toBe('0000');
    const ticket = first.body.result.ticket as string;
    expect((await verify({ username: claim.username, ticket, fullname: claim.fullname })).body.status.responsecode).toBe('0000');
    const branch = await verify({ username: claim.username, ticket, branchcode: claim.branchcode, tickoffid: claim.tickoffid });
    expect(branch.body.status.responsecode).toBe('0000');
    return ticket;
  }

  /** A user of its own for each test that changes one: the flow locks and resets accounts. */
  async function addUser(username: string, office: { branchcode: string | null; tickoffid: string | null } = { branchcode: 'DPSBO', tickoffid: 'DPS01' }) {
    const at = new Date().toISOString();
    await server.database.db
      .insertInto('app_user')
      .values({
        username,
        userfullname: `${username} Officer`,
        email: `${username}@alms.example`,
        rolecode: 'BRANCH',
        partnercode: null,
        ...office,
        status: 'ACTIVE',
        passwordhash: await hashPassword(sha256Hex('Admin#2026')),
        passworddate: at,
        failedcount: 0,
        lockeduntil: null,
        createddate: at,
        updateddate: at,
      })
      .execute();
    return { username, fullname: `${username} officer`, branchcode: office.branchcode ?? '', tickoffid: office.tickoffid ?? '' };
  }

  const passwordHashOf = async (username: string) =>
    (await server.database.db.selectFrom('app_user').select('passwordhash').where('username', '=', username).executeTakeFirstOrThrow()).passwordhash;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => server?.close());
  let testNo = 0;
  beforeEach(() => {
    client = from(`10.0.0.${++testNo}`);
  });

  it("answers each step with the spec's messages and hands out only a ticket", async () => {
    const unknown = await start('nobody');
    expect(unknown.body.status).toEqual({ responsecode: '9007', responsemessage: 'Username not found' });
    const found = await start('branch');
    expect(found.body.status.responsecode).toBe('0000');
    expect(Object.keys(found.body.result)).toEqual(['ticket']);
    const ticket = found.body.result.ticket as string;
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Stored as a hash only.
    const keys = await server.database.db.selectFrom('one_time_key').select('keyhash').where('purpose', '=', 'FORGOT_PASSWORD').execute();
    expect(keys.map((k) => k.keyhash)).toContain(sha256Hex(ticket));
    expect(keys.map((k) => k.keyhash)).not.toContain(ticket);

    expect((await verify({ username: 'branch', ticket, fullname: 'Someone Else' })).body.status.responsemessage).toBe('Fullname not match');
    // A failed step forgets the later ones, as the modal does: the full name is verified again first.
    expect((await verify({ username: 'branch', ticket, branchcode: 'DPSBO', tickoffid: 'DPS01' })).body.status.responsemessage).toBe(VERIFY_ALL);
    expect((await verify({ username: 'branch', ticket, fullname: 'BRANCH OFFICER' })).body.status.responsecode).toBe('0000');
    expect((await verify({ username: 'branch', ticket, branchcode: 'XXX', tickoffid: 'DPS01' })).body.status.responsemessage).toBe('Branch code not match');
    expect((await verify({ username: 'branch', ticket, branchcode: 'DPSBO', tickoffid: 'XXX' })).body.status.responsemessage).toBe('Ticket Office ID not match');
    expect((await verify({ username: 'branch', ticket, branchcode: 'DPSBO', tickoffid: 'DPS01' })).body.status.responsecode).toBe('0000');
    // The failures above counted against the account; a successful login clears them.
    expect((await server.login('branch')).body.status.responsecode).toBe('0000');
  });

  it('asks the captcha at the first step: missing, forged or used again, it answers 9002 and counts nothing', async () => {
    const missing = await verify({ username: 'branch' });
    expect(missing.body.status).toEqual({ responsecode: '9002', responsemessage: 'Captcha verification failed, please try again' });
    const recaptcha = await server.captcha();
    expect((await verify({ username: 'branch', recaptcha })).body.status.responsecode).toBe('0000');
    expect((await verify({ username: 'branch', recaptcha })).body.status.responsecode).toBe('9002');
    const alien = Buffer.from(JSON.stringify({ algorithm: 'MD5', challenge: 'x', number: 1, salt: 's', signature: 'y' })).toString('base64');
    expect((await verify({ username: 'branch', recaptcha: alien })).body.status.responsecode).toBe('9002');
  });

  it('needs the ticket of the same user at every later step, in order, and for the reset', async () => {
    const { body } = await start('branch');
    const ticket = body.result.ticket as string;
    const other = (await start('admin')).body.result.ticket as string;
    for (const data of [
      { username: 'branch', fullname: 'Branch Officer' },
      { username: 'branch', fullname: 'Branch Officer', ticket: 'A'.repeat(43) },
      { username: 'branch', fullname: 'Branch Officer', ticket: other },
      { username: 'branch', branchcode: 'DPSBO', tickoffid: 'DPS01', ticket },
    ]) {
      expect((await verify(data)).body.status).toEqual({ responsecode: '9007', responsemessage: VERIFY_ALL });
    }
    const before = await passwordHashOf('branch');
    expect((await reset('branch', ticket, 'Branch#Reset9')).body.status.responsemessage).toBe(VERIFY_ALL);
    await verify({ username: 'branch', ticket, fullname: 'Branch Officer' });
    expect((await reset('branch', ticket, 'Branch#Reset9')).body.status.responsemessage).toBe(VERIFY_ALL);
    expect(await passwordHashOf('branch')).toBe(before);
  });

  it('never matches an empty branch or ticket office: a user without them cannot reset (the reported takeover)', async () => {
    const before = await passwordHashOf('partner');
    const { body } = await start('partner');
    const ticket = body.result.ticket as string;
    expect((await verify({ username: 'partner', ticket, fullname: 'Partner Officer' })).body.status.responsecode).toBe('0000');
    const empty = await verify({ username: 'partner', ticket, branchcode: '', tickoffid: '' });
    expect(empty.body.status).toEqual({ responsecode: '9007', responsemessage: 'Branch code not match' });
    const blank = await verify({ username: 'partner', ticket, branchcode: ' ', tickoffid: ' ' });
    expect(blank.body.status.responsemessage).toBe('Branch code not match');
    const takeover = await client('/api/user/forgot-reset', {
      username: 'partner',
      fullname: 'Partner Officer',
      branchcode: '',
      tickoffid: '',
      ticket,
      newpassword: sha256Hex('Taken#Over99'),
      plain: { newpassword: 'Taken#Over99' },
    });
    expect(takeover.body.status.responsemessage).toBe(VERIFY_ALL);
    const noTicket = await client('/api/user/forgot-reset', {
      username: 'partner', fullname: 'Partner Officer', branchcode: '', tickoffid: '', newpassword: sha256Hex('Taken#Over99'), plain: { newpassword: 'Taken#Over99' },
    });
    expect(noTicket.http).toBe(400);
    expect(await passwordHashOf('partner')).toBe(before);
    // A user with a branch but no ticket office cannot either.
    const half = await addUser('qz.half', { branchcode: 'DPSBO', tickoffid: null });
    const halfTicket = (await start(half.username)).body.result.ticket as string;
    await verify({ username: half.username, ticket: halfTicket, fullname: half.fullname });
    expect((await verify({ username: half.username, ticket: halfTicket, branchcode: 'DPSBO', tickoffid: '' })).body.status.responsemessage).toBe('Ticket Office ID not match');
  });

  it.each([
    ['a weak password', 'password1', 'At least 1 uppercase character.'],
    ['no special character', 'Password12', 'At least 1 special character.'],
    ['7 characters', 'Pass#12', 'Minimum 8 characters'],
    ['46 characters', `Aa#1${'x'.repeat(42)}`, 'Maximum 45 characters'],
    ['a blank space', 'Pass #1234', 'There is no blank space allowed.'],
  ])('applies the password rules to the new password: %s', async (_case, password, message) => {
    const ticket = await verified({ username: 'branch', fullname: 'Branch Officer', branchcode: 'DPSBO', tickoffid: 'DPS01' });
    const before = await passwordHashOf('branch');
    const refused = await reset('branch', ticket, password);
    expect(refused.body.status).toEqual({ responsecode: '9003', responsemessage: message });
    expect(refused.body.result.fields).toEqual({ newpassword: message });
    expect(await passwordHashOf('branch')).toBe(before);
  });

  it('sets the password, uses the ticket up, ends every session of the user and e-mails them', async () => {
    const user = await addUser('qz.reset');
    const session = (await server.login(user.username)).body.result.bearer as string;
    expect((await server.call('/api/session/check', undefined, { token: session })).http).toBe(200);
    const ticket = await verified(user);
    // A token sent along (someone signed in on this browser) ends too.
    const done = await server.raw('/api/user/forgot-reset', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session}`, 'x-forwarded-for': '10.9.9.9' },
      body: JSON.stringify({
        identity: { reqtxnid: 'r-1', reqdate: new Date().toISOString(), appid: APP_ID },
        parameter: { data: { username: user.username, ticket, newpassword: sha256Hex('Fresh#Reset42'), plain: { newpassword: 'Fresh#Reset42' } } },
      }),
    });
    expect(done.body.status).toEqual({ responsecode: '0000', responsemessage: 'Data has been updated' });
    expect((await server.call('/api/session/check', undefined, { token: session })).http).toBe(401);
    expect((await server.login(user.username, 'Fresh#Reset42')).body.status.responsecode).toBe('0000');
    expect((await server.login(user.username, 'Admin#2026')).body.status.responsecode).toBe('9001');

    const mail = await latestMail(server.database.db, `${user.username}@alms.example`, 'PASSWORD_CHANGED');
    expect(mail).toMatchObject({ subject: FORGOT_PASSWORD_TEXTS.mailSubject, status: 'HELD' });
    expect(mail!.body).toContain(`"${user.username}"`);
    expect(mail!.body).toContain('10.9.9.9');
    expect(mail!.body).not.toContain('Fresh#Reset42');

    const again = await reset(user.username, ticket, 'Other#Reset42');
    expect(again.body.status.responsemessage).toBe(VERIFY_ALL);
    expect((await server.login(user.username, 'Fresh#Reset42')).body.status.responsecode).toBe('0000');
  });

  it(`lets a ticket live ${FORGOT_TICKET_MINUTES} minutes`, async () => {
    const user = await addUser('qz.slow');
    const ticket = await verified(user);
    server.clock.offsetMs = (FORGOT_TICKET_MINUTES + 1) * 60_000;
    try {
      expect((await reset(user.username, ticket, 'Fresh#Reset42')).body.status.responsemessage).toBe(VERIFY_ALL);
    } finally {
      server.clock.offsetMs = 0;
    }
  });

  it('locks the account after repeated wrong answers: the flow and the login both refuse it', async () => {
    const user = await addUser('qz.guess');
    const ticket = (await start(user.username)).body.result.ticket as string;
    for (let i = 0; i < 4; i++) expect((await verify({ username: user.username, ticket, fullname: `Guess ${i}` })).body.status.responsemessage).toBe('Fullname not match');
    // The fifth failure, from another address, locks the account.
    client = from('10.200.0.1');
    await verify({ username: user.username, ticket, fullname: 'Guess 4' });
    expect((await verify({ username: user.username, ticket, fullname: user.fullname })).body.status.responsemessage).toBe('Username not found');
    client = from('10.200.0.2');
    expect((await start(user.username)).body.status.responsemessage).toBe('Username not found');
    expect((await server.login(user.username)).body.status.responsecode).toBe('9001');
  });

  it('counts failed steps per client address in the database, unknown names too, and locks the address for the period', async () => {
    const { loginMaxFailures, loginLockMinutes } = server.config;
    for (let i = 0; i < loginMaxFailures; i++) expect((await start(`nobody${i}`)).body.status.responsemessage).toBe('Username not found');
    const stored = await server.database.db.selectFrom('client_failure').selectAll().where('scope', '=', 'FORGOT_PASSWORD').execute();
    expect(stored.filter((row) => row.lockeduntil !== null)).toHaveLength(1);

    const locked = await start('branch');
    expect(locked.http).toBe(429);
    expect(locked.body.status).toEqual({ responsecode: '4290', responsemessage: 'Too many requests, please try again later' });
    expect((await reset('branch', 'A'.repeat(43), 'Fresh#Reset42')).http).toBe(429);
    // Another address is not locked.
    const elsewhere = from('10.201.0.1');
    expect((await elsewhere('/api/user/forgot-verify', { username: 'branch', recaptcha: await server.captcha() })).body.status.responsecode).toBe('0000');

    server.clock.offsetMs = (loginLockMinutes + 1) * 60_000;
    try {
      expect((await start('branch')).body.status.responsecode).toBe('0000');
    } finally {
      server.clock.offsetMs = 0;
    }
  });

  it('forgets failures older than the lock period', async () => {
    const { loginMaxFailures, loginLockMinutes } = server.config;
    for (let i = 0; i < loginMaxFailures - 1; i++) await start(`nobody${i}`);
    server.clock.offsetMs = (loginLockMinutes + 1) * 60_000;
    try {
      for (let i = 0; i < loginMaxFailures - 1; i++) await start(`nobody${i}`);
      expect((await start('branch')).body.status.responsecode).toBe('0000');
    } finally {
      server.clock.offsetMs = 0;
    }
  });

  it('can be turned off with FORGOT_PASSWORD_ENABLED=false: the calls answer a clear message and /env.json tells the login page', async () => {
    expect(readConfig({ FORGOT_PASSWORD_ENABLED: 'false' }).forgotPasswordEnabled).toBe(false);
    expect(readConfig({}).forgotPasswordEnabled).toBe(true);
    expect(() => readConfig({ FORGOT_PASSWORD_ENABLED: 'no' })).toThrow('FORGOT_PASSWORD_ENABLED must be true or false');
    expect(await (await fetch(`${server.url}/env.json`)).json()).toMatchObject({ forgotPassword: true });
    // The running server's configuration, as if started with the variable set.
    server.config.forgotPasswordEnabled = false;
    try {
      expect(await (await fetch(`${server.url}/env.json`)).json()).toMatchObject({ forgotPassword: false });
      const off = await start('branch');
      expect(off.http).toBe(403);
      expect(off.body.status).toEqual({ responsecode: '4030', responsemessage: FORGOT_PASSWORD_TEXTS.disabled });
      expect((await reset('branch', 'A'.repeat(43), 'Fresh#Reset42')).body.status.responsemessage).toBe(FORGOT_PASSWORD_TEXTS.disabled);
    } finally {
      server.config.forgotPasswordEnabled = true;
    }
  });
});
