// Spec 001 §4.6: the redemption detail cards' titles and the flight date's format, declared once (the view
// and its tests read them from here).
export const REDEMPTION_DETAIL_TEXTS = {
  departure: 'Departure Activity Details',
  return: 'Return Activity Details',
  passenger: 'Passenger {n} Details',
  certificate: 'Certificate Details {n}',
} as const;

/** 'dddd, DD/MM/YYYY' */
export const FLIGHT_DATE_FORMAT = 'dddd, DD/MM/YYYY';

/** The card title of an air activity by its index: the first is the departure. */
export const activityTitle = (index: number) => (index === 0 ? REDEMPTION_DETAIL_TEXTS.departure : REDEMPTION_DETAIL_TEXTS.return);
export const numbered = (text: string, n: number) => text.replace('{n}', String(n));
