// Browser storage of the signed-in session (spec 000 §3): id token, profile, time token, permission set, API token.
// Profile and permission are stored encoded; a session drop clears every key.
import { ACTIVITY_KEY } from './sharedActivity';

export interface StoredProfile {
  username: string;
  userfullname: string;
  email: string;
  rolename: string;
  partnercode: string | null;
  branchcode: string | null;
  tickoffid: string | null;
}

export interface StoredPermission {
  usermenu: { menucode: string; functions: { functioncode: string; grant: boolean }[] }[];
  enrollmentaccess: { membershipid: string; grant: boolean }[];
}

const KEYS = { idToken: 'alms.idtoken', profile: 'alms.profile', timeToken: 'alms.timetoken', permission: 'alms.permission', apiToken: 'alms.apitoken' } as const;

const encode = (value: unknown) => btoa(encodeURIComponent(JSON.stringify(value)));
function decode<T>(text: string | null): T | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(decodeURIComponent(atob(text))) as T;
  } catch {
    return undefined;
  }
}

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export const sessionStore = {
  /** For useSyncExternalStore: re-render when the session starts, renews or ends (also in other tabs). */
  subscribe(listener: () => void) {
    listeners.add(listener);
    window.addEventListener('storage', listener);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', listener);
    };
  },
  save(token: string, expiresat: string, profile: StoredProfile, permission: StoredPermission) {
    localStorage.setItem(KEYS.idToken, token);
    localStorage.setItem(KEYS.apiToken, token);
    localStorage.setItem(KEYS.timeToken, expiresat);
    localStorage.setItem(KEYS.profile, encode(profile));
    localStorage.setItem(KEYS.permission, encode(permission));
    changed();
  },
  renew(token: string) {
    localStorage.setItem(KEYS.idToken, token);
    localStorage.setItem(KEYS.apiToken, token);
    changed();
  },
  token: () => localStorage.getItem(KEYS.apiToken) ?? undefined,
  profile: () => decode<StoredProfile>(localStorage.getItem(KEYS.profile)),
  permission: () => decode<StoredPermission>(localStorage.getItem(KEYS.permission)),
  clear() {
    // The token first: another tab hears each removal on its own, and must be signed out before its profile goes.
    // The shared activity time goes too: nothing of the session stays behind in the browser.
    for (const key of [KEYS.apiToken, KEYS.idToken, KEYS.timeToken, KEYS.permission, KEYS.profile, ACTIVITY_KEY]) localStorage.removeItem(key);
    changed();
  },
};
