// The definitions as the browser holds them: the menu tree and the selectors at once, and each menu's page
// file loaded when it is first needed (so 150 screens do not grow the signed-in bundle). Which menus have a
// page is read from the file list itself (engine/definition/pageFiles: the file a menu's page must be in).
import { buildCatalogue, type Catalogue } from './catalogue';
import { flattenMenus, type FlatMenuItem, type MenuTree } from './menuTree';
import { childPageFileName, menuPageFiles } from './pageFiles';
import { isListScreen, type PageDefinition, type ScreenDefinition, type SelectorCatalogue, type SelectorDefinition } from './screen';
import { viewScreen, viewSource } from './viewPage';
import { optionsSources, resolveFilterOptions } from './filterOptions';

/** Loads one page file: a fetch of the page the server serves (src/definitions.ts) or a file read. */
export type PageLoader = () => Promise<PageDefinition>;

export interface PageSource {
  tree: MenuTree;
  menus: FlatMenuItem[];
  selectors: Record<string, SelectorDefinition>;
  /** Whether the menu has a definition file (known without loading it). */
  hasPage(menucode: string): boolean;
  /** The menu's page, loaded once; the same promise on every call (React's use() may read it). */
  loadPage(menucode: string): Promise<PageDefinition>;
  /** Every page, as the whole catalogue: for what spans all menus (the role screen's function matrix). */
  loadAll(): Promise<Catalogue>;
  /**
   * The list screens of these resources, as the whole catalogue has them, loading only their files when the
   * resources' files are known (`resourceFiles`), every page otherwise. The same promise for the same names.
   */
  loadResources(names: readonly string[]): Promise<Pick<Catalogue, 'screenByResource'>>;
}

/** A page file as it is used: a view page as the list screen it makes, a filter's `optionsOf` with the options it takes. */
async function resolvePage(definition: PageDefinition, loadPage: (menucode: string) => Promise<PageDefinition>): Promise<PageDefinition> {
  // A view page is used as the list screen it makes over its source page (engine/definition/viewPage.ts).
  if (definition.kind === 'view') return viewScreen(definition, viewSource(definition, await loadPage(definition.source)));
  // A filter's `optionsOf` takes the options of another screen's field (engine/definition/filterOptions.ts).
  const sources = optionsSources(definition);
  return sources.length > 0 ? resolveFilterOptions([definition, ...(await Promise.all(sources.map(loadPage)))])[0]! : definition;
}

/**
 * `loaders` by file path relative to screens/ ('basic-configuration/country.json'). A file no menu
 * points at loads only with the whole catalogue (loadAll), where only child-only screens are kept.
 * `resourceFiles`: the file declaring each resource, by resource name.
 */
