// The active definitions as the browser reads them (engine/definition/definitionIndex.ts): GET /definitions/index.json,
// the menu tree, the selectors and each page's content hash under a version stamp, and GET /definitions/page/<hash>.json,
// a page's text, cached for good. Public, as the bundle that shipped them was; the pages' security headers. Every text
// is served in the newest format (an older version migrated: engine/definition/schemaMigrations.ts), hashed as served.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { DEFINITION_INDEX_PATH, declaredResource, PAGE_HASH_LENGTH, pageHash, type DefinitionIndex } from '../../../engine/definition/definitionIndex';
import { MENU_TREE_FILE, SELECTORS_FILE } from '../../../engine/definition/definitionFiles';
import { migrateDefinitionText } from '../../../engine/definition/schemaMigrations';
import { SECURITY_HEADERS } from '../app';
import { chosenEncoding } from '../core/compression';
import { sha256Hex } from '../core/sha256';
import { definitionFileKeys, type DefinitionText } from '../definitions';
import type { Schema } from '../db/schema';
import { servedDefinitions, servedHashes, versionsStamp, versionTextByHash } from './definitionVersionStore';

/** The served definitions, ready to answer: the index as its JSON text, each page's text by its hash. */
export interface DefinitionFiles {
  version: string;
  index: string;
  pages: ReadonlyMap<string, string>;
  /** The index compressed as the browser accepts it, once per version at the build's settings (not per request). */
  encodedIndex(encoding: 'br' | 'gzip'): Promise<Buffer>;
}

const PAGE_FILE = new RegExp(`^([0-9a-f]{${PAGE_HASH_LENGTH}})\\.json$`);
const IMMUTABLE = 'public, max-age=31536000, immutable';
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The stamp of a set of active versions: another as soon as any of their contents changes, or one comes or goes. */
export const definitionsStamp = (hashes: readonly { key: string; contenthash: string }[]): string => sha256Hex(hashes.map((v) => `${v.key}\n${v.contenthash}`).join('\n'));

/**
 * The index and pages of a set of definition texts (the menu tree, the selectors, then every page file), each in the
 * newest format: a page's hash is its served text's, so a page a migration changed has its own address.
 */
export function definitionFilesOf(version: string, definitions: readonly DefinitionText[]): DefinitionFiles {
  const newest = definitions.map((d) => ({ key: d.key, text: migrateDefinitionText(d.key, d.text) }));
  const textOf = (key: string) => newest.find((d) => d.key === key)?.text ?? '{}';
  const index: DefinitionIndex = { version, tree: JSON.parse(textOf(MENU_TREE_FILE)), selectors: JSON.parse(textOf(SELECTORS_FILE)), pages: {}, resources: {} };
  const pages = new Map<string, string>();
  for (const { key, text } of newest) {
    if (key === MENU_TREE_FILE || key === SELECTORS_FILE) continue;
    const hash = pageHash(sha256Hex(text));
    index.pages[key] = hash;
    pages.set(hash, text);
    const resource = declaredResource(JSON.parse(text));
    if (resource) index.resources[resource] = key;
  }
  const json = JSON.stringify(index);
  const encoded = new Map<string, Promise<Buffer>>();
  const encodedIndex = (encoding: 'br' | 'gzip') => {
    let body = encoded.get(encoding);
    if (!body) encoded.set(encoding, (body = encoding === 'br' ? brotli(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : gzipped(json, { level: 9 })));
    return body;
  };
  return { version, index: json, pages, encodedIndex };
}

/**
 * What the database serves now, one function whatever changes the versions (a start's sync, an activation on any
 * server): per request the versions' stamp (versionsStamp, one aggregate query), the served versions' hashes when it
 * moved, their texts when those changed. The index's version is the stamp of the served contents, so a version stored
 * beside them (a CONFLICT) keeps the browsers' index.
 */
export function servedDefinitionFiles(db: Kysely<Schema>, screensDir: string): () => Promise<DefinitionFiles> {
  let cached: DefinitionFiles | undefined;
  let readAt: string | undefined;
  // Which keys have a file, as the start that synced them found them (not the disk read on every request).
  const fileKeys = new Set(definitionFileKeys(screensDir));
  return async () => {
    const stamp = await versionsStamp(db);
    if (cached && stamp === readAt) return cached;
    const version = definitionsStamp(await servedHashes(db, fileKeys));
    if (cached?.version !== version) cached = definitionFilesOf(version, await servedDefinitions(db, screensDir));
    readAt = stamp;
    return cached;
  };
}

const notFound = (reply: FastifyReply) => reply.code(404).headers(SECURITY_HEADERS).header('cache-control', 'no-store').type('text/plain').send('No such definition page');

export function definitionFileRoutes(app: FastifyInstance, served: () => Promise<DefinitionFiles>, db: Kysely<Schema>): void {
  app.get(DEFINITION_INDEX_PATH, { config: { reference: { summary: 'The active screen definitions: menu tree, selectors, each page by content hash', guard: 'public', produces: 'application/json' } } }, async (request, reply) => {
    const files = await served();
    const etag = `"${files.version}"`;
    reply.headers(SECURITY_HEADERS).header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    const encoding = chosenEncoding(request.headers['accept-encoding']);
    return encoding ? reply.header('content-encoding', encoding).send(await files.encodedIndex(encoding)) : reply.send(files.index);
  });
  app.get<{ Params: { file: string } }>('/definitions/page/:file', { config: { reference: { summary: "A screen definition by its content hash (the index's `pages`), cached for good", guard: 'public', produces: 'application/json' } } }, async (request, reply) => {
    const hash = PAGE_FILE.exec(request.params.file)?.[1];
    if (!hash) return notFound(reply);
    // A page an older index named (a tab that has not navigated since a change) is still answered while stored, in the
    // newest format; a stored text that a migration changed is found only while served (its hash is of the migrated text).
    const stored = (await served()).pages.get(hash) ?? (await versionTextByHash(db, hash));
    if (stored === undefined) return notFound(reply);
    const text = typeof stored === 'string' ? stored : migrateDefinitionText(stored.key, stored.text);
    return reply.headers(SECURITY_HEADERS).header('cache-control', IMMUTABLE).type('application/json; charset=utf-8').send(text);
  });
}
