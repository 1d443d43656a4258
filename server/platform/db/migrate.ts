// Runs migrations (one mechanism for SQLite and PostgreSQL) with Kysely's Migrator: the platform's own, found in
// server/platform/db/migrations/, and those the server modules declare (server/platform/migrations.ts puts them together).
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, type Kysely, type Migration } from 'kysely';

/** Where migrations come from: the platform, or a module by name. */
export interface MigrationSource {
  owner: string;
  migrations: Readonly<Record<string, Migration>>;
}

const PLATFORM_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The platform's migrations (the tables of no one domain: users and grants, resource shapes, approvals, rollups), by file name. */
export async function platformMigrations(): Promise<Record<string, Migration>> {
  const files = (await readdir(PLATFORM_DIR)).filter((file) => /^\d{4}_\w+\.ts$/.test(file)).sort();
  const entries = await Promise.all(files.map(async (file) => [file.slice(0, -3), (await import(pathToFileURL(join(PLATFORM_DIR, file)).href)) as Migration] as const));
  return Object.fromEntries(entries);
}

/**
 * Every source's migrations in one record, in name order (the order they run in); a name two sources declare is
 * refused, since the database records each migration by its name alone.
 */
export function collectMigrations(sources: readonly MigrationSource[]): Record<string, Migration> {
  const owners = new Map<string, string>();
  for (const { owner, migrations } of sources) {
    for (const name of Object.keys(migrations)) {
      const first = owners.get(name);
      if (first !== undefined) throw new Error(`Migration ${name} is declared twice, by ${first} and by ${owner}: each migration name must be unique`);
      owners.set(name, owner);
    }
  }
  const byName = new Map(sources.flatMap(({ migrations }) => Object.entries(migrations)));
  return Object.fromEntries([...owners.keys()].sort().map((name) => [name, byName.get(name)!]));
}

/** Whether the database has no migrations run yet (a first start: everything is to be made). */
export async function isEmptyDatabase(database: { db: Kysely<any>; schema?: string | undefined }): Promise<boolean> {
  const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
  return !tables.some((t) => t.name === 'kysely_migration' && (database.schema === undefined || t.schema === undefined || t.schema === database.schema));
}

/** Runs those of `migrations` the database has not run yet; `schema`: where the bookkeeping lives (PostgreSQL), so servers in other schemas never see it. */
export async function runMigrations(db: Kysely<any>, migrations: Readonly<Record<string, Migration>>, schema?: string): Promise<string[]> {
  // Migrations written side by side may land out of name order (0005 after a database ran 0006): each runs once anyway.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => ({ ...migrations }) }, allowUnorderedMigrations: true, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
