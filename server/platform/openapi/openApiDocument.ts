// The OpenAPI 3.1 reference of every route the server serves, built at start from what the server itself
// validates with: each action's guard, its `data` schema (or the narrower shapes its reference declares), the
// envelope (core/envelopeSchema.ts), the response codes' catalogue, and the plain routes Fastify registered.
import { APP_ID } from '../../../engine/api/envelope';
import { CODE_DESCRIPTIONS, CODES } from '../../../engine/api/responseCodes';
import type { Action, JsonSchema } from '../core/action';
import { identitySchema, pagingSchema, parameterSchemas } from '../core/envelopeSchema';
import { memberFieldsOf } from '../resources/rowScope';
import type { ServedRoute } from './servedRoutes';

export type OpenApiDocument = JsonSchema & { openapi: string; paths: Record<string, Record<string, JsonSchema>>; components: { schemas: Record<string, JsonSchema> } & JsonSchema };

export interface ReferenceSources {
  actions: readonly Action[];
  routes: readonly ServedRoute[];
  version: string;
}

type CodeName = keyof typeof CODES;

const NAME_OF = new Map(Object.entries(CODES).map(([name, code]) => [code as string, name as CodeName]));

/** What any action can answer, before its handler runs or whatever it does. */
const EVERY_ACTION: readonly string[] = [CODES.SUCCESS, CODES.BAD_REQUEST, CODES.TOO_LARGE, CODES.UNSUPPORTED_MEDIA, CODES.TOO_MANY_REQUESTS, CODES.INTERNAL, CODES.BUSY];

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The HTTP status a code travels with (its catalogue entry's first figure: '400 (408 for ...)' is 400). */
export const httpStatusOf = (code: string): number => Number(CODE_DESCRIPTIONS[NAME_OF.get(code)!].http.slice(0, 3));

const COMPONENTS = {
  schemas: {
    Identity: identitySchema,
    Paging: {
      ...pagingSchema,
      description: 'A page of rows: limit -1 for every row, or 1 to 1000 (0 is refused); page from 1.',
      properties: { ...pagingSchema.properties, limit: { type: 'integer', anyOf: [{ const: -1 }, { minimum: 1, maximum: 1000 }] } },
    },
    StaffIdentity: { description: "The identity of the staff application's calls.", allOf: [ref('Identity'), { properties: { appid: { const: APP_ID } } }] },
    Columns: parameterSchemas.column,
    Status: {
      type: 'object',
      required: ['responsecode', 'responsemessage'],
      properties: { responsecode: { type: 'string', enum: Object.values(CODES) }, responsemessage: { type: 'string' } },
    },
    AnsweredPaging: {
      type: 'object',
      required: ['page', 'limit', 'totalrecord'],
      properties: { page: { type: 'integer' }, limit: { type: 'integer' }, totalrecord: { type: 'integer', minimum: 0 } },
    },
    Refusal: {
      description: "Any answer but a success: the status says why; `result.fields` holds a message for each field it names.",
      type: 'object',
      required: ['status'],
      properties: {
        status: { allOf: [ref('Status'), { properties: { responsecode: { pattern: '^[1-9]' } } }] },
        result: { type: 'object', properties: { fields: { type: 'object', additionalProperties: { type: 'string' } } } },
      },
    },
    Success: {
      description: 'A success (a code starting with 0): the result, and the page of a list.',
      type: 'object',
      required: ['status'],
      properties: {
        status: { allOf: [ref('Status'), { properties: { responsecode: { pattern: '^0' } } }] },
        paging: ref('AnsweredPaging'),
        identity: { type: 'object', description: "A session's new bearer (authenticate, extend).", properties: { signature: { type: 'string' } } },
        result: {},
      },
    },
    ResponseEnvelope: {
      description: 'Every answer of an action, errors included.',
      type: 'object',
      required: ['status'],
      properties: { status: ref('Status'), paging: ref('AnsweredPaging'), identity: { type: 'object', properties: { signature: { type: 'string' } } }, result: {} },
    },
  },
  securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The `bearer` that session/authenticate answers (also accepted as identity.signature).' } },
};

/** The codes an action may answer: every action's, its guard's, and those its reference names. */
export function codesOf(action: Action): string[] {
  const guarded = action.guard === 'public' ? [] : typeof action.guard === 'object' ? [CODES.UNAUTHENTICATED, CODES.FORBIDDEN] : [CODES.UNAUTHENTICATED];
  // A member the data names must be in a scoped caller's scope (app.ts): otherwise "not found".
  const member = memberFieldsOf(action.data).length > 0 ? [CODES.MEMBER_NOT_FOUND] : [];
  return [...new Set([...EVERY_ACTION, ...guarded, ...member, ...(action.reference?.codes ?? [])])].sort();
}

/** Schemas past this size move to components (once, however many operations use them). */
const HOIST_SIZE = 300;

/**
 * The components an operation's schemas move to: a large schema becomes a reference, named by its title (a
 * resource's `member record`) or by the operation and its role, the same schema always the same component.
 */
class SharedSchemas {
  readonly schemas: Record<string, JsonSchema> = {};
  private readonly names = new Map<string, string>();

  use(schema: JsonSchema, fallbackName: string): JsonSchema {
    const text = JSON.stringify(schema);
    if (text.length < HOIST_SIZE) return schema;
    let name = this.names.get(text);
    if (!name) {
      const base = (typeof schema.title === 'string' ? schema.title : fallbackName).replace(/[^A-Za-z0-9_.-]+/g, '.');
      name = base;
      for (let n = 2; Object.hasOwn(this.schemas, name); n++) name = `${base}.${n}`;
      this.names.set(text, name);
      this.schemas[name] = schema;
    }
    return ref(name);
  }

  /** An array's items move, not the array (a list answers rows of the record its detail answers). */
  useResult(schema: JsonSchema, fallbackName: string): JsonSchema {
    return schema.type === 'array' && typeof schema.items === 'object' ? { ...schema, items: this.use(schema.items as JsonSchema, fallbackName) } : this.use(schema, fallbackName);
  }
}

const codeLine = (code: string) => {
  const name = NAME_OF.get(code)!;
  return `- \`${code}\` ${name}: ${CODE_DESCRIPTIONS[name].meaning}`;
};

function requestSchema(action: Action, shared: SharedSchemas, id: string): JsonSchema {
  const reference = action.reference ?? {};
  const given = reference.data ?? action.data;
  const data = given && shared.use(given, `${id}.data`);
  const appids = action.appids ?? [APP_ID];
  return {
    type: 'object',
    required: ['identity', 'parameter'],
    properties: {
      identity: appids.length === 1 && appids[0] === APP_ID ? ref('StaffIdentity') : { allOf: [ref('Identity'), { properties: { appid: { enum: appids } } }] },
      paging: ref('Paging'),
      parameter: {
        type: 'object',
        properties: {
          column: ref('Columns'),
          criteria: reference.criteria ? shared.use(reference.criteria, `${id}.criteria`) : parameterSchemas.criteria,
          sort: reference.sort ? shared.use(reference.sort, `${id}.sort`) : parameterSchemas.sort,
          ...(data ? { data } : {}),
        },
        ...(data ? { required: ['data'] } : {}),
      },
    },
  };
}

/** The answers by HTTP status: 200 carries the success and the business refusals, the others a refusal each. */
function responsesOf(action: Action, codes: readonly string[], shared: SharedSchemas, id: string): Record<string, JsonSchema> {
  const byStatus = new Map<number, string[]>();
  for (const code of codes) byStatus.set(httpStatusOf(code), [...(byStatus.get(httpStatusOf(code)) ?? []), code]);
  const result = action.reference?.result;
  const success = result ? { allOf: [ref('Success'), { properties: { result: shared.useResult(result, `${id}.result`) } }] } : ref('Success');
  const responses: Record<string, JsonSchema> = {};
  for (const [status, listed] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    // The protocol's faults answer alike for every action: one shared response each.
    responses[String(status)] =
      status === 200
        ? { description: listed.map((code) => `\`${code}\` ${NAME_OF.get(code)}`).join(', '), content: { 'application/json': { schema: { anyOf: [success, ref('Refusal')] } } } }
        : { $ref: `#/components/responses/${status}` };
  }
  return responses;
}

/** The answers of each HTTP status but 200, with every code that travels with it and what it means. */
function faultResponses(): Record<string, JsonSchema> {
  const byStatus = new Map<number, string[]>();
  for (const code of Object.values(CODES)) if (httpStatusOf(code) !== 200) byStatus.set(httpStatusOf(code), [...(byStatus.get(httpStatusOf(code)) ?? []), code]);
  return Object.fromEntries([...byStatus].map(([status, codes]) => [String(status), { description: codes.map(codeLine).join('\n'), content: { 'application/json': { schema: ref('Refusal') } } }]));
}

function guardText(action: Action): string {
  if (action.guard === 'public') return 'Open to anyone.';
  if (action.guard === 'session') return 'Any signed-in user.';
  const others = action.guard.orFunctions?.length ? ` (or ${action.guard.orFunctions.join(', ')})` : '';
  return `Needs the function ${action.guard.function}${others}.`;
}

const tagOf = (path: string) => path.split('/')[2] ?? 'api';

function actionOperation(action: Action, shared: SharedSchemas): JsonSchema {
  const codes = codesOf(action);
  const { guard, reference } = action;
  const id = action.path.slice('/api/'.length).replace(/[^A-Za-z0-9]+/g, '_');
  return {
    operationId: id,
    tags: [tagOf(action.path)],
    summary: reference?.summary ?? action.path.slice('/api/'.length).replace(/[/-]/g, ' '),
    description: [reference?.description, guardText(action)].filter(Boolean).join('\n\n'),
    security: guard === 'public' ? [] : [{ bearer: [] }],
    'x-function': typeof guard === 'object' ? guard.function : guard,
    ...(typeof guard === 'object' && guard.orFunctions?.length ? { 'x-or-functions': guard.orFunctions } : {}),
    'x-appids': action.appids ?? [APP_ID],
    'x-response-codes': codes,
    requestBody: { required: true, content: { 'application/json': { schema: requestSchema(action, shared, id) } } },
    responses: responsesOf(action, codes, shared, id),
  };
}

/** Fastify's `/files/:token` and `/*` as OpenAPI's `/files/{token}` and `/{wildcard}`. */
export function openApiPath(url: string): { path: string; parameters: string[] } {
  const parameters: string[] = [];
  const path = url.replace(/:(\w+)|\*/g, (_whole, name: string | undefined) => {
    parameters.push(name ?? 'wildcard');
    return `{${name ?? 'wildcard'}}`;
  });
  return { path, parameters };
}

function routeOperation(route: ServedRoute, parameters: string[]): JsonSchema {
  const reference = route.reference ?? {};
  return {
    operationId: `${route.method.toLowerCase()}_${route.url.replace(/[^A-Za-z0-9]+/g, '_')}`,
    tags: [route.url.startsWith('/api/') ? tagOf(route.url) : 'files'],
    summary: reference.summary ?? `${route.method} ${route.url}`,
    ...(reference.description ? { description: reference.description } : {}),
    security: reference.guard === 'session' ? [{ bearer: [] }] : [],
    'x-function': reference.guard ?? 'public',
    ...(parameters.length > 0 ? { parameters: parameters.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })) } : {}),
    responses: {
      200: { description: 'The file or document.', content: { [reference.produces ?? '*/*']: {} } },
      404: { description: 'Not there (or no longer).' },
    },
  };
}

