// Great-circle distance between two airports, in statute miles (haversine on the mean earth radius): what a
// route earns when no OD rule gives its sector miles, and what route bands are measured by.

export interface LatLon {
  latitude: number;
  longitude: number;
}

/** The mean earth radius in statute miles (IUGG mean radius 6,371.0088 km). */
export const EARTH_RADIUS_MILES = 3958.7613;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Whole miles, rounded to the nearest, between two points (0 for the same point). */
export function greatCircleMiles(a: LatLon, b: LatLon): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h))));
}
