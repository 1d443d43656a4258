// What the server sends compressed: JSON answers above a small size (brotli, else gzip, as the browser accepts),
// compressed off the event loop by zlib's threads; static files are compressed once at build (vite.config.ts
// writes .br and .gz beside each) and served as they are (@fastify/static's preCompressed). Hashed files are
// cached for a year: their names change with their content.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;
/** Brotli's quality for answers made per request: fast, and most of the gain (11 is for files built once). */
const ANSWER_QUALITY = 4;
/** A year: the longest a browser keeps a file, for the build's hashed files. */
const HASHED_MAX_AGE_S = 31_536_000;
/** The build's hashed files (Vite writes every chunk and asset there with its content hash in the name). */
const HASHED_DIR = /[\\/]assets[\\/]/;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The encoding to answer in, from the request's Accept-Encoding (brotli first). */
export function chosenEncoding(accepted: string | undefined): 'br' | 'gzip' | undefined {
  const offered = (accepted ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name!.trim().toLowerCase());
  if (offered.includes('br')) return 'br';
  if (offered.includes('gzip')) return 'gzip';
  return undefined;
}

/** Compresses the JSON answers of `app` above COMPRESS_MIN_BYTES for clients that accept it. */
export function compressAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.getHeader('content-encoding') !== undefined) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload;
    reply.header('vary', 'accept-encoding');
    const encoding = chosenEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = encoding === 'br' ? await brotli(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: ANSWER_QUALITY } }) : await gzipped(payload);
    reply.header('content-encoding', encoding);
    return body;
  });
}

/** Static files' caching: hashed files for a year, anything else checked again each time (index.html, icons). */
export function staticCacheHeaders(response: { setHeader(name: string, value: string): unknown }, path: string): void {
  response.setHeader('cache-control', HASHED_DIR.test(path) ? `public, max-age=${HASHED_MAX_AGE_S}, immutable` : 'no-cache');
  response.setHeader('vary', 'accept-encoding');
}
