// The session as components read it: whether someone is signed in (following the stored token), and the
// environment configuration once it has loaded.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { loadEnvironment, type Environment } from './environment';
import { sessionStore } from './storage';

export function useSignedIn(): boolean {
  return useSyncExternalStore(sessionStore.subscribe, () => !!sessionStore.token());
}

/** The environment file's settings; undefined until it has been read. */
export function useEnvironment(): Environment | undefined {
  const [environment, setEnvironment] = useState<Environment>();
  useEffect(() => {
    void loadEnvironment().then(setEnvironment);
  }, []);
  return environment;
}
