// The programme's configuration keys (general_config rows staff edit on General Configuration): each key
// declared once with its default, description and parser; read typed; missing keys seeded on every start.
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { Catalogue } from '../../../engine/definition/catalogue';
import { resourceModel } from '../../../engine/definition/compile';
import { definitionDb } from '../db/definitionDb';

export interface ConfigKey<T> {
  key: string;
  default: T;
  description: string;
  /** The stored text as a value, or undefined when it is not one (the default is used then). */
  parse(value: string): T | undefined;
  format(value: T): string;
}

/** The resource whose table holds the keys (screens/basic-configuration/general-configuration.json). */
export const GENERAL_CONFIG_RESOURCE = 'general-config';
const GENERAL_CONFIG_TABLE = 'general_config';
const SEED_USER = 'system';

const wholeNumber = (key: string, fallback: number, description: string): ConfigKey<number> => ({
  key,
  default: fallback,
  description,
  parse: (value) => (/^\s*\d+\s*$/.test(value) ? Number(value) : undefined),
  format: String,
});

const decimal = (key: string, fallback: number, description: string): ConfigKey<number> => ({
  key,
  default: fallback,
  description,
  parse: (value) => (/^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : undefined),
  format: String,
});

const text = (key: string, fallback: string, description: string): ConfigKey<string> => ({
  key,
  default: fallback,
  description,
  parse: (value) => (value.trim() === '' ? undefined : value.trim()),
  format: (value) => value,
});

const flag = (key: string, fallback: boolean, description: string): ConfigKey<boolean> => ({
  key,
  default: fallback,
  description,
  parse: (value) => (/^\s*(true|false)\s*$/i.test(value) ? value.trim().toLowerCase() === 'true' : undefined),
  format: String,
});

/**
 * Every programme key, once. Add a key here (name, default, description): it is seeded into
 * general_config on the next start, in production too, and read with readConfigKey.
 */
