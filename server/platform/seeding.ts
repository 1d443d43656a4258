// The seed of a start: every module's seed parts (its manifest's `seed`), run by server/platform/seed/seed.ts.
import type { Kysely } from 'kysely';
import type { Catalogue } from '../../engine/definition/catalogue';
import type { StartProgress } from './core/startProgress';
import type { Schema } from './db/schema';
import { serverModules } from './modules';
import { runSeed } from './seed/seed';
import type { SeedContext, SeedPart } from './serverModule';

/** Every module's seed parts, in module order (server/platform/seed/seed.ts orders them by step and `after`). */
export async function seedParts(): Promise<SeedPart[]> {
  return (await serverModules()).list.flatMap((m) => m.seed ?? []);
}

/** Seeds once (roles and users, reference data, and unless in production the demo); afterwards keeps the admin role's grants complete. */
export async function seed(db: Kysely<Schema>, catalogue: Catalogue, config: SeedContext['config'], now?: Date, step?: StartProgress): Promise<void> {
  await runSeed(await seedParts(), db, catalogue, config, now, step);
}
