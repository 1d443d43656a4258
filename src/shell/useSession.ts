// The signed-in session, driven by sessionMachine: idle warning and logout, version check on every path
// change, logout through session expire, the 3-second drop after a failed extension, and 403 notices. Activity in
// any tab of the browser keeps every tab signed in; the idle countdown shows only in the tab in front.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { App as AntApp } from 'antd';
import { useMachine } from '@xstate/react';
import { assign, fromPromise } from 'xstate';
import { CLIENT_VERSION } from '../../engine/api/envelope';
import { showErrorToast } from '../../engine/render/errorToast';
import { sessionMachine, type SessionMeta } from '../../workflows/sessionMachine';
import { api, onAccessDenied, onSessionDropped } from '../api';
import { loadDefinitions } from '../definitions';
import { pageVisibility, sharedActivity } from '../session/sharedActivity';
import { sessionStore } from '../session/storage';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart'] as const;

async function hardReload() {
  if ('caches' in window) for (const key of await caches.keys()) await caches.delete(key);
  window.location.reload();
}

export function useSession(idleSeconds: number) {
  const navigate = useNavigate();
  const location = useLocation();
  const { message } = AntApp.useApp();
  const [deniedPath, setDeniedPath] = useState<string>();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  const [state, send] = useMachine(
    sessionMachine.provide({
      actors: {
        fetchMeta: fromPromise<SessionMeta, void>(async () => {
          // The definitions' version is checked beside the client's: new definitions are swapped in, no reload needed.
          const [response] = await Promise.all([fetch(`/meta.json?t=${Date.now()}`, { cache: 'no-store' }), loadDefinitions().catch(() => false)]);
          return (await response.json()) as SessionMeta;
        }),
        expireSession: fromPromise<unknown, void>(async () => api.call('/api/session/expire', { noRetry: true })),
      },
      actions: {
        hardReload: () => void hardReload(),
        clearStorage: () => {
          sessionStore.clear();
          navigateRef.current('/', { replace: true });
        },
        // It explains the move to the login page, so it outlives the route.
        showError: (_, params) => showErrorToast(message, params.message, { key: 'session-dropped', acrossRoutes: true }),
        showAccessDenied: (_, params) => setDeniedPath(params.path),
        shareActivity: (_, params) => sharedActivity.record(params.at),
        catchUp: assign({ lastActivity: ({ context }) => Math.max(context.lastActivity, sharedActivity.last()) }),
      },
    }),
    { input: { idleSeconds, clientVersion: CLIENT_VERSION } },
  );

  useEffect(() => {
    send({ type: 'SIGNED_IN' });
    let last = 0;
    const activity = () => {
      const now = Date.now();
      if (now - last < 1000) return;
      last = now;
      send({ type: 'ACTIVITY' });
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, activity, { passive: true });
    const stopShared = sharedActivity.subscribe((at) => send({ type: 'ACTIVITY_ELSEWHERE', at }));
    const stopDrop = onSessionDropped((text) => send({ type: 'EXTEND_FAILED', message: text }));
    const stopDenied = onAccessDenied(() => send({ type: 'ACCESS_DENIED', path: window.location.pathname }));
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, activity);
      stopShared();
      stopDrop();
      stopDenied();
    };
  }, [send]);

  useEffect(() => {
    send({ type: 'PATH_CHANGED' });
  }, [location.pathname, send]);

  const visible = useSyncExternalStore(pageVisibility.subscribe, pageVisibility.visible);

  return {
    idleWarning: visible && state.matches({ signedIn: { idle: 'warning' } }),
    remaining: state.context.remaining,
    deniedPath,
    logout: () => send({ type: 'LOGOUT' }),
    stayActive: () => send({ type: 'ACTIVITY' }),
  };
}
