// Files an action makes for the browser to open (a member's receipt, spec 001 §7.5: the answer's result.path is
// opened): kept in memory under an unguessable path for a few minutes, served by GET /files/<token>.
import { randomBytes } from 'node:crypto';

export interface LinkedFile {
  filename: string;
  mimetype: string;
  /** Text (a receipt's HTML) or bytes (a mail's PDF). */
  content: string | Buffer;
}

export const FILE_LINK_PREFIX = '/files/';
const LIFETIME_MS = 5 * 60_000;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

class FileLinks {
  readonly #files = new Map<string, LinkedFile & { expires: number }>();

  /** Keeps the file and answers the path the browser opens. */
  put(file: LinkedFile, now = Date.now()): string {
    for (const [token, kept] of this.#files) if (kept.expires <= now) this.#files.delete(token);
    const token = randomBytes(32).toString('base64url');
    this.#files.set(token, { ...file, expires: now + LIFETIME_MS });
    return `${FILE_LINK_PREFIX}${token}`;
  }

  /** The file under this token while it lasts. */
  get(token: string, now = Date.now()): LinkedFile | undefined {
    if (!TOKEN.test(token)) return undefined;
    const kept = this.#files.get(token);
    return kept && kept.expires > now ? kept : undefined;
  }
}

/** One per process: the path works on the server that made it. */
export const fileLinks = new FileLinks();
