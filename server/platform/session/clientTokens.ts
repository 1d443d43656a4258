// API clients (User Management › API Client): the airline's systems sign in with a client id and a secret instead
// of a user's password and captcha (OAuth 2's client credentials inside the envelope protocol). A secret is random,
// shown once and kept only as its SHA-256; it buys a short-lived bearer token, and a call with that token runs as a
// SessionUser of the client (its role's grants and row scope), so every guard and row scope applies unchanged.
// Each call is checked against the client's status, expiry, secret, IP allow-list and rate limit, and logged.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { Kysely } from 'kysely';
import { CODES, MESSAGES } from '../../../engine/api/responseCodes';
import { isoDay } from '../../../engine/definition/dates';
import type { SessionUser } from '../core/action';
import { ApiError } from '../core/apiError';
import { sha256Hex } from '../core/sha256';
import { definitionDb } from '../db/definitionDb';
import type { Schema } from '../db/schema';
import { readRows } from '../db/database';
import { compiledOnce, fill, slot } from '../db/compiledQueries';
import { callsOf } from './clientCalls';

/** A client's bearer token starts so: the guard tells it from a staff session's (base64url, never a dot) without a look-up. */
export const CLIENT_TOKEN_PREFIX = 'alc.';
const SECRET_PREFIX = 'alcs_';
/** How long a client token lasts; a client asks for a new one rather than extending it. */
export const CLIENT_TOKEN_MINUTES = 15;
/** A rotation's overlap: the secrets a new one replaces keep working this long unless revoked first. */
export const ROTATION_OVERLAP_HOURS = 24;
/** The user log's module of a client's calls and of its token requests. */
export const API_CLIENT_MODULE = 'API';
export const API_CLIENT_LEGENDS = { CALL: 'API_CALL', SECRET_ISSUED: 'SECRET_ISSUED', SECRET_REVOKED: 'SECRET_REVOKED' } as const;

export const isClientToken = (token: string): boolean => token.startsWith(CLIENT_TOKEN_PREFIX);

export interface ApiClientRow {
  clientid: string;
  clientname: string;
  rolecode: string;
  /** A client of a role with row scope OWN keeps to its branch's and partner's rows, as a user does. */
  branchcode: string | null;
  partnercode: string | null;
  expirydate: string;
  ratelimit: number | string | null;
  ipallowlist: string | null;
  status: string;
}

const any = (db: Kysely<Schema>) => definitionDb(db);

/** A new secret: its id (how it is found) and its random part; only its hash is stored. */
export function newSecret(): { secretid: string; secret: string } {
  const secretid = randomBytes(6).toString('hex');
  return { secretid, secret: `${SECRET_PREFIX}${secretid}_${randomBytes(32).toString('base64url')}` };
}

/** The id a presented secret names, or undefined when it is not of a secret's shape. */
export function secretIdOf(secret: string): string | undefined {
  const match = /^alcs_([0-9a-f]{12})_[A-Za-z0-9_-]{43}$/.exec(secret);
  return match?.[1];
}