export function openApiDocument({ actions, routes, version }: ReferenceSources): OpenApiDocument {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const shared = new SharedSchemas();
  const actionPaths = new Set(actions.map((a) => a.path));
  for (const action of [...actions].sort((a, b) => (a.path < b.path ? -1 : 1))) paths[action.path] = { post: actionOperation(action, shared) };
  for (const route of routes) {
    if (route.method === 'POST' && actionPaths.has(route.url)) continue;
    const { path, parameters } = openApiPath(route.url);
    (paths[path] ??= {})[route.method.toLowerCase()] = routeOperation(route, parameters);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Loyalty back office API',
      version,
      description:
        'Every call is `POST /api/<group>/<action>` with the request envelope and `Authorization: Bearer <token>` (docs/protocol.md). ' +
        'Every answer, errors included, is the response envelope; its `status.responsecode` tells the outcome (each operation lists the codes it can answer). ' +
        'Any other GET path answers the single-page app.\n\nThe response codes:\n' +
        Object.values(CODES).map(codeLine).join('\n'),
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    tags: [...new Set(Object.values(paths).flatMap((item) => Object.values(item).flatMap((op) => op.tags as string[])))].sort().map((name) => ({ name })),
    paths,
    components: { ...COMPONENTS, schemas: { ...COMPONENTS.schemas, ...shared.schemas }, responses: faultResponses() },
  };
}

