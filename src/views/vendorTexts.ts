// The vendor cards' texts (spec 001 §3.6, §8), kept exactly, declared once in engine/definition/mailing.ts.
export { VENDOR_TEXTS, VENDOR_TYPES } from '../../engine/definition/mailing';