/** Whether the hash of a presented secret equals the stored one (in constant time). */
export const secretMatches = (secret: string, storedHash: string): boolean => {
  const given = Buffer.from(sha256Hex(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
};

/** The allow-list's entries: addresses or CIDR ranges, one a line or comma-separated. */
export const allowListEntries = (text: string | null | undefined): string[] => (text ?? '').split(/[\s,]+/).filter((e) => e.length > 0);

/** What is wrong with an allow-list entry, or undefined. */
export function allowListProblem(entry: string): string | undefined {
  const [address, bits, ...more] = entry.split('/');
  const family = isIPv4(address ?? '') ? 32 : isIPv6(address ?? '') ? 128 : 0;
  if (!family || more.length > 0) return `"${entry}" is not an IP address or CIDR range`;
  if (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= family)) return `"${entry}" has a prefix length beyond ${family}`;
  return undefined;
}

/** Whether the address may call for a client with this allow-list (an empty list allows any address). */
export function addressAllowed(allowList: string | null | undefined, ip: string): boolean {
  const entries = allowListEntries(allowList);
  if (entries.length === 0) return true;
  const list = new BlockList();
  for (const entry of entries) {
    if (allowListProblem(entry)) continue;
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  const plain = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  return list.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
}

/** Why a client may not be used now (status, expiry, address), or undefined. */
export function clientRefusal(client: ApiClientRow & { rolestatus?: string }, ip: string, now: Date): ApiError | undefined {
  if (client.status !== 'ACTIVE' || (client.rolestatus !== undefined && client.rolestatus !== 'ACTIVE')) return new ApiError(CODES.ACCOUNT_INACTIVE, MESSAGES.ACCOUNT_INACTIVE, 401);
  if (client.expirydate < isoDay(now)) return new ApiError(CODES.CLIENT_EXPIRED, MESSAGES.CLIENT_EXPIRED, 401);
  if (!addressAllowed(client.ipallowlist, ip)) return new ApiError(CODES.ADDRESS_NOT_ALLOWED, MESSAGES.ADDRESS_NOT_ALLOWED, 403);
  return undefined;
}

/** A secret works while not revoked and, once a newer one replaced it, until its overlap ends. */
export const secretLive = (s: { revokedat: string | null; validuntil: string | null }, now: Date): boolean => !s.revokedat && (!s.validuntil || s.validuntil > now.toISOString());

export const secretRevoked = () => new ApiError(CODES.SECRET_REVOKED, MESSAGES.SECRET_REVOKED, 401);

/** Issues a token for the client's secret: it lasts CLIENT_TOKEN_MINUTES, never past the client's expiry day. */
export async function issueClientToken(db: Kysely<Schema>, client: ApiClientRow, secretid: string, now: Date): Promise<{ token: string; expiresat: string }> {
  const token = `${CLIENT_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const lasts = new Date(now.getTime() + CLIENT_TOKEN_MINUTES * 60_000).toISOString();
  const dayEnd = `${client.expirydate}T23:59:59.999Z`;
  const expiresat = lasts < dayEnd ? lasts : dayEnd;
  await any(db).transaction().execute(async (trx) => {
    // The client's tokens past their time go as a new one comes: the table holds the live ones.
    await trx.deleteFrom('api_client_token').where('clientid', '=', client.clientid).where('expiresat', '<', now.toISOString()).execute();
    await trx.insertInto('api_client_token').values({ tokenhash: sha256Hex(token), clientid: client.clientid, secretid, createdat: now.toISOString(), expiresat }).execute();
  });
  return { token, expiresat };
}

/** Ends a client's token (session/expire with it): later calls with it answer 401. */
export async function endClientToken(db: Kysely<Schema>, token: string): Promise<void> {
  await any(db).deleteFrom('api_client_token').where('tokenhash', '=', sha256Hex(token)).execute();
}

/** A client's call: who it runs as, whether the role grants the function, or why it is refused. */
export interface ClientCaller {
  user: SessionUser;
  granted: boolean;
  refusal?: ApiError;
}

/** The caller's read: token, client, role, secret and the grant of the function, compiled once per dialect (its slots the token's hash and the function). */
function callerQuery(db: Kysely<Schema>) {
  return compiledOnce(any(db), 'client-caller', () =>
    any(db)
      .selectFrom('api_client_token as t')
      .innerJoin('api_client as c', 'c.clientid', 't.clientid')
      .innerJoin('role as r', 'r.rolecode', 'c.rolecode')
      .innerJoin('api_client_secret as s', 's.secretid', 't.secretid')
      .leftJoin('role_permission as p', (join) => join.onRef('p.rolecode', '=', 'c.rolecode').on('p.functioncode', '=', slot(1)))
      .select(['t.expiresat', 'c.clientid', 'c.clientname', 'c.rolecode', 'c.branchcode', 'c.partnercode', 'c.expirydate', 'c.ratelimit', 'c.ipallowlist', 'c.status', 'r.rolename', 'r.rowscope', 'r.status as rolestatus', 's.revokedat', 's.validuntil', 'p.granted'])
      .where('t.tokenhash', '=', slot(0))
      .compile(),
  );
}

type CallerRow = ApiClientRow & { expiresat: string; rolename: string; rowscope: string | null; rolestatus: string; revokedat: string | null; validuntil: string | null; granted: number | null };

/**
 * The caller of a client token: undefined when the token is unknown or past its time (401, ask for a new one);
 * otherwise the client as a SessionUser, and a refusal when the client is inactive or expired, the secret revoked,
 * the address outside its allow-list or the minute's calls past its rate limit.
 */
export async function findClientCaller(db: Kysely<Schema>, token: string, now: Date, functioncode = '', ip: string): Promise<ClientCaller | undefined> {
  const [row] = await readRows<CallerRow>(db, fill(callerQuery(db), [sha256Hex(token), functioncode]));
  if (!row || row.expiresat <= now.toISOString()) return undefined;
  const user: SessionUser = {
    username: row.clientid,
    userfullname: row.clientname,
    email: '',
    branchcode: row.branchcode ?? null,
    tickoffid: null,
    partnercode: row.partnercode ?? null,
    rolecode: row.rolecode,
    rolename: row.rolename,
    rowscope: row.rowscope,
    expiresat: row.expiresat,
  };
  const granted = Number(row.granted) === 1;
  const refusal = clientRefusal(row, ip, now) ?? (secretLive(row, now) ? undefined : secretRevoked());
  if (refusal) return { user, granted, refusal };
  const limit = Number(row.ratelimit ?? 0);
  if (limit > 0 && callsOf(db).count(row.clientid, now) > limit) return { user, granted, refusal: new ApiError(CODES.TOO_MANY_REQUESTS, MESSAGES.TOO_MANY_REQUESTS, 429) };
  return { user, granted };
}

/** The client a live token belongs to, if any (a call refused before its action is logged under it). */
export async function clientOfToken(db: Kysely<Schema>, token: string, now: Date): Promise<string | undefined> {
  const row = (await any(db).selectFrom('api_client_token').select('clientid').where('tokenhash', '=', sha256Hex(token)).where('expiresat', '>', now.toISOString()).executeTakeFirst()) as { clientid: string } | undefined;
  return row?.clientid;
}

/** A client's call in the user log, under the client's id, with the service and the answer's code (written with the next flush). */
export function logClientCall(db: Kysely<Schema>, clientid: string, path: string, code: string, ip: string, now: Date): void {
  callsOf(db).log({ logdate: now.toISOString(), username: clientid, module: API_CLIENT_MODULE, legend: API_CLIENT_LEGENDS.CALL, recordkey: path, beforevalue: null, aftervalue: JSON.stringify({ code }), ip });
}
