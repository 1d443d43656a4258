// The environment configuration file (spec 000 §7): idle time, the login maintenance window and whether the
// forgot-password flow is on, read once.
import type { MaintenanceWindow } from '../../workflows/loginMachine';

export interface Environment {
  idleSeconds: number;
  maintenance?: MaintenanceWindow;
  /** false when the server turned the forgot-password flow off (FORGOT_PASSWORD_ENABLED=false): the login page hides its link. */
  forgotPassword?: boolean;
}

const FALLBACK: Environment = { idleSeconds: 900 };
let loaded: Promise<Environment> | undefined;

export function loadEnvironment(): Promise<Environment> {
  loaded ??= fetch(`/env.json?t=${Date.now()}`, { cache: 'no-store' })
    .then((response) => (response.ok ? (response.json() as Promise<Environment>) : FALLBACK))
    .catch(() => FALLBACK);
  return loaded;
}
