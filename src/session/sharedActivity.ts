// The user's last activity, shared by every tab of this browser: a background tab must not log out the tab in use.
// localStorage holds the time, so a tab whose timer is due reads it at once (a background tab's timers and events
// may run late), and its storage event tells the other tabs as it changes.
export const ACTIVITY_KEY = 'alms.lastactivity';

export const sharedActivity = {
  /** Records that the user acted in this tab at this time. */
  record(at: number) {
    localStorage.setItem(ACTIVITY_KEY, String(at));
  },
  /** When the user last acted in any tab (0 when never). */
  last(): number {
    return Number(localStorage.getItem(ACTIVITY_KEY)) || 0;
  },
  /** Calls back when the user acts in another tab. */
  subscribe(listener: (at: number) => void) {
    const heard = (event: StorageEvent) => {
      if (event.key === ACTIVITY_KEY && event.newValue) listener(Number(event.newValue));
    };
    window.addEventListener('storage', heard);
    return () => window.removeEventListener('storage', heard);
  },
};

/** Whether this tab is the one in front (document.visibilityState), for useSyncExternalStore. */
export const pageVisibility = {
  subscribe(listener: () => void) {
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
  visible: () => document.visibilityState === 'visible',
};