export const CONFIG_KEYS = {
  MILES_EXPIRY_MONTHS: wholeNumber('MILES_EXPIRY_MONTHS', 36, 'Months after the activity date that credited award miles expire'),
  TRANSFER_MILES_EXPIRY_MONTHS: wholeNumber('TRANSFER_MILES_EXPIRY_MONTHS', 36, 'Months after the transfer that transferred award miles expire'),
  REDEPOSIT_EXPIRED_MILES_MONTHS: wholeNumber(
    'REDEPOSIT_EXPIRED_MILES_MONTHS',
    0,
    'Redeposited miles whose lot expired meanwhile: 0 keeps the original expiry, N expires them N months after the redeposit',
  ),
  TRANSFER_MIN_MILES: wholeNumber('TRANSFER_MIN_MILES', 500, 'Fewest award miles one transfer between members may move'),
  TRANSFER_MAX_MILES_PER_YEAR: wholeNumber('TRANSFER_MAX_MILES_PER_YEAR', 200_000, 'Most award miles a member may transfer out in a calendar year, this transfer included'),
  TRANSFER_FEE_PER_MILE: decimal('TRANSFER_FEE_PER_MILE', 150, 'Fee per transferred mile, in TRANSFER_FEE_CURRENCY'),
  TRANSFER_FEE_CURRENCY: text('TRANSFER_FEE_CURRENCY', 'IDR', 'Currency of the transfer fee'),
  TRANSFER_VAT_PERCENT: decimal('TRANSFER_VAT_PERCENT', 11, 'VAT on the transfer fee, in percent'),
  TRANSFER_APPROVAL_MILES: wholeNumber(
    'TRANSFER_APPROVAL_MILES',
    10_000,
    'A transfer of more award miles than this waits for approval unless the role holds TRFMIL_POSTDIRECT (0: every transfer waits)',
  ),
  // Spec 000 §7: 'VAT for buy mileage'.
  VAT_BUY_MILEAGE: decimal('VAT_BUY_MILEAGE', 11, 'VAT in percent added to the price of bought miles'),
  BUY_PRODUCT_PAYMENT_MINUTES: wholeNumber('BUY_PRODUCT_PAYMENT_MINUTES', 60, 'Minutes a member has to pay a product bought in cash before its payment can no longer be verified (then EXPIRED)'),
  REDEMPTION_APPROVAL_MILES: wholeNumber('REDEMPTION_APPROVAL_MILES', 100_000, 'A redemption costing more award miles than this waits on Approval Redemption (0: none by amount)'),
  REDEMPTION_APPROVAL_ALWAYS: flag('REDEMPTION_APPROVAL_ALWAYS', false, 'true: every redemption waits on Approval Redemption'),
  BUY_MILEAGE_MAX_MILES_PER_YEAR: wholeNumber('BUY_MILEAGE_MAX_MILES_PER_YEAR', 100_000, 'Most miles a member may buy in a calendar year, this purchase and those waiting for approval included'),
  NAME_CHECK_SUSPICIOUS_NAMES: text(
    'NAME_CHECK_SUSPICIOUS_NAMES',
    'TEST,TESTING,DUMMY,SAMPLE,UNKNOWN,NONAME,NO NAME,ASDF,QWERTY,XXX,XYZ,ABC,NULL,NA',
    'Words or phrases (comma-separated) that make a member name go to Invalid Name Check',
  ),
  ENROLL_MIN_AGE_YEARS: wholeNumber('ENROLL_MIN_AGE_YEARS', 2, 'Youngest age, in whole years on the enrollment date, at which a member may be enrolled'),
  ENROLL_DEFAULT_TIER_MONTHS: wholeNumber('ENROLL_DEFAULT_TIER_MONTHS', 12, "Months a new member's entry tier and account period last when Tier Duration has no row for the tier"),
  PROGRAMME_CARRIER: text('PROGRAMME_CARRIER', 'GA', "Airline code of the programme's own flights (retro claims of the GA manager and SkyTeam In)"),
  MAX_RETRO_CLAIM_DAYS: wholeNumber('MAX_RETRO_CLAIM_DAYS', 180, 'How many days after the flight a missing-miles (retro) claim is accepted'),
  RETRO_CLAIM_MIN_DAYS_OWN: wholeNumber('RETRO_CLAIM_MIN_DAYS_OWN', 3, "Days after a flight of the programme's own carrier before a retro claim for it is accepted"),
  RETRO_CLAIM_MIN_DAYS_PARTNER: wholeNumber('RETRO_CLAIM_MIN_DAYS_PARTNER', 14, "Days after an alliance partner's flight before a retro claim for it is accepted"),
  RETRO_CLAIM_NAME_TITLES: text('RETRO_CLAIM_NAME_TITLES', 'MR,MRS,MS,MISS,MSTR,DR', 'Titles a ticket adds to the name, left out when the name on the ticket is compared with the member (comma-separated)'),
  // Spec 000 §2, §7: the dashboard's announcement banner and its content.
  ANNOUNCEMENT_SHOW: flag('ANNOUNCEMENT_SHOW', false, 'Whether the dashboard shows the announcement banner (true or false)'),
  ANNOUNCEMENT_CONTENT: text(
    'ANNOUNCEMENT_CONTENT',
    'The back office will be unavailable for scheduled maintenance on Sunday from 01.00 to 03.00 WIB. Please save your work before then.',
    'Text of the dashboard announcement',
  ),
  TIER_DOWNGRADE_LEVELS: wholeNumber(
    'TIER_DOWNGRADE_LEVELS',
    1,
    'Most tier levels a member drops at the end of a qualification period not maintained (0: down to the tier the period holds)',
  ),
  // Reports: how long generated files are kept, who may generate them (spec 000 §6, §9: reporting
  // access by role name; '*' lets every role with the menu's grant), and the Fraud Suspect report's thresholds.
  REPORT_RETENTION_DAYS: wholeNumber('REPORT_RETENTION_DAYS', 30, 'Days a generated report file is kept before the daily sweep deletes it'),
  REPORTING_ACCESS_REPORTS: text('REPORTING_ACCESS_REPORTS', '*', 'Role names (comma-separated, * for all) that may generate the Reports menus (accrual, award, member, buy mileage)'),
  REPORTING_ACCESS_DASHBOARDS: text('REPORTING_ACCESS_DASHBOARDS', '*', 'Role names (comma-separated, * for all) that may generate the dashboard reports (accounting, executive, fraud suspect)'),
  REPORTING_ACCESS_COBRAND: text('REPORTING_ACCESS_COBRAND', '*', 'Role names (comma-separated, * for all) that may generate the co-brand reports'),
  FRAUD_ACCRUALS_PER_DAY: wholeNumber('FRAUD_ACCRUALS_PER_DAY', 5, 'Fraud Suspect: accruals of one member on one day from which the member is flagged'),
  FRAUD_TRANSFER_ACCOUNTS: wholeNumber('FRAUD_TRANSFER_ACCOUNTS', 3, 'Fraud Suspect: different members one member transferred miles to in the period from which the member is flagged'),
  FRAUD_LARGE_TRANSFER_MILES: wholeNumber('FRAUD_LARGE_TRANSFER_MILES', 20_000, 'Fraud Suspect: miles received in one transfer that count as a large transfer'),
  FRAUD_REDEMPTION_DAYS: wholeNumber('FRAUD_REDEMPTION_DAYS', 3, 'Fraud Suspect: a redemption this many days or fewer after a large transfer in flags the member'),
} as const;

