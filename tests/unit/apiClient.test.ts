// The envelope client against a scripted transport: 401 -> extend -> retry once, 403, transport texts.
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, fetchTransport, type HttpTransport } from '../../engine/api/client';
import { transportFailureMessage } from '../../engine/api/httpStatus';

type Answer = { status: number; data: unknown };
const envelope = (code: string, message = 'x', result?: unknown) => ({ status: { responsecode: code, responsemessage: message }, result });

function scripted(answers: Answer[]) {
  const calls: { path: string; body: any; headers: Record<string, string> }[] = [];
  const http = { post: vi.fn(async (path: string, body: unknown, config: { headers: Record<string, string> }) => {
    calls.push({ path, body, headers: config.headers });
    const next = answers.shift();
    if (!next) throw new Error('network down');
    return next;
  }) } satisfies HttpTransport;
  return { http, calls };
}

const hooks = (token = 'old') => {
  let current: string | undefined = token;
  return {
    getToken: () => current,
    getUserId: () => 'admin',
    onTokenRenewed: vi.fn((t: string) => { current = t; }),
    onSessionDropped: vi.fn(),
    onAccessDenied: vi.fn(),
  };
};

describe('api client', () => {
  it('extends once on 401 with application id amala and 60 minutes, then repeats the call with the new bearer', async () => {
    const { http, calls } = scripted([
      { status: 401, data: envelope('4010') },
      { status: 200, data: envelope('0000', 'Success', { bearer: 'new' }) },
      { status: 200, data: envelope('0000', 'Success', [1]) },
    ]);
    const h = hooks();
    const answer = await createApiClient(h, http).call('/api/region/list');
    expect(answer.result).toEqual([1]);
    expect(calls.map((c) => c.path)).toEqual(['/api/region/list', '/api/session/extend', '/api/region/list']);
    expect(calls[1]!.body.identity.appid).toBe('amala');
    expect(calls[1]!.body.parameter.data).toEqual({ minutes: 60 });
    expect(calls[2]!.headers.Authorization).toBe('Bearer new');
    expect(calls[0]!.body.identity.appid).toBe('alms-1');
    expect(h.onTokenRenewed).toHaveBeenCalledWith('new');
  });

  it('drops the session with the extension message when the extension fails', async () => {
    const { http } = scripted([{ status: 401, data: envelope('4010') }, { status: 401, data: envelope('9005', 'Your session can no longer be extended, please log in again') }]);
    const h = hooks();
    await createApiClient(h, http).call('/api/region/list');
    expect(h.onSessionDropped).toHaveBeenCalledWith('Your session can no longer be extended, please log in again');
  });

  it('raises access denied on 403 and maps non-envelope failures to the spec texts', async () => {
    const { http } = scripted([{ status: 403, data: envelope('4030') }, { status: 502, data: '<html>' }]);
    const h = hooks();
    const client = createApiClient(h, http);
    await client.call('/api/region/list');
    expect(h.onAccessDenied).toHaveBeenCalledTimes(1);
    expect((await client.call('/api/region/list')).status).toEqual({ responsecode: '502', responsemessage: '502 - Bad Gateway' });
    expect((await client.call('/api/region/list')).status.responsemessage).toBe('Something went wrong, Please try again');
  });

  it('posts JSON through fetch with the bearer, reads envelopes of any status, and maps non-JSON and lost answers', async () => {
    const sent: { url: string; init: RequestInit }[] = [];
    const answers: (() => Response)[] = [
      () => new Response(JSON.stringify(envelope('4030', 'No grant')), { status: 403, headers: { 'content-type': 'application/json' } }),
      () => new Response('<html>Bad gateway</html>', { status: 502 }),
      () => {
        throw new TypeError('Failed to fetch');
      },
    ];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return answers.shift()!();
    }));
    try {
      const h = hooks('token-1');
      const client = createApiClient(h, fetchTransport);
      expect((await client.call('/api/region/list', { criteria: { name: 'x' } })).status).toEqual({ responsecode: '4030', responsemessage: 'No grant' });
      expect(h.onAccessDenied).toHaveBeenCalledTimes(1);
      expect(sent[0]!.url).toBe('/api/region/list');
      expect(sent[0]!.init.method).toBe('POST');
      expect(sent[0]!.init.headers).toMatchObject({ 'content-type': 'application/json', Authorization: 'Bearer token-1' });
      expect(JSON.parse(sent[0]!.init.body as string)).toMatchObject({ identity: { userid: 'admin', signature: 'token-1', seqno: 1 }, parameter: { criteria: { name: 'x' } } });
      expect((await client.call('/api/region/list')).status).toEqual({ responsecode: '502', responsemessage: '502 - Bad Gateway' });
      expect((await client.call('/api/region/list')).status).toEqual({ responsecode: '', responsemessage: 'Something went wrong, Please try again' });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("knows every status text of spec 000 §8", () => {
    const expected: Record<number, string> = {
      400: '400 - Bad Request', 401: '401 - Unauthorized', 402: '402 - Payment Required', 403: '403 - Forbidden', 404: '404 - Not Found',
      405: '405 - Method Not Allowed', 406: '406 - Not Acceptable', 407: '407 - Proxy Authentication Required', 408: '408 - Request Timeout',
      501: '501 - Not Implemented', 502: '502 - Bad Gateway', 503: '503 - Service Unavailable', 504: '504 - Gateway Timeout',
      505: '505 - HTTP Version Not Supported', 506: '506 - Variant Also Negotiates', 507: '507 - Variant Also Negotiates',
      511: '511 - Network Authentication Required',
    };
    for (const [status, text] of Object.entries(expected)) expect(transportFailureMessage(Number(status))).toBe(text);
    expect(transportFailureMessage(500)).toBe('Something went wrong, Please try again');
    expect(transportFailureMessage(undefined)).toBe('Something went wrong, Please try again');
  });
});
