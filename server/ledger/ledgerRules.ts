// The ledger's pure rules: transaction types, which lots a debit takes, how miles are written. No database here;
// ledgerStore feeds these from rows and tests call them directly.

/** The transaction-type codes (reference list of ledger_transaction.trxtype). */
export const TRX_TYPES = {
  ENROLLBONUS: 'ENROLLBONUS',
  EARNING: 'EARNING',
  RATING: 'RATING',
  CORRECTION: 'CORRECTION',
  CUSTOM: 'CUSTOM',
  TRANSFERIN: 'TRANSFERIN',
  TRANSFEROUT: 'TRANSFEROUT',
  REDEPOSIT: 'REDEPOSIT',
  REDEMPTION: 'REDEMPTION',
  EXTENSION: 'EXTENSION',
  EXPIRATION: 'EXPIRATION',
  /** The bonuses of Tier Management (server/tierManagement/bonuses): tier completion, first activity, birthday, referral. */
  TIERBONUS: 'TIERBONUS',
  FIRSTACTBONUS: 'FIRSTACTBONUS',
  BIRTHDAYBONUS: 'BIRTHDAYBONUS',
  REFERRALBONUS: 'REFERRALBONUS',
  /** A member relation of a type with a Relation Bonus; a promotion completed (its Promo Completion Bonus). */
  RELATIONBONUS: 'RELATIONBONUS',
  PROMOBONUS: 'PROMOBONUS',
  /** Miles bought (Buy Mileage), or bought to extend expiring ones: the receipt type's Miles Credited As. */
  BUY: 'BUY',
  BUYEXTEND: 'BUYEXTEND',
  /** A mailing product bought with miles (Buy Product, server/mailingProduct/mailing). */
  BUYPRODUCT: 'BUYPRODUCT',
} as const;

export type TrxType = (typeof TRX_TYPES)[keyof typeof TRX_TYPES];

/** Debits a redeposit may not undo: an expiration is undone by an extension, a transfer by a transfer back. */
export const NOT_REVERSIBLE: ReadonlySet<string> = new Set([TRX_TYPES.EXPIRATION, TRX_TYPES.TRANSFEROUT]);

export interface OpenLot {
  lotid: number;
  expirydate: string;
  remaining: number;
}

export interface LotTake {
  lotid: number;
  amount: number;
}

/** Soonest expiry first, then the oldest lot: the order a debit consumes lots in. */
export const lotOrder = (a: OpenLot, b: OpenLot): number =>
  a.expirydate < b.expirydate ? -1 : a.expirydate > b.expirydate ? 1 : a.lotid - b.lotid;

/**
 * What a debit of `amount` takes from each lot, soonest expiry first. `covered` is false when the lots
 * hold less than the amount (a balance that disagrees with its lots: the store refuses to go on).
 */
export function planLotUse(lots: readonly OpenLot[], amount: number): { takes: LotTake[]; covered: boolean } {
  const takes: LotTake[] = [];
  let left = amount;
  for (const lot of [...lots].sort(lotOrder)) {
    if (left <= 0) break;
    if (lot.remaining <= 0) continue;
    const take = Math.min(lot.remaining, left);
    takes.push({ lotid: lot.lotid, amount: take });
    left -= take;
  }
  return { takes, covered: left <= 0 };
}

/** Miles as staff read them: 1,200. */
export const formatMiles = (miles: number): string => miles.toLocaleString('en-US');

/** A whole, non-negative number of miles (what every entry's amounts must be). */
export const isMiles = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
