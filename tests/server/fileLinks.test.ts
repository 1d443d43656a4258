// File links on both databases (/files/<token>, the path a receipt or a mail's file opens at): the path works once,
// for FILE_LINK_MINUTES, and only while the session that asked for it lives: refused after a logout, after its
// first use, after its lifetime, and after the session expired.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineAction } from '../../server/platform/core/action';
import { issueFileLink } from '../../server/platform/session/fileLinks';
import { startTestServer, testDatabases, type TestServer } from './harness';

// A session's own action that hands out a link, as a receipt does (the same mechanism, without a purchase to make).
const RECEIPT = '<html><body>Receipt QZ1</body></html>';
const linkAction = defineAction({
  path: '/api/test/file-link',
  guard: 'session',
  handler: async (ctx) => ({ result: { path: await issueFileLink(ctx, { file: { filename: 'receipt.html', mimetype: 'text/html', content: RECEIPT } }) } }),
});

describe.each(testDatabases)('file links on $name', (target) => {
  let server: TestServer;
  const signIn = async () => (await server.login('admin')).body.result.bearer as string;
  const ask = async (token: string) => (await server.call('/api/test/file-link', undefined, { token })).body.result.path as string;
  const open = (path: string) => fetch(`${server.url}${path}`);

  beforeAll(async () => {
    server = await startTestServer(target, { FILE_LINK_MINUTES: '5', SESSION_MINUTES: '60' }, [linkAction]);
  });
  afterAll(async () => server?.close());

  it('opens once, without a bearer, for the session that asked; a second opening is refused', async () => {
    const path = await ask(await signIn());
    expect(path).toMatch(/^\/files\/[A-Za-z0-9_-]{43}$/);
    const first = await open(path);
    expect([first.status, first.headers.get('content-type'), await first.text()]).toEqual([200, 'text/html', RECEIPT]);
    const again = await open(path);
    expect(again.status).toBe(404);
    expect(await again.text()).toBe('Not found');
  });

  it('is refused after the session that asked for it logged out', async () => {
    const token = await signIn();
    const path = await ask(token);
    expect((await server.call('/api/session/expire', undefined, { token })).body.status.responsecode).toBe('0000');
    expect((await open(path)).status).toBe(404);
  });

  it('is refused after its lifetime, and after its session expired', async () => {
    const token = await signIn();
    const late = await ask(token);
    server.clock.offsetMs = 5 * 60_000 + 1000;
    try {
      expect((await open(late)).status).toBe(404);
    } finally {
      server.clock.offsetMs = 0;
    }
    // Asked a minute before the session's end, opened a minute after it: the link still had time, the session not.
    server.clock.offsetMs = 59 * 60_000;
    try {
      const path = await ask(token);
      server.clock.offsetMs = 61 * 60_000;
      expect((await open(path)).status).toBe(404);
    } finally {
      server.clock.offsetMs = 0;
    }
  });

  it('stores only a hash of the path, and answers a malformed token like a missing one', async () => {
    const path = await ask(await signIn());
    const token = path.split('/').at(-1)!;
    const rows = await server.database.db.selectFrom('file_link').select(['tokenhash', 'sessionhash']).execute();
    expect(rows.map((r) => r.tokenhash)).not.toContain(token);
    expect((await open(`/files/${'x'.repeat(43)}`)).status).toBe(404);
    expect((await open('/files/short')).status).toBe(404);
  });
});
