// The signed-in session (spec 000 §4, §9): idle warning and logout, version check, logout, drop after a failed extension.
// The idle time counts from the last activity in any tab of the browser: this tab's own (shared with the others) and
// the others' (ACTIVITY_ELSEWHERE, and read again when a timer of this tab is due, as a background tab may hear late).
import { assign, not, setup } from 'xstate';
import { injectedActor } from './injectedActor';

/** The idle warning counts down this many seconds before logging out (spec 000 §9). */
export const IDLE_COUNTDOWN_SECONDS = 5;

/** A failed session extension logs out this long after its message shows (spec 000 §9). */
export const DROP_DELAY_MS = 3000;

export interface SessionInput {
  /** Idle time before the warning, from /env.json. */
  idleSeconds: number;
  /** The version this client was built as (CLIENT_VERSION). */
  clientVersion: string;
}

export interface SessionContext {
  idleSeconds: number;
  clientVersion: string;
  /** Seconds left in the idle warning. */
  remaining: number;
  /** The last message of a failed extension, shown while the session drops. */
  dropMessage: string | undefined;
  /** When the user last acted, in this tab or another (ms since the epoch). */
  lastActivity: number;
}

export type SessionEvent =
  | { type: 'SIGNED_IN' }
  | { type: 'ACTIVITY' }
  /** The user acted in another tab of this browser, at this time. */
  | { type: 'ACTIVITY_ELSEWHERE'; at: number }
  | { type: 'PATH_CHANGED' }
  | { type: 'LOGOUT' }
  | { type: 'EXTEND_FAILED'; message: string }
  | { type: 'ACCESS_DENIED'; path: string };

/** The metadata file the server publishes for the version check. */
export interface SessionMeta {
  version: string;
}

const fetchMeta = injectedActor<SessionMeta, void>('fetchMeta');
/** Session expire with the stored token; its outcome does not matter, the local logout follows anyway. */
const expireSession = injectedActor<unknown, void>('expireSession');

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: { fetchMeta, expireSession },
  guards: {
    outdated: ({ context }, params: { meta: SessionMeta }) => params.meta.version !== context.clientVersion,
    countdownOver: ({ context }) => context.remaining <= 0,
    idleEverywhere: ({ context }) => Date.now() - context.lastActivity >= context.idleSeconds * 1000,
  },
  actions: {
    /** Injected: clears caches and reloads the page from the server. */
    hardReload: (_, _params: { version: string }) => {},
    /** Injected: removes every stored session item. */
    clearStorage: () => {},
    /** Injected: the extension's message as a persistent error toast. */
    showError: (_, _params: { message: string }) => {},
    /** Injected: the no-access notice for a path the server refused (HTTP 403). */
    showAccessDenied: (_, _params: { path: string }) => {},
    /** Injected: tells the other tabs of this browser that the user acted here. */
    shareActivity: (_, _params: { at: number }) => {},
    /** Injected: takes in an activity of another tab this tab has not heard of yet (an assign over lastActivity). */
    catchUp: () => {},
    noteActivity: assign({ lastActivity: () => Date.now() }),
    noteActivityElsewhere: assign({ lastActivity: ({ context }, params: { at: number }) => Math.max(context.lastActivity, params.at) }),
    startCountdown: assign({ remaining: IDLE_COUNTDOWN_SECONDS }),
    countDown: assign({ remaining: ({ context }) => context.remaining - 1 }),
    keepDropMessage: assign({ dropMessage: (_, params: { message: string }) => params.message }),
    forgetDropMessage: assign({ dropMessage: undefined }),
  },
  delays: {
    idleTimeout: ({ context }) => Math.max(0, context.lastActivity + context.idleSeconds * 1000 - Date.now()),
    countdownTick: 1000,
    dropDelay: DROP_DELAY_MS,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    idleSeconds: input.idleSeconds,
    clientVersion: input.clientVersion,
    remaining: IDLE_COUNTDOWN_SECONDS,
    dropMessage: undefined,
    lastActivity: Date.now(),
  }),
  initial: 'signedOut',
  states: {
    signedOut: {
      on: { SIGNED_IN: { target: 'signedIn', actions: 'noteActivity' } },
    },
    signedIn: {
      type: 'parallel',
      on: {
        LOGOUT: 'endingSession',
        EXTEND_FAILED: {
          target: 'droppingSession',
          actions: [
            { type: 'keepDropMessage', params: ({ event }) => ({ message: event.message }) },
            { type: 'showError', params: ({ event }) => ({ message: event.message }) },
          ],
        },
        ACCESS_DENIED: { actions: { type: 'showAccessDenied', params: ({ event }) => ({ path: event.path }) } },
      },
      states: {
        idle: {
          initial: 'active',
          states: {
            // Every activity re-enters, which restarts the idle timer from the last activity anywhere.
            active: {
              on: {
                ACTIVITY: { target: 'active', reenter: true, actions: ['noteActivity', { type: 'shareActivity', params: () => ({ at: Date.now() }) }] },
                ACTIVITY_ELSEWHERE: { target: 'active', reenter: true, actions: { type: 'noteActivityElsewhere', params: ({ event }) => ({ at: event.at }) } },
              },
              after: { idleTimeout: { target: 'warning', actions: 'catchUp' } },
            },
            // 'You are idle': 5, 4, 3, 2, 1, then logout at 0, unless the user acted meanwhile in another tab.
            warning: {
              entry: 'startCountdown',
              on: {
                ACTIVITY: { target: 'active', actions: ['noteActivity', { type: 'shareActivity', params: () => ({ at: Date.now() }) }] },
                ACTIVITY_ELSEWHERE: { target: 'active', actions: { type: 'noteActivityElsewhere', params: ({ event }) => ({ at: event.at }) } },
              },
              initial: 'counting',
              states: {
                counting: {
                  always: [
                    { guard: not('idleEverywhere'), target: '#session.signedIn.idle.active' },
                    { guard: 'countdownOver', target: '#session.endingSession' },
                  ],
                  after: { countdownTick: { target: 'counting', reenter: true, actions: ['countDown', 'catchUp'] } },
                },
              },
            },
          },
        },
        version: {
          initial: 'checking',
          states: {
            checking: {
              on: { PATH_CHANGED: { target: 'checking', reenter: true } },
              invoke: {
                id: 'fetchMeta',
                src: 'fetchMeta',
                onDone: [
                  {
                    guard: { type: 'outdated', params: ({ event }) => ({ meta: event.output }) },
                    target: 'outdated',
                    actions: { type: 'hardReload', params: ({ event }) => ({ version: event.output.version }) },
                  },
                  { target: 'current' },
                ],
                // An unreadable metadata file is no reason to disturb the user.
                onError: 'current',
              },
            },
            current: {
              on: { PATH_CHANGED: 'checking' },
            },
            outdated: {
              on: { PATH_CHANGED: 'checking' },
            },
          },
        },
      },
    },
    endingSession: {
      invoke: {
        id: 'expireSession',
        src: 'expireSession',
        onDone: { target: 'signedOut', actions: 'clearStorage' },
        onError: { target: 'signedOut', actions: 'clearStorage' },
      },
    },
    droppingSession: {
      after: { dropDelay: { target: 'signedOut', actions: ['clearStorage', 'forgetDropMessage'] } },
    },
  },
});
