// The first start's seed is declared by the modules (each manifest's `seed`), yet runs in the one order the demo
// was always seeded in: a later part reads the rows of those before it (the members' history reads the tiers and
// accrual rules, the statements read the members' postings).
import { describe, expect, it } from 'vitest';
import { orderSeedParts, runSeed } from '../../server/platform/seed/seed';
import { seedParts } from '../../server/platform/seeding';
import type { SeedContext, SeedPart, SeedStep } from '../../server/platform/serverModule';

/** Today's order, step by step, as server/platform/seed/seed.ts ran it when it called each seed function by hand. */
const DEMO_ORDER: [SeedStep, string[]][] = [
  ['users', ['users']],
  ['reference', ['reference']],
  ['programme', ['tiers', 'programme', 'partners', 'accrual', 'awards', 'buyMileage', 'tierRules']],
  ['members', ['members']],
  ['operations', ['nominees', 'promotions', 'memberChecks', 'corporates', 'customTransactions', 'retroClaims', 'redemptions', 'orders', 'mailing', 'statements', 'enrollmentAccess']],
];

const part = (name: string, step: SeedStep, after?: string[], runs?: string[]): SeedPart => ({ name, step, ...(after ? { after } : {}), run: async () => void runs?.push(name) });
const names = (parts: SeedPart[]) => parts.map((p) => p.name);

describe('seed order', () => {
  it("runs the modules' seed parts in the demo's order, step by step", async () => {
    const ordered = orderSeedParts(await seedParts());
    expect(ordered.map((p) => [p.step, p.name])).toEqual(DEMO_ORDER.flatMap(([step, parts]) => parts.map((name) => [step, name])));
  });

  it('orders a step by name unless a part waits for another, and steps in their order', () => {
    expect(names(orderSeedParts([part('b', 'programme'), part('z', 'users'), part('a', 'programme', ['c']), part('c', 'programme')]))).toEqual(['z', 'b', 'c', 'a']);
  });

  it('refuses a name used twice, an unknown name, and parts that wait for each other or for a later step', () => {
    expect(() => orderSeedParts([part('a', 'users'), part('a', 'reference')])).toThrow('Seed part a is declared twice');
    expect(() => orderSeedParts([part('a', 'users', ['missing'])])).toThrow('Seed part a comes after missing, which is no seed part');
    expect(() => orderSeedParts([part('a', 'programme', ['b']), part('b', 'programme', ['a'])])).toThrow('Seed parts of step programme wait for each other or for a later step: a, b');
    expect(() => orderSeedParts([part('a', 'users', ['b']), part('b', 'operations')])).toThrow('Seed parts of step users wait for each other or for a later step: a');
  });

  it('runs only roles and users and the reference data in production, telling each step it runs', async () => {
    const runs: string[] = [];
    const steps: string[] = [];
    const parts = [part('demo', 'programme', undefined, runs), part('reference', 'reference', undefined, runs), part('users', 'users', undefined, runs)];
    const config: SeedContext['config'] = { production: true, adminPassword: 'x' };
    await runSeed(parts, {} as SeedContext['db'], {} as SeedContext['catalogue'], config, new Date(), (label, work) => (steps.push(label), work(() => {})));
    expect(runs).toEqual(['users', 'reference']);
    expect(steps).toEqual(['Seeding roles and users', 'Seeding reference data (countries, cities, airports, configuration)']);
  });
});
