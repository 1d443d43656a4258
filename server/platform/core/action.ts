// An API action: one POST /api/<group>/<action> endpoint, its guard, its data schema and its handler.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Identity, Paging, Parameter } from '../../../engine/api/envelope';
import type { Schema } from '../db/schema';
import type { ServerConfig } from './config';
import type { Mailer } from './mailer';
import type { Scope } from './scope';

/**
 * 'public': anyone; 'session': any signed-in user; otherwise a function code (e.g. USER_UPDATE)
 * that the caller's role must grant, or one of `orFunctions` (a read-only menu's ACCESS reading its screen). The guard runs before the handler and answers 401/403 itself.
 */
export type Guard = 'public' | 'session' | { function: string; orFunctions?: readonly string[] };

/** The signed-in user an action runs for (server/platform/session/sessionStore.ts finds them by their token). */
export interface SessionUser {
  username: string;
  userfullname: string;
  email: string;
  branchcode: string | null;
  tickoffid: string | null;
  partnercode: string | null;
  rolecode: string;
  rolename: string;
  /** The role's row scope: 'ALL' sees every row; anything else (OWN, or null) keeps to the user's branch, partner and memberships. */
  rowscope: string | null;
  expiresat: string;
}

export interface ActionContext {
  db: Kysely<Schema>;
  config: ServerConfig;
  identity: Identity;
  paging: Paging | undefined;
  parameter: Parameter;
  /** The signed-in user; present whenever the guard is not 'public' (and for public calls made with a valid token). */
  user: SessionUser | undefined;
  /** The bearer token of the call, if any (never logged). */
  token: string | undefined;
  ip: string;
  log: FastifyBaseLogger;
  now: () => Date;
  /** E-mail: queue in the transaction, deliverSoon() after it commits. */
  mail: Mailer;
  /** The caller's row scope (server/platform/resources/rowScope.ts): every read and write of a scoped resource keeps to it. */
  scope: Scope;
  /** Set while an approval's decision applies its request: the maker's request (`user` is then the checker). */
  approval?: { requestid: number; requestedby: string };
}

export interface ActionResult {
  result?: unknown;
  paging?: { page: number; limit: number; totalrecord: number };
  message?: string;
  code?: string;
  signature?: string;
}

export interface Action {
  /** Full path, e.g. /api/session/authenticate. */
  path: string;
  guard: Guard;
  /** Application ids allowed to call it (default: alms-1 only). */
  appids?: readonly string[];
  /** JSON Schema of parameter.data, checked before the handler runs. */
  data?: Record<string, unknown>;
  /** The largest body this route takes, when not the server's BODY_LIMIT_BYTES (a CSV upload's UPLOAD_LIMIT_BYTES). */
  bodyLimit?: number;
  handler: (ctx: ActionContext) => Promise<ActionResult>;
  /** What the API reference (server/platform/openapi) tells of the action beyond its guard and `data`. */
  reference?: ActionReference;
}

/** A JSON Schema, as the route validators and the API reference take it. */
export type JsonSchema = Record<string, unknown>;

/**
 * The shapes an action's handler checks itself, where the route's schema stays loose (a resource's data is "an
 * object" to the route and its fields to the handler), what it answers, and the codes it refuses with.
 */
export interface ActionReference {
  summary?: string;
  description?: string;
  /** parameter.data as the handler takes it. */
  data?: JsonSchema;
  /** parameter.criteria and parameter.sort of a list. */
  criteria?: JsonSchema;
  sort?: JsonSchema;
  /** The envelope's result on success. */
  result?: JsonSchema;
  /** Codes (values of CODES) answered besides those every action can answer. */
  codes?: readonly string[];
}

export const defineAction = (action: Action): Action => action;
