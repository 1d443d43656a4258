// A ledger entry as the ledger's writers take it, checked the same way for every credit and debit, and the
// transaction row and listener row it becomes. No database here.
import { isIsoDay } from '../../engine/definition/dates';
import { LedgerError } from './ledgerError';
import type { WrittenRow } from '../platform/core/ledgerListeners';
import { TRX_TYPES, isMiles, type TrxType } from './ledgerRules';

/** A merged-away account (a status of screens/member-management/member.json): no miles move to or from it. */
export const MEMBER_CLOSED = 'CLOSED';

export interface LedgerEntry {
  memberid: string;
  trxtype: TrxType;
  /** YYYY-MM-DD */
  activitydate: string;
  /** The amount, >= 0: a credit adds it, a debit takes it. */
  awardmiles: number;
  tiermiles?: number;
  segments?: number;
  /** Credits: the lot's expiry (YYYY-MM-DD); default activitydate + MILES_EXPIRY_MONTHS. */
  expirydate?: string;
  /** What produced it: 'rule:<code>', 'approval:<requestid>', 'job:<jobid>' ... */
  source?: string;
  reason?: string;
  relatedtrxid?: number;
  /**
   * Debits: take from this lot first, then soonest expiry first (a rating correction takes back the very
   * miles its credit made, so the re-credit's expiry is the original's).
   */
  fromLot?: number;
  /**
   * Credits: whether the lot's award miles may be transferred to another member (default true; a custom
   * transaction type not valid for transfer credits false). A transfer takes only such lots.
   */
  transferable?: boolean;
  user: string;
  now: Date;
}

const MAX_SOURCE = 120;
const MAX_REASON = 500;

/** The entry's amounts, once every field is checked (LedgerError INVALID_ENTRY naming the field otherwise). */
export function checkEntry(entry: LedgerEntry): { award: number; tier: number; segments: number } {
  const tier = entry.tiermiles ?? 0;
  const segments = entry.segments ?? 0;
  const bad = (field: string, message: string) => new LedgerError('INVALID_ENTRY', message, field);
  if (typeof entry.memberid !== 'string' || entry.memberid === '') throw bad('memberid', 'Member ID is required');
  if (!Object.values(TRX_TYPES).includes(entry.trxtype)) throw bad('trxtype', `Unknown transaction type: ${String(entry.trxtype)}`);
  if (typeof entry.activitydate !== 'string' || !isIsoDay(entry.activitydate)) throw bad('activitydate', 'Activity date must be a date (YYYY-MM-DD)');
  if (!isMiles(entry.awardmiles)) throw bad('awardmiles', 'Award miles must be a whole number of 0 or more');
  if (!isMiles(tier)) throw bad('tiermiles', 'Tier miles must be a whole number of 0 or more');
  if (!isMiles(segments)) throw bad('segments', 'Segments must be a whole number of 0 or more');
  if (entry.expirydate !== undefined && !isIsoDay(entry.expirydate)) throw bad('expirydate', 'Expiry date must be a date (YYYY-MM-DD)');
  if (entry.source !== undefined && entry.source.length > MAX_SOURCE) throw bad('source', `Source must be at most ${MAX_SOURCE} characters`);
  if (entry.reason !== undefined && entry.reason.length > MAX_REASON) throw bad('reason', `Reason must be at most ${MAX_REASON} characters`);
  return { award: entry.awardmiles, tier, segments };
}

/** The transaction row's columns an entry gives, besides its signed amounts and expiry. */
export const ledgerRow = (entry: LedgerEntry) => ({
  memberid: entry.memberid,
  trxtype: entry.trxtype,
  activitydate: entry.activitydate,
  source: entry.source ?? null,
  reason: entry.reason ?? null,
  relatedtrxid: entry.relatedtrxid ?? null,
  mergedfrom: null,
  createdby: entry.user,
  createddate: entry.now.toISOString(),
});

/** The row as listeners are told of it. */
export const written = (trxid: number, entry: LedgerEntry, sign: 1 | -1, amounts: { award: number; tier: number; segments: number }): WrittenRow => {
  // 0 - n, not -n: a debit of no tier miles says 0, never -0.
  const signed = (n: number) => (sign > 0 ? n : 0 - n);
  return {
    trxid,
    memberid: entry.memberid,
    trxtype: entry.trxtype,
    activitydate: entry.activitydate,
    awardmiles: signed(amounts.award),
    tiermiles: signed(amounts.tier),
    segments: signed(amounts.segments),
    source: entry.source ?? null,
  };
};
