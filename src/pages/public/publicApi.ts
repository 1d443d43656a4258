// The public pages' calls: the app's envelope client without a bearer, so a signed-in user opening an e-mailed link
// sends no token and never triggers the session extension.
import { createApiClient } from '../../../engine/api/client';
import type { ResponseEnvelope } from '../../../engine/api/envelope';

const client = createApiClient({
  getToken: () => undefined,
  getUserId: () => '',
  onTokenRenewed: () => {},
  onSessionDropped: () => {},
  onAccessDenied: () => {},
});

/** POST path with the data in parameter.data; never throws (a failed call is a status). */
export const publicCall = <T = unknown>(path: string, data: object): Promise<ResponseEnvelope<T>> => client.call<T>(path, { noRetry: true, data });
