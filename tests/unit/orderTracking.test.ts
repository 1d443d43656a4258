// The tracking timeline's steps and destination cells (spec 001 §4.4), texts retyped from the spec.
import { describe, expect, it } from 'vitest';
import { addressText, destinationTags, sendToText, timelineCycles, type OrderDestination } from '../../domain/orderTracking';

const entry = (status: string, reordernumber: number, date: string, isoversla = false) => ({ status, reordernumber, date, isoversla });
const dest = (over: Partial<OrderDestination>): OrderDestination => ({
  createdDate: '2026-11-01T00:00:00.000Z', sendto: 'MEMBER', address: 'Jl. Merdeka 1', branchcode: null, ticketoffice: null, city: 'Jakarta', state: 'DKI Jakarta', country: 'ID', postalcode: '10110', isdefault: true, status: 'CURRENT', ...over,
});

describe('order tracking timeline', () => {
  it('shows the ten labels, reached steps with DD/MM/YYYY and their SLA verdict, the others unreached', () => {
    const [cycle] = timelineCycles({ reordernumber: 0, tracking: [entry('PAYMENT_SUCCESS', 0, '2026-11-01T02:00:00.000Z'), entry('READYTOPRINT', 0, '2026-11-05T02:00:00.000Z', true)] });
    expect(cycle!.steps.map((s) => s.label)).toEqual(['payment success', 'ready to print', 'printing', 'printed', 'ready to packaging', 'packaging', 'packaged', 'ready to pick up', 'on delivery', 'delivered']);
    expect(cycle!.steps.slice(0, 3).map((s) => s.reached)).toEqual([{ date: '01/11/2026', overSla: false }, { date: '05/11/2026', overSla: true }, undefined]);
  });

  it('ends a returned cycle with return then reorder, and draws each reorder as its own cycle', () => {
    const cycles = timelineCycles({
      reordernumber: 1,
      tracking: [entry('DELIVERING', 0, '2026-11-02'), entry('RETURN', 0, '2026-11-03'), entry('REORDER', 1, '2026-11-04'), entry('READYTODELIVER', 1, '2026-11-05')],
    });
    expect(cycles[0]!.steps.slice(-3).map((s) => [s.label, s.reached?.date])).toEqual([['on delivery', '02/11/2026'], ['return', '03/11/2026'], ['reorder', '04/11/2026']]);
    expect(cycles[1]!.steps.map((s) => [s.label, s.reached?.date])).toEqual([['ready to pick up', '05/11/2026'], ['on delivery', undefined], ['delivered', undefined]]);
  });

  it('writes Send to and Address as the spec says, and tags the first and the current destination once sent again', () => {
    const bo = dest({ sendto: 'BO', branchcode: 'JKTHO', ticketoffice: 'JKT01', address: 'Jl. Gajah Mada 18' });
    expect(sendToText(bo)).toBe('Branch Office');
    expect(addressText(bo)).toBe('JKTHO, JKT01, Jl. Gajah Mada 18');
    const home = dest({});
    expect(addressText(home)).toBe('Jl. Merdeka 1, Jakarta, DKI Jakarta, ID, 10110');
    // References by their selectors' names once known: a branch, its office, a city, a state, a country.
    const names: Record<string, string> = { 'branch:JKTHO': 'Jakarta Head Office', 'ticket-office:JKT01': 'Jakarta Sudirman', 'country:ID': 'Indonesia', 'city:JKT': 'Jakarta' };
    const labelOf = (selector: string, value: unknown) => names[`${selector}:${String(value)}`];
    expect(addressText(bo, labelOf)).toBe('Jakarta Head Office, Jakarta Sudirman, Jl. Gajah Mada 18');
    expect(addressText(dest({ city: 'JKT' }), labelOf)).toBe('Jl. Merdeka 1, Jakarta, DKI Jakarta, Indonesia, 10110');
    expect(sendToText(home)).toBe('Member Address');
    expect(destinationTags(home, [home])).toEqual([]);
    const first = dest({ status: 'PREVIOUS' });
    const current = dest({ isdefault: false });
    expect(destinationTags(first, [first, current])).toEqual([{ text: 'Return', tooltip: 'First Destination Address' }]);
    expect(destinationTags(current, [first, current])).toEqual([{ text: 'Reorder', tooltip: 'Current Destination Address' }]);
  });
});
