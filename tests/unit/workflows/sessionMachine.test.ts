// The session machine under fake timers: idle warning and countdown, version check, logout, drop after a failed extension.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { sessionMachine, type SessionMeta } from '../../../workflows/sessionMachine';
import { allStatePaths, reachableStatePaths } from './statePaths';

const IDLE_SECONDS = 60;
const CLIENT_VERSION = 'v1.2.2';

function start(options: { serverVersion?: string; expire?: () => Promise<unknown>; sharedLast?: () => number } = {}) {
  const fetchMeta = vi.fn(async (): Promise<SessionMeta> => ({ version: options.serverVersion ?? CLIENT_VERSION }));
  const expireSession = vi.fn(options.expire ?? (async () => ({ status: { responsecode: '0000', responsemessage: 'Success' } })));
  const hardReload = vi.fn();
  const clearStorage = vi.fn();
  const showError = vi.fn();
  const showAccessDenied = vi.fn();
  const shareActivity = vi.fn();
  const sharedLast = options.sharedLast ?? (() => 0);
  const machine = sessionMachine.provide({
    actors: { fetchMeta: fromPromise(fetchMeta), expireSession: fromPromise(expireSession) },
    actions: {
      hardReload: (_, params) => hardReload(params.version),
      clearStorage,
      showError: (_, params) => showError(params.message),
      showAccessDenied: (_, params) => showAccessDenied(params.path),
      shareActivity: (_, params) => shareActivity(params.at),
      catchUp: assign({ lastActivity: ({ context }) => Math.max(context.lastActivity, sharedLast()) }),
    },
  });
  const actor = createActor(machine, { input: { idleSeconds: IDLE_SECONDS, clientVersion: CLIENT_VERSION } }).start();
  return { actor, fetchMeta, expireSession, hardReload, clearStorage, showError, showAccessDenied, shareActivity };
}

type Session = ReturnType<typeof start>;
const idleState = (session: Session) => (session.actor.getSnapshot().value as { signedIn?: { idle: unknown } }).signedIn?.idle;