export type ConfigKeyName = keyof typeof CONFIG_KEYS;
type ValueOf<K extends ConfigKeyName> = (typeof CONFIG_KEYS)[K] extends ConfigKey<infer T> ? T : never;

/** The parsers other keys use (decimal amounts, codes, switches). */
export const configKeyKinds = { wholeNumber, decimal, text, flag };

/** The key's value from an active general_config row, or its default (no row, inactive, or not parseable). */
export async function readConfigKey<K extends ConfigKeyName>(db: Kysely<Schema>, name: K): Promise<ValueOf<K>> {
  const key = CONFIG_KEYS[name] as unknown as ConfigKey<ValueOf<K>>;
  const row = (await definitionDb(db)
    .selectFrom(GENERAL_CONFIG_TABLE)
    .select(['value', 'active'])
    .where('key', '=', key.key)
    .executeTakeFirst()) as { value: string | null; active: number | boolean | null } | undefined;
  if (!row || !row.active || row.value === null) return key.default;
  return key.parse(row.value) ?? key.default;
}

/**
 * Inserts every declared key the table lacks, with its default (demo and production alike: they are the
 * programme's defaults). A key staff changed or deactivated is left alone; two servers starting at once
 * insert each key once.
 */
export async function seedConfigKeys(db: Kysely<Schema>, catalogue: Catalogue, now = new Date()): Promise<string[]> {
  const screen = catalogue.screenByResource.get(GENERAL_CONFIG_RESOURCE);
  if (!screen) return [];
  const table = resourceModel(screen).table;
  if (table !== GENERAL_CONFIG_TABLE) throw new Error(`general configuration keys are read from ${GENERAL_CONFIG_TABLE}, but the screen stores them in ${table}`);
  const anyDb = definitionDb(db);
  const present = new Set(((await anyDb.selectFrom(table).select('key').execute()) as { key: string }[]).map((r) => r.key));
  const at = now.toISOString();
  const missing = Object.values(CONFIG_KEYS as Record<string, ConfigKey<unknown>>).filter((k) => !present.has(k.key));
  if (missing.length === 0) return [];
  await anyDb
    .insertInto(table)
    .values(
      missing.map((k) => ({
        key: k.key,
        value: k.format(k.default),
        description: k.description.slice(0, 200),
        active: 1,
        createdby: SEED_USER,
        createddate: at,
        updatedby: SEED_USER,
        updateddate: at,
      })),
    )
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return missing.map((k) => k.key);
}
