// The forgot-password flow on both databases: each step answers match or no match with the spec's message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../server/session/sessionStore';
import { startTestServer, testDatabases, type TestServer } from './harness';

describe.each(testDatabases)('forgot password on $name', (target) => {
  let server: TestServer;
  const verify = (data: Record<string, string>) => server.call('/api/user/forgot-verify', data);
  const reset = (data: Record<string, string>, password: string) =>
    server.call('/api/user/forgot-reset', { ...data, newpassword: sha256Hex(password), plain: { newpassword: password } });
  const claim = { username: 'branch', fullname: 'branch officer', branchcode: 'DPSBO', tickoffid: 'DPS01' };

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => server?.close());

  it("answers each step with the spec's messages and never returns the user", async () => {
    expect((await verify({ username: 'nobody' })).body.status.responsemessage).toBe('Username not found');
    const found = await verify({ username: 'branch' });
    expect(found.body.status.responsecode).toBe('0000');
    expect(found.body.result).toBeUndefined();
    expect((await verify({ username: 'branch', fullname: 'Someone Else' })).body.status.responsemessage).toBe('Fullname not match');
    expect((await verify({ username: 'branch', fullname: 'BRANCH OFFICER' })).body.status.responsecode).toBe('0000');
    expect((await verify({ ...claim, branchcode: 'XXX' })).body.status.responsemessage).toBe('Branch code not match');
    expect((await verify({ ...claim, tickoffid: 'XXX' })).body.status.responsemessage).toBe('Ticket Office ID not match');
    expect((await verify(claim)).body.status.responsecode).toBe('0000');
  });

  it('resets only with all four verified and a password of 8 to 45 characters', async () => {
    const wrong = await reset({ ...claim, tickoffid: 'XXX' }, 'NewPass#2026');
    expect(wrong.body.status.responsemessage).toBe('Please verify username, fullname, branch and ticket office data');
    expect((await reset(claim, 'short')).body.status.responsemessage).toBe('Minimum 8 characters');
    expect((await reset(claim, 'x'.repeat(46))).body.status.responsemessage).toBe('Maximum 45 characters');
    const done = await reset(claim, 'NewPass#2026');
    expect(done.body.status).toEqual({ responsecode: '0000', responsemessage: 'Data has been updated' });
    expect((await server.login('branch', 'NewPass#2026')).body.status.responsecode).toBe('0000');
  });

  it('locks the account after repeated wrong answers', async () => {
    for (let i = 0; i < 5; i++) await verify({ username: 'partner', fullname: `Guess ${i}` });
    expect((await verify({ username: 'partner' })).body.status.responsemessage).toBe('Username not found');
    expect((await server.login('partner')).body.status.responsecode).toBe('9001');
  });
});
