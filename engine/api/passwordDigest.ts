// The browser sends a password as the lowercase hex SHA-256 of what the user typed (works without HTTPS too).
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export const passwordDigest = (typed: string): string => bytesToHex(sha256(utf8ToBytes(typed)));
