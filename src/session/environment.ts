// The environment configuration file (spec 000 §7): idle time and the login maintenance window, read once.
import type { MaintenanceWindow } from '../../workflows/loginMachine';

export interface Environment {
  idleSeconds: number;
  maintenance?: MaintenanceWindow;
}

const FALLBACK: Environment = { idleSeconds: 900 };
let loaded: Promise<Environment> | undefined;

export function loadEnvironment(): Promise<Environment> {
  loaded ??= fetch(`/env.json?t=${Date.now()}`, { cache: 'no-store' })
    .then((response) => (response.ok ? (response.json() as Promise<Environment>) : FALLBACK))
    .catch(() => FALLBACK);
  return loaded;
}
