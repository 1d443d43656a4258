// Builds the Fastify app: the envelope protocol around every action, the guard, errors as envelopes,
// security headers, and the built single-page app with history fallback.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { resolve } from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifySchemaValidationError } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Kysely } from 'kysely';
import { APP_ID, CLIENT_VERSION, type RequestEnvelope, type ResponseEnvelope } from '../../engine/api/envelope';
import { CODES, MESSAGES } from '../../engine/api/responseCodes';
import type { Schema } from './db/schema';
import type { Action, ActionContext, SessionUser } from './core/action';
import { ApiError, asApiError, forbidden, unauthenticated } from './core/apiError';
import type { ServerConfig } from './core/config';
import { envelopeSchema } from './core/envelopeSchema';
import { isOutOfRange } from './db/dbErrors';
import { isDatabaseBusy } from './db/writeTransactions';
import { RouteValidators } from './core/routeValidators';
import { RequestLog } from './core/requestLog';
import { findSessionUser } from './session/sessionStore';
import { clientOfToken, findClientCaller, isClientToken, logClientCall } from './session/clientTokens';
import { flushClientCalls } from './session/clientCalls';
import { grantsAny } from './core/permissions';
import type { Mailer } from './core/mailer';
import { FILE_LINK_PREFIX, linkedFile, takeFileLink } from './session/fileLinks';
import { compressAnswers, staticCacheHeaders } from './core/compression';
import { UNLIMITED, memberFieldsOf, namedMemberPlace, type RowScopes } from './resources/rowScope';
import { recordRoutes, type ServedRoute } from './openapi/servedRoutes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API action the app serves (the fuzz test drives each of them). */
    apiActions: readonly Action[];
    /** The routes' body validators, compiled on first use (routeValidators.ts). */
    routeValidators: RouteValidators;
    /**
     * Serves these actions from now on in place of those before (the definitions reloaded): a path the app did not
     * serve at start is answered by the API's fallback route, one no longer served as an unknown service.
     */
    serveActions(served: ServedActions): void;
    /** Whether a route the app recorded is an action's: the API reference lists those from the actions served now. */
    isActionRoute(route: ServedRoute): boolean;
  }
}

/** What the API serves: the actions and the row scope of the catalogue they were built from. */
export interface ServedActions {
  actions: readonly Action[];
  /** Row scope of the catalogue's resources; without it every caller sees every row. */
  scopes?: RowScopes;
}

type BodyCheck = ((body: unknown) => boolean) & { errors?: FastifySchemaValidationError[] | null };

/** One API path's action as the app serves it now (swapped by serveActions); no action: an unknown service. */
interface ActionSlot {
  action?: Action;
  serve: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  validate: BodyCheck;
}

/** The route serving the paths of actions the app did not serve at start (a screen activated since). */
const FALLBACK_ROUTE = '/api/*';

export interface AppOptions extends ServedActions {
  config: ServerConfig;
  db: Kysely<Schema>;
  /** A clock for tests; defaults to the wall clock. */
  now?: () => Date;
  mailer: Mailer;
  /** false: no logging; a stream: JSON log lines go there (tests read them). */
  logger?: boolean | NodeJS.WritableStream;
}

/** What helmet sets by default, with a policy for antd's run-time styles and the captcha's blob: worker. */
export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "worker-src 'self' blob:",
    "connect-src 'self'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join(';'),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * API answers are JSON read by the app's own code, never a page, and carry tokens and personal data: the
 * set OWASP's REST security cheat sheet gives (no browser or proxy keeps them, nothing loads or frames them,
 * never sniffed as another type), not the page policy's fourteen headers on every call.
 */
const API_HEADERS: Record<string, string> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': SECURITY_HEADERS['strict-transport-security']!,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

const SECURITY_HEADERS_LIST = Object.entries(SECURITY_HEADERS);

/** The headers of every answer to a URL: the API's set or the pages'. */
const headersFor = (url: string) => (url.startsWith('/api/') ? API_HEADERS : SECURITY_HEADERS);

/** No envelope field nests deeper; a deeper body is refused before anything walks it. */
const MAX_BODY_DEPTH = 32;

