// Demo rows for definition-built tables: each table filled once while it is empty, with the audit stamp,
// so staff edits stay and two servers starting at once insert each row once.
import type { Kysely } from 'kysely';
import type { Catalogue } from '../../../engine/definition/catalogue';
import { STATUS_ACTIVE, resourceModel } from '../../../engine/definition/compile';
import type { Schema } from '../db/schema';
import { insertJsonRows } from '../db/jsonRows';
import { toDb, type Row } from '../resources/records';
import { demoDayShift, shiftDays } from './seedDates';
import { definitionDb } from '../db/definitionDb';

const SEED_USER = 'system';

export interface SeedTable {
  resource: string;
  rows: readonly Row[];
}

export interface SeedOptions {
  /** The rows' dates are written as of the demo's day (seedDates.DEMO_AS_OF): they move with the seeding day. */
  demoCalendar?: boolean;
}

/** Fills each listed table that is still empty (fields left out take their default, status ACTIVE); returns rows inserted per resource. */
export async function seedTables(db: Kysely<Schema>, catalogue: Catalogue, tables: readonly SeedTable[], now = new Date(), options: SeedOptions = {}): Promise<Record<string, number>> {
  const anyDb = definitionDb(db);
  const days = options.demoCalendar ? demoDayShift(now) : 0;
  const at = now.toISOString();
  const audit = { createdby: SEED_USER, createddate: at, updatedby: SEED_USER, updateddate: at };
  const inserted: Record<string, number> = {};
  for (const { resource, rows } of tables) {
    const screen = catalogue.screenByResource.get(resource);
    if (!screen) continue;
    const model = resourceModel(screen);
    if (await anyDb.selectFrom(model.table).select(model.key[0]!).limit(1).executeTakeFirst()) continue;
    const stored = rows.map((row) => {
      const unknown = Object.keys(row).find((name) => !model.fields.some((f) => f.name === name));
      if (unknown) throw new Error(`demo data for "${resource}" has field "${unknown}", which its screen does not declare`);
      const values: Row = { ...audit };
      for (const field of model.fields) {
        const given = field.name in row ? row[field.name] : field.name === model.status ? STATUS_ACTIVE : field.default;
        values[field.name] = toDb(field, field.type === 'date' && typeof given === 'string' ? shiftDays(given, days) : given);
      }
      return values;
    });
    await insertJsonRows(anyDb, model.table, stored, model.key);
    inserted[resource] = stored.length;
  }
  return inserted;
}