export function createPageSource(tree: MenuTree, selectors: SelectorCatalogue, loaders: Readonly<Record<string, PageLoader>>, resourceFiles?: Readonly<Record<string, string>>): PageSource {
  const loaderOf = new Map<string, PageLoader>();
  for (const [menucode, file] of menuPageFiles(tree)) {
    const load = Object.hasOwn(loaders, file.path) ? loaders[file.path] : undefined;
    if (load) loaderOf.set(menucode, load);
  }
  // A child-only screen (`childOf`) is no menu: its file is <folder>/<menu code in lower case>.json.
  const childLoader = (menucode: string): PageLoader | undefined => {
    const name = `/${childPageFileName(menucode)}`;
    const path = Object.keys(loaders).find((file) => file.endsWith(name));
    return path === undefined ? undefined : loaders[path];
  };
  const pages = new Map<string, Promise<PageDefinition>>();
  let all: Promise<Catalogue> | undefined;
  const byResources = new Map<string, Promise<Pick<Catalogue, 'screenByResource'>>>();
  const menuOfFile = new Map([...menuPageFiles(tree)].map(([menucode, file]) => [file.path, menucode]));
  const isChildOnly = (page: PageDefinition) => 'childOf' in page && Boolean(page.childOf);

  const loadPage = (menucode: string): Promise<PageDefinition> => {
    let page = pages.get(menucode);
    if (!page) {
      const load = loaderOf.get(menucode) ?? childLoader(menucode);
      page = load
        ? load().then(async (definition) => {
            if (definition.menucode !== menucode) throw new Error(`the page file of menu ${menucode} declares menu ${definition.menucode}`);
            return resolvePage(definition, loadPage);
          })
        : Promise.reject(new Error(`menu ${menucode} has no page`));
      // A failed load (a network blip) is tried again next time.
      page.catch(() => pages.delete(menucode));
      pages.set(menucode, page);
    }
    return page;
  };

  return {
    tree,
    menus: flattenMenus(tree),
    selectors: selectors.selectors,
    hasPage: (menucode) => loaderOf.has(menucode),
    loadPage,
    loadAll() {
      const menuFiles = new Set([...menuPageFiles(tree).values()].map((file) => file.path));
      // Files no menu points at are child-only screens (`childOf`), part of the catalogue too (a wizard step may
      // fill their resource); any other such file is a stray the definition validator reports, left out here.
      const children = () => Object.keys(loaders).filter((path) => !menuFiles.has(path)).map((path) => loaders[path]!());
      all ??= Promise.all([Promise.all([...loaderOf.keys()].map(loadPage)), Promise.all(children())]).then(([menus, others]) =>
        buildCatalogue(tree, [...menus, ...others.filter(isChildOnly)], selectors),
      );
      all.catch(() => (all = undefined));
      return all;
    },
    loadResources(names) {
      const key = JSON.stringify(names);
      let found = byResources.get(key);
      if (!found) {
        // A resource's file as loadAll keeps it: a menu's page, or a child-only screen (loaded as its menu code).
        const screenOf = async (name: string): Promise<PageDefinition | undefined> => {
          const path = resourceFiles![name];
          if (path === undefined || !Object.hasOwn(loaders, path)) return undefined;
          const menucode = menuOfFile.get(path);
          if (menucode !== undefined) return loaderOf.has(menucode) ? loadPage(menucode) : undefined;
          const page = await loaders[path]!();
          return isChildOnly(page) ? loadPage(page.menucode) : undefined;
        };
        found = resourceFiles
          ? Promise.all(names.map(screenOf)).then((loaded) => ({
              screenByResource: new Map(loaded.filter((page): page is ScreenDefinition => page !== undefined && isListScreen(page)).map((s) => [s.resource.name, s])),
            }))
          : this.loadAll();
        found.catch(() => byResources.delete(key));
        byResources.set(key, found);
      }
      return found;
    },
  };
}

/**
 * The source with one page replaced by a draft of it (the studio's preview): its menu loads the draft, and the whole
 * catalogue and the resources' screens have the draft in its place, so a field added shows wherever the page is used.
 */
export function withDraft(source: PageSource, draft: PageDefinition): PageSource {
  const resolved = resolvePage(draft, (menucode) => (menucode === draft.menucode ? resolved : source.loadPage(menucode)));
  const substitute = (pages: PageDefinition[], page: PageDefinition) => [...pages.filter((p) => p.menucode !== draft.menucode), page];
  let all: Promise<Catalogue> | undefined;
  const byResources = new Map<string, Promise<Pick<Catalogue, 'screenByResource'>>>();
  return {
    ...source,
    hasPage: (menucode) => menucode === draft.menucode || source.hasPage(menucode),
    loadPage: (menucode) => (menucode === draft.menucode ? resolved : source.loadPage(menucode)),
    loadAll() {
      all ??= Promise.all([source.loadAll(), resolved]).then(([catalogue, page]) =>
        buildCatalogue(catalogue.tree, substitute(catalogue.pages, page), { schemaVersion: 1, selectors: catalogue.selectors }),
      );
      return all;
    },
    loadResources(names) {
      const key = JSON.stringify(names);
      let found = byResources.get(key);
      if (!found) {
        found = Promise.all([source.loadResources(names), resolved]).then(([loaded, page]) => {
          const screenByResource = new Map(loaded.screenByResource);
          if (isListScreen(page) && names.includes(page.resource.name)) screenByResource.set(page.resource.name, page);
          return { screenByResource };
        });
        byResources.set(key, found);
      }
      return found;
    },
  };
}
