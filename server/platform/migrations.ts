// Every migration of the server, the platform's (server/platform/db/migrations/) and each module's (its manifest's
// `migrations`), run in name order: the names a database has recorded stay the same wherever a file lives.
import type { Kysely, Migration } from 'kysely';
import { collectMigrations, platformMigrations, runMigrations } from './db/migrate';
import { serverModules } from './modules';

let collecting: Promise<Record<string, Migration>> | undefined;

/** The platform's and every module's migrations by name (refused at start when two declare one name). */
export function allMigrations(): Promise<Record<string, Migration>> {
  collecting ??= Promise.all([platformMigrations(), serverModules()]).then(([platform, modules]) =>
    collectMigrations([{ owner: 'the platform (server/platform/db/migrations)', migrations: platform }, ...modules.list.map((m) => ({ owner: `module ${m.name}`, migrations: m.migrations ?? {} }))]),
  );
  return collecting;
}

/** Brings the database up to date; `schema`: where the migration bookkeeping lives (PostgreSQL). */
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  return runMigrations(db, await allMigrations(), schema);
}
