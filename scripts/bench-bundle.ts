// `npm run bench:bundle`: builds the app and prints the gzip KiB each route loads, following the module graph
// of the build from index.html (the entry chunk, the chunks of the modules the route opens lazily, their
// static imports and CSS); fails when the login route or a list screen passes its budget, when the
// login route holds table or form-engine code, when a list screen holds antd's column-filter dropdown (left out by
// vite.config.ts), or when a screen definition is not in a chunk of its own.
// Usage: tsx scripts/bench-bundle.ts [--out-dir .tmp/dist-bench] [--detail]  (--detail: what each route's weight is made of)
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';

const KIB = 1024;
const outDir = process.argv.includes('--out-dir') ? process.argv[process.argv.indexOf('--out-dir') + 1]! : '.tmp/dist-bench';

/** What a route loads: index.html's entry, and the modules it opens (each with the chunk holding it). */
interface RouteLoad {
  name: string;
  modules: string[];
  budgetKib?: number;
}

const SHELL = ['src/shell/SignedInApp.tsx'];
const ROUTES: RouteLoad[] = [
  { name: 'login route (/ signed out)', modules: ['src/pages/LoginPage.tsx'], budgetKib: 170 },
  { name: 'a list screen (/country)', modules: [...SHELL, 'screens/basic-configuration/country.json'], budgetKib: 350 },
  { name: 'the list screen with its form open', modules: [...SHELL, 'screens/basic-configuration/country.json', 'engine/render/RecordForm.tsx'] },
  { name: 'the dashboard (/, panels + charts)', modules: [...SHELL, 'screens/top-level/dashboard.json', 'engine/render/PanelPage.tsx', 'engine/render/PanelChart.tsx'] },
];

/**
 * Modules the login route must not contain: antd's table (its Tooltip shares one small context file with
 * the table, so the table itself is looked for), the rjsf form engine and its validator.
 */
const NOT_ON_LOGIN = [/\/node_modules\/antd\/es\/table\/(Table|InternalTable)\.js$/, /\/node_modules\/@rc-component\/table\//, /\/node_modules\/@rjsf\//, /\/node_modules\/ajv\//];
const SCREEN_FILE = /\/screens\/[^/]+\/[^/]+\.json$/;
/** Modules a list screen must not contain: antd's column-filter dropdown (left out by vite.config.ts: its Tree and Radio). */
const NOT_ON_LIST = [/\/node_modules\/antd\/es\/table\/hooks\/useFilter\/FilterDropdown\.js$/];

const result = await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } });
const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
const chunks = new Map(outputs.flatMap((o) => o.output).filter((c): c is Rollup.OutputChunk => c.type === 'chunk').map((c) => [c.fileName, c]));
const entry = [...chunks.values()].find((c) => c.isEntry)!;

const gzipBytes = new Map<string, number>();
const gzipOf = (file: string) => {
  let size = gzipBytes.get(file);
  if (size === undefined) gzipBytes.set(file, (size = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length));
  return size;
};

/** The chunk holding a module (a lazy route's own chunk, or a shared one when others import it statically). */
function chunkOf(module: string): Rollup.OutputChunk {
  const id = resolve(module);
  const chunk = [...chunks.values()].find((c) => c.moduleIds.includes(id));
  if (!chunk) throw new Error(`no chunk holds ${module} (renamed? update ROUTES in scripts/bench-bundle.ts)`);
  return chunk;
}

/** Every file a route loads: the entry and its modules' chunks, the chunks those import statically, their CSS. */
function filesOf(modules: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) visit(chunks.get(imported)!);
  };
  visit(entry);
  modules.map(chunkOf).forEach(visit);
  return files;
}

const modulesOf = (files: Set<string>) => [...files].flatMap((file) => chunks.get(file)?.moduleIds ?? []);
const failures: string[] = [];
const rows = ROUTES.map((route) => {
  const files = filesOf(route.modules);
  const kib = [...files].reduce((sum, file) => sum + gzipOf(file), 0) / KIB;
  const over = route.budgetKib !== undefined && kib > route.budgetKib;
  if (over) failures.push(`${route.name}: ${kib.toFixed(1)} KiB gzip is over its budget of ${route.budgetKib} KiB`);
  return { route: route.name, files: files.size, 'gzip KiB': Number(kib.toFixed(1)), budget: route.budgetKib ?? '', ok: over ? 'OVER' : 'yes' };
});
console.table(rows);

/** The package (or source folder) a module belongs to. */
const ownerOf = (id: string) => {
  const inPackage = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:es\/|lib\/|dist\/)?([^/]+)?/.exec(id);
  if (inPackage) return inPackage[1] === 'antd' || inPackage[1] === '@ant-design/icons' ? `${inPackage[1]}/${inPackage[2]}` : inPackage[1]!;
  return id.startsWith(process.cwd()) ? id.slice(process.cwd().length + 1) : id;
};
if (process.argv.includes('--detail')) {
  // A chunk's gzip size shared among its modules by their rendered length: an estimate, good for ranking. The length
  // is taken before minification, so code the minifier drops still counts (rc-tree's Tree class showed 9 KiB on a
  // list screen that held none of it): measure a change by the route's total, not by its line here.
  for (const route of ROUTES) {
    const owners = new Map<string, number>();
    for (const file of filesOf(route.modules)) {
      const chunk = chunks.get(file);
      if (!chunk) continue;
      const rendered = Object.values(chunk.modules).reduce((sum, m) => sum + m.renderedLength, 0) || 1;
      for (const [id, m] of Object.entries(chunk.modules)) owners.set(ownerOf(id), (owners.get(ownerOf(id)) ?? 0) + (gzipOf(file) * m.renderedLength) / rendered / KIB);
    }
    console.log(`\n${route.name}: the largest parts (estimated gzip KiB)`);
    for (const [owner, kib] of [...owners].sort((a, b) => b[1] - a[1]).slice(0, 400)) console.log(`${kib.toFixed(1).padStart(8)}  ${owner}`);
  }
}

const login = modulesOf(filesOf(ROUTES[0]!.modules));
const onLogin = NOT_ON_LOGIN.map((pattern) => login.find((id) => pattern.test(id))).filter((id) => id !== undefined);
for (const found of onLogin) failures.push(`the login route loads ${found}`);
if (onLogin.length === 0) console.log('The login route holds no antd table, rjsf or ajv code.');

const list = modulesOf(filesOf(ROUTES[1]!.modules));
for (const found of NOT_ON_LIST.map((pattern) => list.find((id) => pattern.test(id))).filter((id) => id !== undefined)) failures.push(`the list screen loads ${found}`);

const shellScreens = modulesOf(filesOf(SHELL)).filter((id) => SCREEN_FILE.test(id));
if (shellScreens.length > 0) failures.push(`screen definitions bundled into the signed-in shell: ${shellScreens.join(', ')}`);
const screenChunks = [...chunks.values()].filter((c) => c.moduleIds.some((id) => SCREEN_FILE.test(id)));
const shared = screenChunks.filter((c) => c.moduleIds.filter((id) => SCREEN_FILE.test(id)).length > 1);
if (shared.length > 0) failures.push(`chunks holding several screen definitions: ${shared.map((c) => c.fileName).join(', ')}`);
console.log(`${screenChunks.length} screen definitions, each in a chunk of its own loaded with its route${shellScreens.length === 0 ? '; none in the signed-in shell' : ''}.`);

if (failures.length > 0) {
  for (const failure of failures) console.error(failure);
  process.exit(1);
}
