// Mailing texts and display rules of spec 001 §3.6, §4.5 and §8, kept exactly: the vendor cards' texts and the
// buy-product status tags, price line and EXPIRED; shared by the registered views, the server (server/mailingProduct/mailing) and the tests.
import * as moduleTexts from './texts.json';

export const VENDOR_TEXTS = moduleTexts.vendor;

/** The vendor types of spec 001 §9, in card order, with the card titles. */
export const VENDOR_TYPES = [
  { type: 'PRINTING', title: 'Printing Vendor', flag: 'useprintingvendor' },
  { type: 'PACKAGING', title: 'Packaging Vendor', flag: 'usepackagingvendor' },
  { type: 'COURIER', title: 'Courier Vendor', flag: 'usecouriervendor' },
] as const;

export const BUY_PRODUCT_TEXTS = moduleTexts.buyProduct;

export const PAYMENT_STATUS = { WAITING: 'WAITING_FOR_PAYMENT', FAILED: 'FAILED', SUCCESS: 'SUCCESS' } as const;

/** The status tag: WAITING_FOR_PAYMENT red 'Waiting For Payment', FAILED red 'Failed' ('EXPIRED' once the verification time passed), else green 'Success'. */
export function paymentStatusTag(status: unknown, verificationTimeout: unknown, now: Date): { text: string; color: 'red' | 'green' } {
  if (status === PAYMENT_STATUS.WAITING) return { text: 'Waiting For Payment', color: 'red' };
  if (status === PAYMENT_STATUS.FAILED) {
    const timeout = typeof verificationTimeout === 'string' ? new Date(verificationTimeout) : undefined;
    const expired = timeout !== undefined && !Number.isNaN(timeout.getTime()) && timeout.getTime() < now.getTime();
    return { text: expired ? BUY_PRODUCT_TEXTS.expired : 'Failed', color: 'red' };
  }
  return { text: 'Success', color: 'green' };
}

const thousands = (value: unknown) => Number(value ?? 0).toLocaleString('en-US', { maximumFractionDigits: 2 });

/** Spec 001 §4.5's price: for CASH the currency code and the amount, otherwise the amount followed by 'Miles'. */
export const priceText = (paymentmethod: unknown, currencycode: unknown, amount: unknown): string =>
  paymentmethod === 'CASH' ? `${String(currencycode ?? '')} ${thousands(amount)}`.trim() : `${thousands(amount)} ${BUY_PRODUCT_TEXTS.miles}`;

/** The member transaction a MILEAGE payment made (spec 001 §2's one detail link). */
export const mileageUserPath = (memberid: unknown, trxid: unknown) => `/member/form/${encodeURIComponent(String(memberid))}/transaction/detail/${encodeURIComponent(String(trxid))}`;
