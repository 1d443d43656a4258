// Flight identity, the one definition of "the same flight" that rating, segment keys, activity files and retro claims share.

/** What identifies a flown segment: the marketing carrier, its flight number, the flight's date and route. */
export interface FlightSegment {
  carrier?: string | null;
  flightnumber?: string | null;
  flightdate: string;
  origin?: string | null;
  destination?: string | null;
}

/**
 * A flight number as a number of its carrier: 'GA0402', '0402' and '402' are the same flight of GA. The carrier's
 * own designator is taken off when given (it may hold a digit: '3K0402'); otherwise two leading letters are.
 */
export function flightNumber(value: string | null | undefined, carrier?: string | null): string {
  let text = String(value ?? '').trim().toUpperCase();
  const designator = String(carrier ?? '').trim().toUpperCase();
  if (designator && text.length > designator.length && text.startsWith(designator)) text = text.slice(designator.length);
  else text = text.replace(/^[A-Z]{2}(?=\d)/, '');
  return text.replace(/^0+(?=\d)/, '');
}

/** Whether two segments are one flight: carrier, number (as flightNumber reads it), date and route. */
export const sameFlight = (a: FlightSegment, b: FlightSegment): boolean =>
  String(a.carrier ?? '').toUpperCase() === String(b.carrier ?? '').toUpperCase() &&
  flightNumber(a.flightnumber, a.carrier) === flightNumber(b.flightnumber, b.carrier) &&
  a.flightdate === b.flightdate &&
  a.origin === b.origin &&
  a.destination === b.destination;

/** The segment's key for a member: the same member on the same flight (sameFlight) is credited once. */
export const segmentKey = (memberid: string, s: FlightSegment): string =>
  [memberid, s.carrier ?? '', flightNumber(s.flightnumber, s.carrier), s.flightdate, s.origin ?? '', s.destination ?? ''].join('|').toUpperCase();

/** A stored key (member|carrier|number|date|origin|destination) as segmentKey makes it now; undefined when it is not one. */
export function normalisedSegmentKey(key: string): string | undefined {
  const parts = key.split('|');
  if (parts.length !== 6) return undefined;
  const [memberid, carrier, flightnumber, flightdate, origin, destination] = parts;
  return segmentKey(memberid, { carrier, flightnumber, flightdate, origin, destination });
}
