// The server's modules: every folder below server/ that brings actions, hooks or jobs has a manifest and is found at
// start; the order is the folders' names except where a module comes after another (the bonuses after the tiers'
// upgrade); a part under a wrong name or of a wrong shape does not compile.
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineServerModule, orderModules, type ServerModule } from '../../server/platform/serverModule';
import { loadCatalogue } from '../../server/platform/definitions';
import { serverModules } from '../../server/platform/modules';

const SERVER = join(import.meta.dirname, '../../server');
/** Platform folders whose actions server/platform/server.ts builds itself over every definition (generic, no domain). */
const PLATFORM = ['platform/approvals', 'platform/panels', 'platform/resources', 'platform/wizards'];
/** A file that brings something to the server: it must be named by a manifest. */
const BRINGS = /(Actions|Hooks|Jobs)\.ts$/;

/** Every folder below server/ (as a path from it), but the migrations' folders. */
const paths = readdirSync(SERVER, { withFileTypes: true, recursive: true })
  .filter((e) => e.isDirectory() && e.name !== 'migrations' && !e.parentPath.split(/[\\/]/).includes('migrations'))
  .map((e) => relative(SERVER, join(e.parentPath, e.name)).split(sep).join('/'));
const folders = paths.map((path) => path.split('/').at(-1)!);
const entry = (name: string, after?: string[]) => ({ module: defineServerModule({ name, ...(after ? { after } : {}) }) });
const names = (list: { module: ServerModule }[]) => list.map((l) => l.module.name);

describe('server modules', () => {
  it('finds a manifest in every folder that brings actions, hooks or jobs, each named for its folder', async () => {
    const modules = await serverModules();
    const found = modules.list.map((m) => m.name);
    const bringing = paths.filter((f) => !PLATFORM.includes(f) && readdirSync(join(SERVER, f)).some((file) => BRINGS.test(file))).map((f) => f.split('/').at(-1)!);
    expect(bringing.filter((f) => !found.includes(f))).toEqual([]);
    expect(found.every((name) => folders.includes(name))).toBe(true);
  });

  it('tells of the miles first, then runs the tier upgrade before the bonuses inside a posting, and names the reports manifest for the job thread', async () => {
    const modules = await serverModules();
    expect(modules.ledgerListeners().map((l) => l.name)).toEqual(['ledger-events', 'tiers', 'bonuses']);
    expect(modules.threadManifests()).toEqual([expect.stringMatching(/\/server\/reports\/reportsModule\.ts$/)]);
  });

  it('has a handler for every daily schedule', async () => {
    const modules = await serverModules();
    const handled = new Set(modules.jobHandlers(loadCatalogue()).map((h) => h.jobtype));
    expect(modules.schedules().map((s) => s.jobtype).filter((jobtype) => !handled.has(jobtype))).toEqual([]);
    expect(handled.size).toBeGreaterThanOrEqual(modules.schedules().length);
  });

  it('orders by name, a module waiting for those it names, whatever order they come in', () => {
    expect(names(orderModules([entry('tiers'), entry('bonuses', ['tiers']), entry('accrual'), entry('ledger'), entry('users')]))).toEqual(['accrual', 'ledger', 'tiers', 'bonuses', 'users']);
    expect(names(orderModules([entry('b'), entry('a'), entry('c')]))).toEqual(['a', 'b', 'c']);
  });

  it('refuses an order that names no module or goes round', () => {
    expect(() => orderModules([entry('a', ['missing'])])).toThrow(/missing, which is no module/);
    expect(() => orderModules([entry('a', ['b']), entry('b', ['a'])])).toThrow(/wait for each other: a, b/);
  });

  it('does not compile a misplaced part', () => {
    // @ts-expect-error a part the shape has not (hooks, not hook)
    defineServerModule({ name: 'x', hook: () => ({}) });
    // @ts-expect-error schedules are a list, not built from the catalogue
    defineServerModule({ name: 'x', schedules: () => [] });
    // @ts-expect-error hooks are built from the catalogue
    defineServerModule({ name: 'x', hooks: {} });
  });
});
