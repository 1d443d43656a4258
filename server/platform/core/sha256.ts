// SHA-256 as hex: how the database keeps tokens (sessions, one-time keys, file links) and how a password reaches the server.
import { createHash } from 'node:crypto';

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');
