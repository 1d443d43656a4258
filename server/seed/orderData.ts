// Demo vendor regions (not production): the geographic regions' codes (the vendors' regions use them too),
// each with the countries and branch offices it covers and the SLA days of printing, packaging and delivery.
import type { Kysely } from 'kysely';
import type { Catalogue } from '../../engine/definition/catalogue';
import type { Schema } from '../db/schema';
import { REGION_RESOURCE } from '../orders/orderStore';
import { REGION_CODES } from './referenceLists';
import { seedTables } from './seedTables';

export const VENDOR_REGIONS = [
  {
    regioncode: REGION_CODES.AS, regionname: 'Asia', slaprinting: 3, slapackaging: 2, sladelivery: 5,
    countries: ['ID', 'SG', 'MY', 'TH', 'PH', 'VN', 'JP', 'KR', 'CN', 'HK', 'IN', 'SA', 'AE'],
    branches: ['JKTHO', 'DPSBO', 'SUBBO', 'MESBO', 'UPGBO', 'BPNBO', 'JOGBO'],
  },
  { regioncode: REGION_CODES.OC, regionname: 'Oceania', slaprinting: 3, slapackaging: 2, sladelivery: 8, countries: ['AU', 'NZ'], branches: [] },
  { regioncode: REGION_CODES.EU, regionname: 'Europe', slaprinting: 3, slapackaging: 3, sladelivery: 12, countries: ['NL', 'FR', 'DE', 'GB', 'IT', 'ES', 'CH'], branches: [] },
  { regioncode: REGION_CODES.NA, regionname: 'North America', slaprinting: 3, slapackaging: 3, sladelivery: 14, countries: ['US', 'CA'], branches: [] },
  // Naming no country and no branch: every destination no other region covers.
  { regioncode: 'WORLD', regionname: 'Rest of the World', slaprinting: 5, slapackaging: 3, sladelivery: 21, countries: [], branches: [] },
];

export async function seedOrderData(db: Kysely<Schema>, catalogue: Catalogue, now = new Date()): Promise<Record<string, number>> {
  return seedTables(db, catalogue, [{ resource: REGION_RESOURCE, rows: VENDOR_REGIONS }], now);
}
