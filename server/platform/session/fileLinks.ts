// Files an action hands the browser to open (a member's receipt, spec 001 §7.5: the answer's result.path is opened;
// a mail's file; a generated report file): an unguessable path kept in the database as a hash with the session
// that asked for it. The browser opening it sends no bearer, so the path is the credential: it works once, for
// FILE_LINK_MINUTES, and only while the session that asked for it lives (a logout or an expiry ends it).
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FileLinkRow, Schema } from '../db/schema';
import { sha256Hex } from '../core/sha256';

export interface LinkedFile {
  filename: string;
  mimetype: string;
  /** Text (a receipt's HTML) or bytes (a mail's PDF). */
  content: string | Buffer;
}

export const FILE_LINK_PREFIX = '/files/';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Who asks for a link, and for how long it may be opened. */
export interface LinkAsker {
  db: Kysely<Schema>;
  /** The bearer of the asking session. */
  token: string | undefined;
  config: { fileLinkMinutes: number };
  now(): Date;
}

/** What a link opens: a report file by id, or the file itself. */
export type LinkTarget = { fileid: string } | { file: LinkedFile };

/** What an action answering a link says, for the API reference: the path the browser opens, and the file's name where it tells it. */
export const FILE_LINK = { title: 'file link', type: 'object', required: ['path'], properties: { path: { type: 'string' }, filename: { type: 'string' } } };

/** Stores the link of the asking session and answers the path the browser opens (under `prefix`). */
export async function issueFileLink(asker: LinkAsker, target: LinkTarget, prefix = FILE_LINK_PREFIX): Promise<string> {
  // Guarded actions always carry a session; without one no link could ever be opened.
  if (!asker.token) throw new Error('A file link needs the session that asks for it');
  const now = asker.now();
  const token = randomBytes(32).toString('base64url');
  const file = 'file' in target ? target.file : undefined;
  await asker.db.deleteFrom('file_link').where('expiresat', '<=', now.toISOString()).execute();
  await asker.db
    .insertInto('file_link')
    .values({
      tokenhash: sha256Hex(token),
      sessionhash: sha256Hex(asker.token),
      expiresat: new Date(now.getTime() + asker.config.fileLinkMinutes * 60_000).toISOString(),
      fileid: 'fileid' in target ? target.fileid : null,
      filename: file?.filename ?? null,
      mimetype: file?.mimetype ?? null,
      content: file === undefined ? null : typeof file.content === 'string' ? file.content : file.content.toString('base64'),
      encoding: file === undefined ? null : typeof file.content === 'string' ? 'utf8' : 'base64',
    })
    .execute();
  return `${prefix}${token}`;
}

/**
 * The link of this token, used up: undefined when there is none, when it has expired, or when the session
 * that asked for it has ended or expired. Taking it deletes it, so a second opening finds nothing.
 */
export async function takeFileLink(db: Kysely<Schema>, token: string, now: Date): Promise<FileLinkRow | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const link = await db.deleteFrom('file_link').where('tokenhash', '=', sha256Hex(token)).returningAll().executeTakeFirst();
  const at = now.toISOString();
  if (!link || link.expiresat <= at) return undefined;
  const session = await db
    .selectFrom('session')
    .select('tokenhash')
    .where('tokenhash', '=', link.sessionhash)
    .where('endedat', 'is', null)
    .where('expiresat', '>', at)
    .executeTakeFirst();
  return session ? link : undefined;
}

/** The file a link itself carries (a receipt, a mail's file), or undefined for a link to a report file. */
export function linkedFile(link: FileLinkRow): LinkedFile | undefined {
  if (link.content === null || !link.filename || !link.mimetype) return undefined;
  return { filename: link.filename, mimetype: link.mimetype, content: link.encoding === 'base64' ? Buffer.from(link.content, 'base64') : link.content };
}

/** A session's links go with it (a logout). */
export const dropSessionLinks = (db: Kysely<Schema>, sessionToken: string) => db.deleteFrom('file_link').where('sessionhash', '=', sha256Hex(sessionToken)).execute();
