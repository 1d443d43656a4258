// The pure rules of a transfer of award miles between members: the fee per mile plus VAT, and the limits
// (fewest miles per transfer, most per member per calendar year). The figures come from configuration keys.
import { formatMessage } from '../../../engine/rules';
import { MEMBER_OPERATION_TEXTS } from './memberOperationTexts';

export interface TransferPolicy {
  minMiles: number;
  maxMilesPerYear: number;
  feePerMile: number;
  currency: string;
  vatPercent: number;
}

export interface TransferCharge {
  fee: number;
  vat: number;
  total: number;
  currency: string;
}

/** Money to the cent (an IDR amount stays whole when its inputs are). */
const cents = (amount: number) => Math.round(amount * 100) / 100;

/** The fee for moving these miles, its VAT and the total the member pays. */
export function transferCharge(miles: number, policy: TransferPolicy): TransferCharge {
  const fee = cents(miles * policy.feePerMile);
  const vat = cents((fee * policy.vatPercent) / 100);
  return { fee, vat, total: cents(fee + vat), currency: policy.currency };
}

/** What keeps this transfer within the limits, or undefined: `transferredThisYear` excludes this transfer. */
export function transferLimitProblem(miles: number, transferredThisYear: number, policy: TransferPolicy): string | undefined {
  if (miles < policy.minMiles) return formatMessage(MEMBER_OPERATION_TEXTS.belowMinimum, { min: policy.minMiles.toLocaleString('en-US') });
  if (transferredThisYear + miles > policy.maxMilesPerYear) {
    return formatMessage(MEMBER_OPERATION_TEXTS.aboveYearLimit, {
      max: policy.maxMilesPerYear.toLocaleString('en-US'),
      used: transferredThisYear.toLocaleString('en-US'),
      left: Math.max(0, policy.maxMilesPerYear - transferredThisYear).toLocaleString('en-US'),
    });
  }
  return undefined;
}
