// The mailing catalogue's rules as pure functions: which payment methods a product takes, a price with tax,
// and whether a product has a vendor for every step it uses (spec 001 §3.6: printing, packaging and, for the
// chosen region, courier), with the vendor cards' own texts (spec 001 §8).
import { VENDOR_TEXTS, VENDOR_TYPES } from '../../../domain/mailing';
import type { Row } from '../../platform/resources/records';
import * as moduleTexts from './texts.json';

export const BUY_PRODUCT_MESSAGES = moduleTexts.buyProductMessages;

export interface VendorRow {
  vendorcode: string;
  vendortype: string;
  allregion?: boolean | null;
  regions?: string[] | null;
  mailingproducts?: string[] | null;
}

/** A product's payment type CASH or MILEAGE takes that method only; BOTH takes either, if the product has that price. */
export function paymentAllowed(product: Row, method: string): boolean {
  const type = product.paymenttype;
  if (type !== 'BOTH' && type !== method) return false;
  return method === 'MILEAGE' ? product.mileageprice != null : product.price != null && product.currencycode != null;
}

/** An amount with tax in percent, to the cent. */
export const totalWithTax = (amount: number, taxpercent: number): number => Math.round(amount * (100 + taxpercent)) / 100;

/** The vendors of one type serving a product (the courier ones also serving the region). */
export function vendorsFor(vendors: readonly VendorRow[], product: string, type: string, region?: string): VendorRow[] {
  return vendors.filter(
    (v) => v.vendortype === type && (v.mailingproducts ?? []).includes(product) && (type !== 'COURIER' || region === undefined || v.allregion === true || (v.regions ?? []).includes(region)),
  );
}

/** The first step the product uses without a vendor: printing or packaging on the product, courier on the delivery country (its region). */
export function missingVendor(vendors: readonly VendorRow[], product: Row, region: string): { field: string; message: string } | undefined {
  const code = String(product.mailingproductcode);
  for (const { type, flag } of VENDOR_TYPES) {
    if (product[flag] === false) continue;
    if (vendorsFor(vendors, code, type, region).length > 0) continue;
    return type === 'COURIER' ? { field: 'country', message: VENDOR_TEXTS.notAvailableForRegion } : { field: 'mailingproductcode', message: VENDOR_TEXTS.notAvailable };
  }
  return undefined;
}
