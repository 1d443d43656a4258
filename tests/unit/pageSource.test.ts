// The browser's page loader (engine/definition/pageSource.ts) over the real definition files: a wizard's step
// resources load their own files only, and give the list screens the whole catalogue has for them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPageSource, type PageLoader } from '../../engine/definition/pageSource';
import type { PageDefinition, WizardPage } from '../../engine/definition/screen';
import { stepResources } from '../../engine/definition/wizardPage';
import { loadCatalogue } from '../../server/platform/definitions';

const catalogue = loadCatalogue();
const selectors = { schemaVersion: 1 as const, selectors: catalogue.selectors };
const files = readdirSync('screens', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((folder) => readdirSync(join('screens', folder.name)).filter((name) => name.endsWith('.json')).map((name) => `${folder.name}/${name}`));
const read = (path: string) => JSON.parse(readFileSync(join('screens', path), 'utf8')) as PageDefinition & { resource?: string | { name: string } };
/** What the build's virtual:screen-resources holds (vite.config.ts): the file declaring each resource. */
const resourceFiles = Object.fromEntries(files.flatMap((path) => {
  const resource = read(path).resource;
  const name = typeof resource === 'string' ? resource : resource?.name;
  return name ? [[name, path]] : [];
}));

function source() {
  const loaded: string[] = [];
  const loaders: Record<string, PageLoader> = Object.fromEntries(files.map((path) => [path, async () => (loaded.push(path), read(path))]));
  return { pages: createPageSource(catalogue.tree, selectors, loaders, resourceFiles), loaded };
}

const wizards = catalogue.pages.filter((page): page is WizardPage => page.kind === 'wizard' && stepResources(page as WizardPage).length > 0);

describe('a wizard loads the list screens of its steps only', () => {
  it('the demo has wizards with resource steps', () => expect(wizards.length).toBeGreaterThan(1));

  it.each(wizards.map((w) => [w.menucode, w] as const))('%s: the same screens as the whole catalogue, from a few files', async (_menu, wizard) => {
    const names = stepResources(wizard);
    const { pages, loaded } = source();
    const found = await pages.loadResources(names);
    const all = await source().pages.loadAll();
    expect([...found.screenByResource.keys()].sort()).toEqual(names.filter((name) => all.screenByResource.has(name)).sort());
    for (const name of names) expect(found.screenByResource.get(name)).toEqual(all.screenByResource.get(name));
    expect(loaded.length).toBeLessThan(10);
    expect(pages.loadResources(names)).toBe(pages.loadResources(names));
  });
});