/** The `#/components/<kind>/<name>` references anywhere inside a value. */
function referencesIn(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) referencesIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && item.startsWith('#/components/')) found.add(item);
      else referencesIn(item, found);
    }
  }
  return found;
}

/** The tags of the document's operations, in name order. */
export const tagNames = (document: OpenApiDocument): string[] => (document.tags as { name: string }[]).map((t) => t.name);

/**
 * The document of one tag's operations with only the components they reach: what a reader opens (a renderer
 * resolves a few dozen operations in a blink, the 1,000 of the whole document in tens of seconds). Its
 * `x-tag-names` lists every tag; undefined when no operation has the tag.
 */
export function tagDocument(document: OpenApiDocument, tag: string): (OpenApiDocument & { 'x-tag-names': string[] }) | undefined {
  const paths: OpenApiDocument['paths'] = {};
  for (const [path, item] of Object.entries(document.paths)) {
    const operations = Object.entries(item).filter(([, op]) => (op.tags as string[] | undefined)?.includes(tag));
    if (operations.length > 0) paths[path] = Object.fromEntries(operations);
  }
  if (Object.keys(paths).length === 0) return undefined;
  const components = document.components as Record<string, Record<string, JsonSchema>>;
  const kept: Record<string, Record<string, JsonSchema>> = { securitySchemes: components.securitySchemes ?? {} };
  const pending = [...referencesIn(paths, new Set())];
  const seen = new Set(pending);
  while (pending.length > 0) {
    const [, , kind, name] = pending.pop()!.split('/') as [string, string, string, string];
    const component = components[kind]?.[name];
    if (!component || kept[kind]?.[name]) continue;
    (kept[kind] ??= {})[name] = component;
    for (const next of referencesIn(component, new Set())) {
      if (seen.has(next)) continue;
      seen.add(next);
      pending.push(next);
    }
  }
  return { ...document, tags: [{ name: tag }], paths, components: kept as OpenApiDocument['components'], 'x-tag-names': tagNames(document) };
}
