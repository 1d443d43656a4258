// The mailing display rules and catalogue rules as pure functions (spec 001 §4.5, §8): the buy-product status
// tag (EXPIRED only for a failed payment past its verification time), the price line in cash or miles, the
// mileage transaction link, which payment methods a product takes, and which vendor a product lacks.
import { describe, expect, it } from 'vitest';
import { mileageUserPath, paymentStatusTag, priceText } from '../../domain/mailing';
import { missingVendor, paymentAllowed, totalWithTax, type VendorRow } from '../../server/mailingProduct/mailing/mailingRules';

const NOW = new Date('2026-11-24T10:00:00Z');
const PAST = '2026-11-24T09:59:59Z';
const FUTURE = '2026-11-24T10:30:00Z';

describe('buy-product status tags (spec 001 §4.5)', () => {
  it.each([
    ['WAITING_FOR_PAYMENT', FUTURE, { text: 'Waiting For Payment', color: 'red' }],
    ['WAITING_FOR_PAYMENT', PAST, { text: 'Waiting For Payment', color: 'red' }],
    ['FAILED', FUTURE, { text: 'Failed', color: 'red' }],
    ['FAILED', null, { text: 'Failed', color: 'red' }],
    ['FAILED', PAST, { text: 'EXPIRED', color: 'red' }],
    ['SUCCESS', PAST, { text: 'Success', color: 'green' }],
    ['ANYTHING', null, { text: 'Success', color: 'green' }],
  ])('%s with timeout %s', (status, timeout, tag) => {
    expect(paymentStatusTag(status, timeout, NOW)).toEqual(tag);
  });

  it('shows a cash price as currency and amount, any other as amount and Miles, with thousand separators', () => {
    expect(priceText('CASH', 'IDR', 388500)).toBe('IDR 388,500');
    expect(priceText('MILEAGE', null, 12000)).toBe('12,000 Miles');
    expect(mileageUserPath('MBR0000007', 867)).toBe('/member/form/MBR0000007/transaction/detail/867');
  });
});

describe('mailing catalogue rules', () => {
  it.each([
    ['CASH', 'CASH', true],
    ['CASH', 'MILEAGE', false],
    ['MILEAGE', 'MILEAGE', true],
    ['MILEAGE', 'CASH', false],
    ['BOTH', 'CASH', true],
    ['BOTH', 'MILEAGE', true],
  ])('a product paid by %s takes %s: %s', (paymenttype, method, allowed) => {
    expect(paymentAllowed({ paymenttype, price: 1000, currencycode: 'IDR', mileageprice: 500 }, method)).toBe(allowed);
  });

  it('takes no method whose price the product lacks', () => {
    expect(paymentAllowed({ paymenttype: 'BOTH', price: null, currencycode: null, mileageprice: 500 }, 'CASH')).toBe(false);
  });

  it('adds tax to the cent', () => {
    expect(totalWithTax(350000, 11)).toBe(388500);
    expect(totalWithTax(99.99, 11)).toBe(110.99);
  });

  const VENDORS: VendorRow[] = [
    { vendorcode: 'P', vendortype: 'PRINTING', allregion: true, regions: [], mailingproducts: ['CARD'] },
    { vendorcode: 'K', vendortype: 'PACKAGING', allregion: true, regions: [], mailingproducts: ['CARD', 'MUG'] },
    { vendorcode: 'C', vendortype: 'COURIER', allregion: false, regions: ['142'], mailingproducts: ['CARD', 'MUG'] },
    { vendorcode: 'W', vendortype: 'COURIER', allregion: true, regions: [], mailingproducts: ['TAG'] },
  ];
  const product = (code: string, flags: Record<string, boolean> = {}) => ({ mailingproductcode: code, useprintingvendor: true, usepackagingvendor: true, usecouriervendor: true, ...flags });

  it.each([
    ['every step served', product('CARD'), '142', undefined],
    ['no courier in the region', product('CARD'), '150', { field: 'country', message: 'Vendor not available for this product / region' }],
    ['no printing vendor', product('MUG'), '142', { field: 'mailingproductcode', message: 'Vendor not available for this product' }],
    ['no printing vendor, but printing not used', product('MUG', { useprintingvendor: false }), '142', undefined],
    ['no packaging vendor', product('TAG', { useprintingvendor: false }), '142', { field: 'mailingproductcode', message: 'Vendor not available for this product' }],
    ['a courier of all regions', product('TAG', { useprintingvendor: false, usepackagingvendor: false }), '150', undefined],
  ])('%s', (_what, row, region, expected) => {
    expect(missingVendor(VENDORS, row, region)).toEqual(expected);
  });
});
