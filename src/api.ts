// The app's one API client, bound to the browser session storage.
import { createApiClient } from '../engine/api/client';
import { sessionStore } from './session/storage';

type Listener = (message: string) => void;
const dropListeners = new Set<Listener>();
const deniedListeners = new Set<() => void>();

export const api = createApiClient({
  getToken: () => sessionStore.token(),
  getUserId: () => sessionStore.profile()?.username ?? '',
  onTokenRenewed: (token) => sessionStore.renew(token),
  onSessionDropped: (message) => dropListeners.forEach((listener) => listener(message)),
  onAccessDenied: () => deniedListeners.forEach((listener) => listener()),
});

export const onSessionDropped = (listener: Listener) => {
  dropListeners.add(listener);
  return () => void dropListeners.delete(listener);
};
export const onAccessDenied = (listener: () => void) => {
  deniedListeners.add(listener);
  return () => void deniedListeners.delete(listener);
};
