// The ledger's pure rules: which lots a debit takes (soonest expiry first), and how miles are written.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planLotUse, formatMiles, type OpenLot } from '../../server/ledger/ledgerRules';

describe('planLotUse', () => {
  const lots: OpenLot[] = [
    { lotid: 4, expirydate: '2027-06-01', remaining: 100 },
    { lotid: 1, expirydate: '2028-01-01', remaining: 100 },
    { lotid: 3, expirydate: '2027-06-01', remaining: 100 },
    { lotid: 2, expirydate: '2026-12-01', remaining: 0 },
  ];

  it('takes the soonest expiry first, the lowest lot on a tie, skipping empty lots', () => {
    expect(planLotUse(lots, 250)).toEqual({ takes: [{ lotid: 3, amount: 100 }, { lotid: 4, amount: 100 }, { lotid: 1, amount: 50 }], covered: true });
  });

  it('says when the lots do not cover the amount', () => {
    expect(planLotUse(lots, 301).covered).toBe(false);
  });

  it('takes exactly the amount when covered, never more than a lot holds', () => {
    const lot = fc.record({ lotid: fc.integer({ min: 1, max: 1e6 }), expirydate: fc.constantFrom('2026-01-01', '2027-01-01', '2028-01-01'), remaining: fc.integer({ min: 0, max: 500 }) });
    fc.assert(
      fc.property(fc.uniqueArray(lot, { selector: (l) => l.lotid, maxLength: 20 }), fc.integer({ min: 1, max: 5000 }), (open, amount) => {
        const { takes, covered } = planLotUse(open, amount);
        const total = open.reduce((s, l) => s + l.remaining, 0);
        expect(covered).toBe(total >= amount);
        expect(takes.reduce((s, t) => s + t.amount, 0)).toBe(Math.min(total, amount));
        for (const t of takes) expect(t.amount).toBeLessThanOrEqual(open.find((l) => l.lotid === t.lotid)!.remaining);
      }),
    );
  });
});

it('formats miles as staff read them', () => expect(formatMiles(1200)).toBe('1,200'));
