// Runs the seed parts the modules declare (server/platform/seeding.ts collects them) on a first start: step by step, each
// step's parts in their declared order; in production only roles and users and the reference data.
import type { Kysely } from 'kysely';
import type { Catalogue } from '../../../engine/definition/catalogue';
import { quietly, type StartProgress } from '../core/startProgress';
import type { Schema } from '../db/schema';
import { SEED_STEPS, type SeedContext, type SeedPart, type SeedStep } from '../serverModule';

/** What each step prints, and whether a production start runs it (the demo's steps do not). */
const STEP_TEXTS: Record<SeedStep, { demo: boolean; label(config: SeedContext['config']): string }> = {
  users: { demo: false, label: () => 'Seeding roles and users' },
  reference: { demo: false, label: () => 'Seeding reference data (countries, cities, airports, configuration)' },
  programme: { demo: true, label: () => 'Seeding the demo programme (tiers, partners, accrual rules, awards)' },
  members: { demo: true, label: (config) => `Seeding the demo members (${config.demoMembers ?? 'the named'} members and their history)` },
  operations: { demo: true, label: () => 'Seeding the demo operations (nominees, promotions, corporates, claims, redemptions, orders, statements)' },
};

/**
 * The parts in the order they run: by step, and in a step by name, except that a part waits for those its `after`
 * names (the first by name of those free to go, each time). Refuses a name used twice, an unknown name, and parts
 * that wait for each other.
 */
export function orderSeedParts(parts: readonly SeedPart[]): SeedPart[] {
  const names = new Set<string>();
  for (const part of parts) {
    if (names.has(part.name)) throw new Error(`Seed part ${part.name} is declared twice`);
    names.add(part.name);
  }
  for (const part of parts) {
    for (const before of part.after ?? []) if (!names.has(before)) throw new Error(`Seed part ${part.name} comes after ${before}, which is no seed part`);
  }
  const placed = new Set<string>();
  const ordered: SeedPart[] = [];
  for (const step of SEED_STEPS) {
    const waiting = parts.filter((p) => p.step === step).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    while (waiting.length > 0) {
      const next = waiting.findIndex((p) => (p.after ?? []).every((before) => placed.has(before)));
      if (next < 0) throw new Error(`Seed parts of step ${step} wait for each other or for a later step: ${waiting.map((p) => p.name).join(', ')}`);
      const [part] = waiting.splice(next, 1);
      placed.add(part!.name);
      ordered.push(part!);
    }
  }
  return ordered;
}

/** Runs every part, step by step (a step the start's progress prints); each part seeds once and is quiet after. */
export async function runSeed(
  parts: readonly SeedPart[],
  db: Kysely<Schema>,
  catalogue: Catalogue,
  config: SeedContext['config'],
  now = new Date(),
  step: StartProgress = quietly,
): Promise<void> {
  const ordered = orderSeedParts(parts);
  for (const name of SEED_STEPS) {
    const texts = STEP_TEXTS[name];
    if (texts.demo && config.production) return;
    await step(texts.label(config), async (tell) => {
      for (const part of ordered.filter((p) => p.step === name)) await part.run({ db, catalogue, config, now, tell });
    });
  }
}