/** Secrets never reach the log. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.newpassword',
  '*.currentpassword',
  '*.token',
  '*.bearer',
  '*.signature',
];

export function envelope(code: string, message: string, extra: Partial<ResponseEnvelope> = {}): ResponseEnvelope {
  return { status: { responsecode: code, responsemessage: message }, ...extra };
}

function bearerOf(request: FastifyRequest, body: RequestEnvelope | undefined): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.startsWith('Bearer ')) {
    const token = header.slice('Bearer '.length).trim();
    if (token) return token;
  }
  const signature = body?.identity?.signature;
  return typeof signature === 'string' && signature.length > 0 ? signature : undefined;
}

/** Names JSON.parse keeps as own properties that would reach an object's prototype once copied (Fastify's default parser refuses them too). */
const POISONED_NAMES = new Set(['__proto__', 'prototype']);

/**
 * What is wrong with a parsed body before its schema is checked: a NUL character in a string or a
 * name (PostgreSQL cannot store one, so it is refused for every route and database alike), a name that
 * reaches a prototype, or nesting deeper than any envelope has. Walked with a stack, so no body can
 * exhaust the call stack.
 */
export function bodyProblem(body: unknown): string | undefined {
  const stack: [unknown, string, number][] = [[body, 'body', 0]];
  while (stack.length > 0) {
    const [value, path, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return `${path} must not contain a NUL character`;
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_BODY_DEPTH) return `${path} is nested too deeply`;
      for (const [name, item] of Object.entries(value)) {
        if (name.includes('\u0000')) return `${path} must not contain a NUL character in a name`;
        if (POISONED_NAMES.has(name)) return `${path} must not contain the name ${name}`;
        stack.push([item, `${path}.${name}`, depth + 1]);
      }
    }
  }
  return undefined;
}

/**
 * Whether a JSON text may hold what bodyProblem refuses: a NUL only comes through a \\u escape, a
 * poisoned name through one or written out, and a depth of MAX_BODY_DEPTH needs as many brackets.
 * Most bodies have none of it and are not walked.
 */
function mayHoldProblem(text: string): boolean {
  if (text.includes('\\u') || text.includes('__proto__') || text.includes('prototype')) return true;
  let brackets = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c === 123 || c === 91) && ++brackets >= MAX_BODY_DEPTH) return true;
  }
  return false;
}

/** The one JSON body parser: parsed, then checked by bodyProblem where the text may hold a problem. */
function parseJsonBody(_request: FastifyRequest, text: string | Buffer, done: (error: Error | null, body?: unknown) => void): void {
  const source = typeof text === 'string' ? text : text.toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(source);
  } catch {
    done(new ApiError(CODES.BAD_REQUEST, MESSAGES.MALFORMED_JSON, 400));
    return;
  }
  const problem = mayHoldProblem(source) ? bodyProblem(body) : undefined;
  done(problem ? new ApiError(CODES.BAD_REQUEST, `Invalid request: ${problem}`, 400) : null, body);
}

/** Requests Node's HTTP parser refuses before Fastify sees them (an oversized header block) get an envelope too. */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [http, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, CODES.TOO_LARGE, MESSAGES.HEADERS_TOO_LARGE]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, CODES.BAD_REQUEST, MESSAGES.REQUEST_TIMEOUT]
        : [400, CODES.BAD_REQUEST, MESSAGES.UNREADABLE_REQUEST];
  const body = JSON.stringify(envelope(code, message));
  const headers = Object.entries({ ...API_HEADERS, 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), connection: 'close' });
  if (socket.writable) socket.write(`HTTP/1.1 ${http} ${STATUS_CODES[http]}\r\n${headers.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body}`);
  socket.destroy(error);
}

function requestIds(): () => string {
  const prefix = randomUUID().slice(0, 8);
  let n = 0;
  return () => `${prefix}-${(++n).toString(36)}`;
}