async function signIn(session: Session) {
  session.actor.send({ type: 'SIGNED_IN' });
  // Let the version check settle.
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('sessionMachine reachability', () => {
  it('reaches every state with deterministic fakes for fetchMeta and expireSession', () => {
    const events = [
      { type: 'SIGNED_IN' },
      { type: 'ACTIVITY' },
      { type: 'ACTIVITY_ELSEWHERE', at: 0 },
      { type: 'PATH_CHANGED' },
      { type: 'LOGOUT' },
      { type: 'EXTEND_FAILED', message: 'Session expired' },
      { type: 'ACCESS_DENIED', path: '/member' },
      { type: 'xstate.done.actor.fetchMeta', output: { version: CLIENT_VERSION } },
      { type: 'xstate.done.actor.fetchMeta', output: { version: 'v1.2.3' } },
      { type: 'xstate.error.actor.fetchMeta', error: 'not found' },
      { type: 'xstate.done.actor.expireSession', output: {} },
      { type: 'xstate.error.actor.expireSession', error: 'network down' },
      // The delayed events ('xstate.after.<delay>.<state>') come from the traversal itself.
    ];
    const machine = sessionMachine.provide({
      actors: { fetchMeta: fromPromise(async () => ({ version: CLIENT_VERSION })), expireSession: fromPromise<unknown, void>(async () => ({})) },
      // The traversal fires a delayed event without moving the clock: as if its time had come, nobody acted since.
      guards: { idleEverywhere: () => true },
    });
    // The activity time is a clock reading: the states and the countdown make a node.
    const serializeState = (snapshot: AnyMachineSnapshot) => JSON.stringify([snapshot.value, snapshot.context.remaining, snapshot.context.dropMessage]);
    const reached = reachableStatePaths(machine, { input: { idleSeconds: IDLE_SECONDS, clientVersion: CLIENT_VERSION }, events, serializeState });
    expect(reached).toEqual(allStatePaths(sessionMachine));
    expect(reached).toEqual([
      'droppingSession',
      'endingSession',
      'signedIn',
      'signedIn.idle',
      'signedIn.idle.active',
      'signedIn.idle.warning',
      'signedIn.idle.warning.counting',
      'signedIn.version',
      'signedIn.version.checking',
      'signedIn.version.current',
      'signedIn.version.outdated',
      'signedOut',
    ]);
  });
});

describe('sessionMachine sign-in', () => {
  it('starts signed out and signs in on SIGNED_IN', async () => {
    const session = start();
    expect(session.actor.getSnapshot().value).toBe('signedOut');
    await signIn(session);
    expect(session.actor.getSnapshot().matches({ signedIn: { idle: 'active', version: 'current' } })).toBe(true);
  });
});

describe('sessionMachine idle', () => {
  it("warns 'You are idle' after the configured seconds, counts down 5..0, then logs out and clears storage", async () => {
    const session = start();
    await signIn(session);
    await vi.advanceTimersByTimeAsync(IDLE_SECONDS * 1000 - 1);
    expect(idleState(session)).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(idleState(session)).toEqual({ warning: 'counting' });
    const seen = [session.actor.getSnapshot().context.remaining];
    for (let second = 1; second < 5; second += 1) {
      await vi.advanceTimersByTimeAsync(1000);
      seen.push(session.actor.getSnapshot().context.remaining);
    }
    expect(seen).toEqual([5, 4, 3, 2, 1]);
    expect(session.expireSession).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(session.expireSession).toHaveBeenCalledTimes(1);
    expect(session.clearStorage).toHaveBeenCalledTimes(1);
    expect(session.actor.getSnapshot().value).toBe('signedOut');
  });

  it('restarts the idle time on every activity', async () => {
    const session = start();
    await signIn(session);
    await vi.advanceTimersByTimeAsync(50_000);
    session.actor.send({ type: 'ACTIVITY' });
    await vi.advanceTimersByTimeAsync(50_000);
    expect(idleState(session)).toBe('active');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(idleState(session)).toEqual({ warning: 'counting' });
  });

  it('activity during the warning goes back to active and the countdown starts afresh next time', async () => {
    const session = start();
    await signIn(session);
    await vi.advanceTimersByTimeAsync(IDLE_SECONDS * 1000 + 3000);
    expect(session.actor.getSnapshot().context.remaining).toBe(2);
    session.actor.send({ type: 'ACTIVITY' });
    expect(idleState(session)).toBe('active');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(session.clearStorage).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(IDLE_SECONDS * 1000 - 10_000);
    expect(idleState(session)).toEqual({ warning: 'counting' });
    expect(session.actor.getSnapshot().context.remaining).toBe(5);
  });
});

describe('sessionMachine across tabs', () => {
  it('shares every activity of this tab with the other tabs, at its time', async () => {
    const session = start();
    await signIn(session);
    await vi.advanceTimersByTimeAsync(10_000);
    session.actor.send({ type: 'ACTIVITY' });
    expect(session.shareActivity).toHaveBeenCalledTimes(1);
    expect(session.shareActivity).toHaveBeenCalledWith(Date.now());
  });

  it('restarts the idle time on activity in another tab, from that activity, without sharing it again', async () => {
    const session = start();
    await signIn(session);
    await vi.advanceTimersByTimeAsync(50_000);
    // Heard 2 seconds after the other tab's activity: the idle time counts from the activity.
    session.actor.send({ type: 'ACTIVITY_ELSEWHERE', at: Date.now() - 2000 });
    expect(session.shareActivity).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(IDLE_SECONDS * 1000 - 2001);
    expect(idleState(session)).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(idleState(session)).toEqual({ warning: 'counting' });
    session.actor.send({ type: 'ACTIVITY_ELSEWHERE', at: Date.now() });
    expect(idleState(session)).toBe('active');
  });

  it('reads the shared activity when its idle time is due, and waits on instead of warning', async () => {
    let shared = 0;
    const session = start({ sharedLast: () => shared });
    await signIn(session);
    await vi.advanceTimersByTimeAsync(30_000);
    shared = Date.now();
    // Due 60 seconds after sign-in, it finds the other tab's activity 30 seconds later: 30 more seconds to go.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(idleState(session)).toBe('active');
    await vi.advanceTimersByTimeAsync(29_999);
    expect(idleState(session)).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(idleState(session)).toEqual({ warning: 'counting' });
  });

  it('does not log out at the end of the countdown when another tab acted during it', async () => {
    let shared = 0;
    const session = start({ sharedLast: () => shared });
    await signIn(session);
    await vi.advanceTimersByTimeAsync(IDLE_SECONDS * 1000 + 2000);
    expect(idleState(session)).toEqual({ warning: 'counting' });
    shared = Date.now();
    await vi.advanceTimersByTimeAsync(1000);
    expect(idleState(session)).toBe('active');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(session.expireSession).not.toHaveBeenCalled();
    expect(session.clearStorage).not.toHaveBeenCalled();
  });
});

describe('sessionMachine version check', () => {
  it('fetches the metadata on sign-in and on every path change', async () => {
    const session = start();
    await signIn(session);
    expect(session.fetchMeta).toHaveBeenCalledTimes(1);
    session.actor.send({ type: 'PATH_CHANGED' });
    await vi.advanceTimersByTimeAsync(0);
    session.actor.send({ type: 'PATH_CHANGED' });
    await vi.advanceTimersByTimeAsync(0);
    expect(session.fetchMeta).toHaveBeenCalledTimes(3);
  });

  it('does not reload when the versions match', async () => {
    const session = start({ serverVersion: 'v1.2.2' });
    await signIn(session);
    session.actor.send({ type: 'PATH_CHANGED' });
    await vi.advanceTimersByTimeAsync(0);
    expect(session.hardReload).not.toHaveBeenCalled();
    expect(session.actor.getSnapshot().matches({ signedIn: { version: 'current' } })).toBe(true);
  });

  it('hard-reloads when the server has another version', async () => {
    const session = start({ serverVersion: 'v1.2.3' });
    await signIn(session);
    expect(session.hardReload).toHaveBeenCalledWith('v1.2.3');
    expect(session.actor.getSnapshot().matches({ signedIn: { version: 'outdated' } })).toBe(true);
  });

  it('ignores an unreadable metadata file', async () => {
    const session = start();
    session.fetchMeta.mockRejectedValueOnce(new Error('404'));
    await signIn(session);
    expect(session.hardReload).not.toHaveBeenCalled();
    expect(session.actor.getSnapshot().matches({ signedIn: { version: 'current' } })).toBe(true);
  });
});

describe('sessionMachine logout', () => {
  it('expires the session on the server, then clears storage and signs out', async () => {
    const session = start();
    await signIn(session);
    session.actor.send({ type: 'LOGOUT' });
    expect(session.actor.getSnapshot().value).toBe('endingSession');
    expect(session.expireSession).toHaveBeenCalledTimes(1);
    expect(session.clearStorage).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(session.clearStorage).toHaveBeenCalledTimes(1);
    expect(session.actor.getSnapshot().value).toBe('signedOut');
  });

  it('logs out locally even when session expire fails', async () => {
    const session = start({
      expire: async () => {
        throw new Error('offline');
      },
    });
    await signIn(session);
    session.actor.send({ type: 'LOGOUT' });
    await vi.advanceTimersByTimeAsync(0);
    expect(session.clearStorage).toHaveBeenCalledTimes(1);
    expect(session.actor.getSnapshot().value).toBe('signedOut');
  });
});

describe('sessionMachine failed extension', () => {
  it('shows the message, waits exactly 3 seconds, then clears storage and signs out', async () => {
    const session = start();
    await signIn(session);
    session.actor.send({ type: 'EXTEND_FAILED', message: 'Your session can no longer be extended, please log in again' });
    expect(session.actor.getSnapshot().value).toBe('droppingSession');
    expect(session.showError).toHaveBeenCalledWith('Your session can no longer be extended, please log in again');
    await vi.advanceTimersByTimeAsync(2999);
    expect(session.clearStorage).not.toHaveBeenCalled();
    expect(session.actor.getSnapshot().value).toBe('droppingSession');
    await vi.advanceTimersByTimeAsync(1);
    expect(session.clearStorage).toHaveBeenCalledTimes(1);
    expect(session.actor.getSnapshot().value).toBe('signedOut');
    expect(session.expireSession).not.toHaveBeenCalled();
  });

  it('stops the idle countdown while dropping', async () => {
    const session = start();
    await signIn(session);
    await vi.advanceTimersByTimeAsync(IDLE_SECONDS * 1000);
    session.actor.send({ type: 'EXTEND_FAILED', message: 'Unauthorized' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(session.clearStorage).toHaveBeenCalledTimes(1);
    expect(session.expireSession).not.toHaveBeenCalled();
  });
});

describe('sessionMachine access denied', () => {
  it('reports the refused path and stays signed in', async () => {
    const session = start();
    await signIn(session);
    session.actor.send({ type: 'ACCESS_DENIED', path: '/user' });
    expect(session.showAccessDenied).toHaveBeenCalledWith('/user');
    expect(session.actor.getSnapshot().matches('signedIn')).toBe(true);
  });
});
