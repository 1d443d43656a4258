// The vendor cards' texts (spec 001 §3.6, §8), kept exactly, declared once in domain/mailing.ts.
export { VENDOR_TEXTS, VENDOR_TYPES } from '../../domain/mailing';
