// The browser's page loader (engine/definition/pageSource.ts) over the real definition files: a wizard's step
// resources load their own files only, and give the list screens the whole catalogue has for them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DefinitionIndex } from '../../engine/definition/definitionIndex';
import { createPageSource, withDraft, type PageLoader } from '../../engine/definition/pageSource';
import type { PageDefinition, WizardPage } from '../../engine/definition/screen';
import { stepResources } from '../../engine/definition/wizardPage';
import { loadCatalogue, readDefinitionFiles } from '../../server/platform/definitions';
import { definitionFilesOf } from '../../server/platform/definitionVersions/definitionFiles';

const catalogue = loadCatalogue();
const selectors = { schemaVersion: 1 as const, selectors: catalogue.selectors };
/** The index the server serves of these files (GET /definitions/index.json): the page files, the file declaring each resource. */
const index = JSON.parse(definitionFilesOf('files', readDefinitionFiles()).index) as DefinitionIndex;
const files = Object.keys(index.pages);
const read = (path: string) => JSON.parse(readFileSync(join('screens', path), 'utf8')) as PageDefinition;
const resourceFiles = index.resources;

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

describe("the studio's preview: the source with a draft in its page's place", () => {
  const country = read('basic-configuration/country.json') as PageDefinition & { fields: { name: string; label: string }[] };
  const draft = { ...country, fields: [...country.fields, { name: 'remarks', label: 'Remarks' }] } as PageDefinition;

  it('loads the draft for its menu, and has it in the whole catalogue and among the resources', async () => {
    const { pages } = source();
    const previewed = withDraft(pages, draft);
    expect(await previewed.loadPage('COUNTRY')).toBe(draft);
    expect(await previewed.loadPage('REGION')).toBe(await pages.loadPage('REGION'));
    const all = await previewed.loadAll();
    expect(all.screenByMenu.get('COUNTRY')?.fields.at(-1)?.name).toBe('remarks');
    expect(all.pages.filter((p) => p.menucode === 'COUNTRY')).toHaveLength(1);
    expect((await previewed.loadResources(['country'])).screenByResource.get('country')).toBe(draft);
    // The source itself is untouched.
    expect((await pages.loadPage('COUNTRY')).menucode).toBe('COUNTRY');
    expect(await pages.loadPage('COUNTRY')).not.toBe(draft);
  });
});
