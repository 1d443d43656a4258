// The server tests' PostgreSQL template: vitest's global set-up builds one database with every migration, every
// definition's table, the dashboard rollups and the reference data (countries, cities, airports: static lists the
// seed skips once filled), and each test file's server starts on a copy of it instead of building the ~5,000
// statements of DDL and the reference rows in a schema of its own. The rest of the seed (users, demo members,
// dated history) is made by a server's first start of a configuration and day, kept as a seeded image (harness.ts).
import type { TestProject } from 'vitest/node';
import { installRollups } from '../../server/platform/rollups/rollupStore';
import { openDatabase } from '../../server/platform/db/database';
import { migrateToLatest } from '../../server/platform/migrations';
import { createDatabase, databaseUrl, dropDatabase, dropDatabases } from '../../server/platform/db/pgSchema';
import { loadCatalogue } from '../../server/platform/definitions';
import { syncResourceTables } from '../../server/platform/resources/schemaSync';
import { seedReferenceData } from '../../server/platform/seed/referenceData';

/** The schema the template's tables live in (and every copy's). */
export const TEMPLATE_SCHEMA = 'alms';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The template database's name; empty without TEST_DATABASE_URL. */
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide('pgTemplate', '');
    return async () => {};
  }
  const template = await createDatabase(url, 'tmpl');
  const database = openDatabase(databaseUrl(url, template), { schema: TEMPLATE_SCHEMA });
  try {
    await database.db.schema.createSchema(TEMPLATE_SCHEMA).execute();
    await migrateToLatest(database.db, TEMPLATE_SCHEMA);
    const catalogue = loadCatalogue();
    await syncResourceTables(database.db, catalogue, TEMPLATE_SCHEMA);
    await installRollups(database.db);
    await seedReferenceData(database.db, catalogue);
  } finally {
    await database.close();
  }
  project.provide('pgTemplate', template);
  // The seeded images made from it (harness.ts) go with it.
  return async () => {
    await dropDatabases(url, template);
    await dropDatabase(url, template);
  };
}
