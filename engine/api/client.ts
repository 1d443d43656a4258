// The browser's envelope client: identity block, bearer, 401 -> extend -> retry once, 403 -> access denied,
// transport failures as 'N - text'. It never throws for a failed call: the status says what happened.
// The transport is the browser's fetch, not axios: axios weighed 21 KiB gzip on the login page and on every screen
// (the bundle budgets), and the client needs one JSON POST.
import { APP_ID, EXTEND_APP_ID, SESSION_EXTEND_MINUTES, isSuccess, type Paging, type Parameter, type ResponseEnvelope } from './envelope';
import { transportFailureMessage } from './httpStatus';

export interface ClientHooks {
  getToken(): string | undefined;
  getUserId(): string;
  /** A new bearer was issued by the extension. */
  onTokenRenewed(token: string): void;
  /** The extension failed: the message to show before the session is dropped. */
  onSessionDropped(message: string): void;
  /** HTTP 403 on a guarded call. */
  onAccessDenied(): void;
}

export interface CallOptions extends Parameter {
  paging?: Paging;
  /** Application id; session extension uses 'amala'. */
  appid?: string;
  /** Skip the 401 -> extend -> retry handling (used by the extension itself and by public calls). */
  noRetry?: boolean;
}

export type ApiCall = <T = unknown>(path: string, options?: CallOptions) => Promise<ResponseEnvelope<T>>;

/** Posts a JSON body; answers the HTTP status and the body (parsed when it is JSON, else its text). Throws when no answer came. */
export interface HttpTransport {
  post(path: string, body: unknown, config: { headers: Record<string, string> }): Promise<{ status: number; data: unknown }>;
}

export const fetchTransport: HttpTransport = {
  async post(path, body, { headers }) {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/plain, */*', ...headers },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    try {
      return { status: response.status, data: JSON.parse(text) as unknown };
    } catch {
      return { status: response.status, data: text };
    }
  },
};

const newTxnId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export function createApiClient(hooks: ClientHooks, http: HttpTransport = fetchTransport): { call: ApiCall } {
  let seqno = 0;
  let extending: Promise<string | undefined> | undefined;

  async function send<T>(path: string, options: CallOptions, token: string | undefined): Promise<{ http: number; body: ResponseEnvelope<T> }> {
    const { paging, appid, noRetry: _noRetry, ...parameter } = options;
    const body = {
      identity: {
        reqtxnid: newTxnId(),
        reqdate: new Date().toISOString(),
        appid: appid ?? APP_ID,
        userid: hooks.getUserId(),
        signature: token ?? '',
        seqno: ++seqno,
      },
      ...(paging ? { paging } : {}),
      parameter,
    };
    try {
      const response = await http.post(path, body, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      const data = response.data as ResponseEnvelope<T> | null;
      // The server answers errors with envelopes too, and its message says more than the status text;
      // 'N - text' is for answers that are not envelopes (a proxy, a gateway, a dead server).
      if (data && typeof data === 'object' && 'status' in data) return { http: response.status, body: data };
      return { http: response.status, body: failure(response.status) };
    } catch {
      return { http: 0, body: failure(undefined) };
    }
  }

  function failure<T>(status: number | undefined): ResponseEnvelope<T> {
    return { status: { responsecode: String(status ?? ''), responsemessage: transportFailureMessage(status) } };
  }

  /** One extension at a time: concurrent 401s share it. */
  function extend(expiredToken: string): Promise<string | undefined> {
    extending ??= (async () => {
      const { body } = await send<{ bearer: string }>('/api/session/extend', { appid: EXTEND_APP_ID, data: { minutes: SESSION_EXTEND_MINUTES } }, expiredToken);
      if (isSuccess(body.status.responsecode) && body.result?.bearer) {
        hooks.onTokenRenewed(body.result.bearer);
        return body.result.bearer;
      }
      hooks.onSessionDropped(body.status.responsemessage);
      return undefined;
    })().finally(() => {
      extending = undefined;
    });
    return extending;
  }

  const call: ApiCall = async <T>(path: string, options: CallOptions = {}) => {
    const token = hooks.getToken();
    const first = await send<T>(path, options, token);
    if (first.http === 401 && token && !options.noRetry) {
      const renewed = await extend(token);
      if (!renewed) return first.body;
      const retried = await send<T>(path, options, renewed);
      if (retried.http === 403) hooks.onAccessDenied();
      return retried.body;
    }
    if (first.http === 403) hooks.onAccessDenied();
    return first.body;
  };

  return { call };
}