/** Maps any thrown value to an HTTP status and an envelope with a plain message. */
function errorEnvelope(thrown: unknown, request: FastifyRequest): { http: number; body: ResponseEnvelope } {
  const error = asApiError(thrown);
  if (error instanceof ApiError) {
    const result = error.fields || error.result ? { ...(error.fields ? { fields: error.fields } : {}), ...error.result } : undefined;
    return { http: error.httpStatus, body: envelope(error.code, error.message, result ? { result } : {}) };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const where = fastifyError.validationContext ?? 'body';
    const detail = fastifyError.validation[0];
    const path = `${where}${detail?.instancePath ?? ''}`.replace(/\//g, '.');
    return { http: 400, body: envelope(CODES.BAD_REQUEST, `Invalid request: ${path} ${detail?.message ?? 'is not valid'}`) };
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { http: 413, body: envelope(CODES.TOO_LARGE, MESSAGES.TOO_LARGE) };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { http: 415, body: envelope(CODES.UNSUPPORTED_MEDIA, MESSAGES.UNSUPPORTED_MEDIA) };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { http: 400, body: envelope(CODES.BAD_REQUEST, MESSAGES.MALFORMED_JSON) };
  }
  if (error instanceof SyntaxError || fastifyError.statusCode === 400) {
    return { http: 400, body: envelope(CODES.BAD_REQUEST, MESSAGES.MALFORMED_JSON) };
  }
  if (isOutOfRange(error)) {
    request.log.warn({ err: error }, 'a value past its column');
    return { http: 400, body: envelope(CODES.BAD_REQUEST, MESSAGES.OUT_OF_RANGE) };
  }
  if (isDatabaseBusy(error)) {
    request.log.warn({ err: error }, 'database busy');
    return { http: 503, body: envelope(CODES.BUSY, MESSAGES.BUSY) };
  }
  request.log.error({ err: error }, 'unhandled error');
  return { http: 500, body: envelope(CODES.INTERNAL, MESSAGES.SOMETHING_WENT_WRONG) };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: REDACT, censor: '[secret]' },
            ...(typeof options.logger === 'object' ? { stream: options.logger } : {}),
          },
    logController: new RequestLog(),
    bodyLimit: config.bodyLimitBytes,
    // A request's id in the log: the process's own random prefix and a counter (a UUID a request cost more).
    genReqId: requestIds(),
    trustProxy: process.env.TRUST_PROXY === 'true',
    clientErrorHandler: answerClientError,
  });
  // Every route from here on is recorded for the API reference (server/platform/openapi).
  recordRoutes(app);
  const validators = new RouteValidators();
  app.setValidatorCompiler(validators.compiler);
  app.decorate('routeValidators', validators);
  compressAnswers(app);

  // Every call is JSON, parsed and checked in one place; anything else is refused with 415 rather than parsed.
  app.removeContentTypeParser(['text/plain', 'application/json']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJsonBody);

  // An API client's calls its action's route logged; any other it makes (refused before its action: a body its
  // schema refuses) the error handler logs.
  const clientLogged = new WeakSet<FastifyRequest>();

  // Security headers, computed once, set by each way an answer leaves (an action, the error and not-found
  // handlers, the GET routes, the static files) rather than by an onRequest hook: a hook costs every request
  // its hook runner (a few µs of the member summary's ~200).
  app.setErrorHandler(async (error, request, reply) => {
    const { http, body } = errorEnvelope(error, request);
    const token = request.url.startsWith('/api/') && !clientLogged.has(request) ? bearerOf(request, request.body as RequestEnvelope | undefined) : undefined;
    const clientid = token !== undefined && isClientToken(token) ? await clientOfToken(db, token, now()) : undefined;
    if (clientid) logClientCall(db, clientid, request.url.split('?')[0]!.slice(0, 255), body.status.responsecode, request.ip, now());
    return reply.status(http).headers(headersFor(request.url)).type('application/json').send(body);
  });

  // API clients' held call counts and log lines are written before the server stops.
  app.addHook('onClose', () => flushClientCalls(db));
  let served: ServedActions = { actions: options.actions, scopes: options.scopes };
  app.decorate('apiActions', { getter: () => served.actions });

  /** What answers an action's calls: the guard, the caller (a session or an API client), the member's scope, the handler. */
  function serving(action: Action): ActionSlot['serve'] {
    // What the guard needs of the action, taken once.
    const allowed = action.appids ?? [APP_ID];
    const needed = typeof action.guard === 'object' ? action.guard.function : undefined;
    const orFunctions = typeof action.guard === 'object' ? action.guard.orFunctions : undefined;
    // A member the action's data names must be in a scoped caller's scope; reads (ACCESS, any session) see, others change.
    const memberFields = memberFieldsOf(action.data);
    const scopeMode = !needed || needed.endsWith('_ACCESS') ? 'read' : 'write';
    const scopes = served.scopes;
    return async (request, reply) => {
      const body = request.body as RequestEnvelope;
      if (!allowed.includes(body.identity.appid)) {
        throw new ApiError(CODES.BAD_REQUEST, `Invalid request: application id "${body.identity.appid}" may not call this service`, 400);
      }
      // A page of no rows is not asked for by anyone; refused rather than read as "every row".
      if (body.paging?.limit === 0) throw new ApiError(CODES.BAD_REQUEST, 'Invalid request: body.paging.limit must be -1 (every row) or from 1 to 1000', 400);
      const token = bearerOf(request, body);
      const at = now();
      if (token !== undefined && isClientToken(token)) {
        // An API client's call: checked against the client, run as the client's user, logged whatever its answer.
        const caller = await findClientCaller(db, token, at, needed, request.ip);
        if (!caller) throw unauthenticated();
        let code: string = CODES.INTERNAL;
        try {
          if (caller.refusal) throw caller.refusal;
          const response = await answer(body, token, caller, request);
          code = response.status.responsecode;
          return reply.headers(API_HEADERS).type('application/json').send(response);
        } catch (error) {
          const known = asApiError(error);
          if (known instanceof ApiError) code = known.code;
          throw error;
        } finally {
          clientLogged.add(request);
          logClientCall(db, caller.user.username, action.path, code, request.ip, now());
        }
      }
      const session = token ? await findSessionUser(db, token, at, needed) : undefined;
      return reply.headers(API_HEADERS).type('application/json').send(await answer(body, token, session, request));
    };

    /** The action's answer for a caller found by its token (or none): the guard, the member's scope, the handler. */
    async function answer(body: RequestEnvelope, token: string | undefined, session: { user: SessionUser; granted: boolean } | undefined, request: FastifyRequest): Promise<ResponseEnvelope> {
      const user = session?.user;
      if (action.guard !== 'public') {
        if (!session) throw unauthenticated();
        if (needed && !session.granted && !(await grantsAny(db, session.user.rolecode, orFunctions))) throw forbidden();
      }
      const ctx: ActionContext = {
        db,
        config,
        identity: body.identity,
        paging: body.paging,
        parameter: body.parameter,
        user,
        token,
        // Read when an action logs or limits by it (each read asks the socket for its peer).
        get ip() {
          return request.ip;
        },
        log: request.log,
        now,
        mail: options.mailer,
        scope: scopes?.of(user) ?? UNLIMITED,
      };
      if ((await namedMemberPlace(db, ctx.scope, memberFields, body.parameter?.data, scopeMode)) === 'out') throw new ApiError(CODES.MEMBER_NOT_FOUND, MESSAGES.MEMBER_NOT_FOUND);
      const outcome = await action.handler(ctx);
      const response: ResponseEnvelope = envelope(outcome.code ?? CODES.SUCCESS, outcome.message ?? MESSAGES.SUCCESS);
      if (outcome.paging) response.paging = outcome.paging;
      if (outcome.signature) response.identity = { signature: outcome.signature };
      if (outcome.result !== undefined) response.result = outcome.result;
      return response;
    }
  }

  // Each path's slot: its route (registered at start) or the fallback route finds its action there, so a reload swaps
  // what answers without touching Fastify's routes, and a registered route's call costs no lookup at all.
  const slots = new Map<string, ActionSlot>();
  const unknownService: ActionSlot['serve'] = async (request, reply) => reply.status(404).headers(headersFor(request.url)).type('application/json').send(envelope(CODES.NOT_FOUND, MESSAGES.UNKNOWN_SERVICE));
  const everyBody: BodyCheck = () => true;
  /** A slot's body check: the envelope's schema of its action's data, by the routes' own compiler (shared by equal schemas). */
  const bodyCheck = (action: Action): BodyCheck => validators.compiler({ schema: envelopeSchema(action.data), method: 'POST', url: action.path, httpPart: 'body' }) as BodyCheck;
  const fill = (slot: ActionSlot, action: Action | undefined) => {
    slot.action = action;
    slot.serve = action ? serving(action) : unknownService;
    slot.validate = action ? bodyCheck(action) : everyBody;
  };
  const registered = new Set<string>();
  for (const action of served.actions) {
    const slot: ActionSlot = { serve: unknownService, validate: everyBody };
    fill(slot, action);
    slots.set(action.path, slot);
    registered.add(action.path);
    // Fastify validates the body, through the slot: the schema of the action served now.
    const validate: BodyCheck = (body) => {
      const valid = slot.validate(body);
      validate.errors = slot.validate.errors;
      return valid;
    };
    app.post(action.path, { schema: { body: envelopeSchema(action.data) }, validatorCompiler: () => validate, ...(action.bodyLimit ? { bodyLimit: action.bodyLimit } : {}) }, (request, reply) => slot.serve(request, reply));
  }
  app.decorate('serveActions', (next: ServedActions) => {
    served = next;
    const paths = new Set(next.actions.map((a) => a.path));
    for (const action of next.actions) {
      const slot = slots.get(action.path) ?? { serve: unknownService, validate: everyBody };
      fill(slot, action);
      slots.set(action.path, slot);
    }
    for (const [path, slot] of slots) if (!paths.has(path)) fill(slot, undefined);
  });
  app.decorate('isActionRoute', (route: ServedRoute) => route.method === 'POST' && registered.has(route.url));

  // The paths of actions served since the start. Its body limit is the largest any action takes; a path's own is
  // checked before its body is read, and an unknown path answers as the not-found handler does, its body unread.
  const largestBody = Math.max(config.bodyLimitBytes, ...served.actions.map((a) => a.bodyLimit ?? 0));
  app.post(
    FALLBACK_ROUTE,
    {
      bodyLimit: largestBody,
      config: { reference: { summary: 'An action served since this server started', description: 'A definition activated since the start brought it; the action is listed under its own path too.', guard: 'session' } },
      onRequest: async (request, reply) => {
        const slot = slots.get(request.url.split('?')[0]!);
        if (!slot?.action) return unknownService(request, reply);
        if (Number(request.headers['content-length'] ?? 0) > (slot.action.bodyLimit ?? config.bodyLimitBytes)) throw new ApiError(CODES.TOO_LARGE, MESSAGES.TOO_LARGE, 413);
      },
    },
    (request, reply) => {
      const slot = slots.get(request.url.split('?')[0]!);
      if (!slot?.action) return unknownService(request, reply);
      if (!slot.validate(request.body)) throw Object.assign(new Error('body is not valid'), { validation: slot.validate.errors, validationContext: 'body' });
      return slot.serve(request, reply);
    },
  );

  // Version check (spec 000 §4) and the idle time (spec 000 §9): plain files, never cached.
  app.get('/meta.json', async (_request, reply) =>
    reply.headers(SECURITY_HEADERS).header('cache-control', 'no-store').send({ version: CLIENT_VERSION }),
  );
  app.get('/env.json', async (_request, reply) =>
    reply.headers(SECURITY_HEADERS).header('cache-control', 'no-store').send({ idleSeconds: config.idleSeconds, forgotPassword: config.forgotPasswordEnabled, ...(config.maintenance ? { maintenance: config.maintenance } : {}) }),
  );

  // A file an action made for the browser to open (a receipt): its one-time path, while it and its session last.
  app.get(`${FILE_LINK_PREFIX}:token`, async (request, reply) => {
    const link = await takeFileLink(db, (request.params as { token: string }).token, now());
    const file = link && linkedFile(link);
    if (!file) return reply.code(404).headers(SECURITY_HEADERS).type('text/plain').send('Not found');
    return reply.headers({ ...SECURITY_HEADERS, 'cache-control': 'no-store' }).header('content-disposition', `inline; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`).type(file.mimetype).send(file.content);
  });

  const staticRoot = resolve(config.staticDir);
  const indexFile = resolve(staticRoot, 'index.html');
  const hasApp = existsSync(indexFile);
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: staticRoot,
      wildcard: false,
      index: false,
      // The build writes each file's .br and .gz: sent as the browser accepts, with our own caching.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, path) => {
        for (const [name, value] of SECURITY_HEADERS_LIST) response.setHeader(name, value);
        staticCacheHeaders(response, path);
      },
    });
  }
  const indexHtml = () => readFileSync(indexFile, 'utf8');

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(headersFor(request.url));
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (isPage && hasApp && !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '')) {
      return reply.header('cache-control', 'no-cache').type('text/html').send(indexHtml());
    }
    if (isPage && !hasApp) {
      return reply.status(503).type('text/plain').send('The front end is not built: run npm run build (npm start does it for you).');
    }
    return reply.status(404).type('application/json').send(envelope(CODES.NOT_FOUND, MESSAGES.UNKNOWN_SERVICE));
  });

  return app;
}
