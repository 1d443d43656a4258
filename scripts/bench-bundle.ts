// `npm run bench:bundle`: builds the app and prints the gzip KiB each route loads, following the module graph
// of the Vite manifest from index.html (the entry, the lazy chunks the route opens, their static imports and
// CSS); fails when the login route or a list screen passes its budget (issue 12), when the login route holds
// table or form-engine code, or when a screen definition sits in the signed-in bundle instead of its own chunk.
// Usage: tsx scripts/bench-bundle.ts [--out-dir .tmp/dist-bench]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest, type Rollup } from 'vite';

const KIB = 1024;
const outDir = process.argv.includes('--out-dir') ? process.argv[process.argv.indexOf('--out-dir') + 1]! : '.tmp/dist-bench';

/** What a route loads: the manifest entries it opens, each with its static imports. */
interface RouteLoad {
  name: string;
  entries: string[];
  budgetKib?: number;
}

const SHELL = ['index.html', 'src/shell/SignedInApp.tsx'];
const ROUTES: RouteLoad[] = [
  { name: 'login route (/ signed out)', entries: ['index.html', 'src/pages/LoginPage.tsx'], budgetKib: 170 },
  { name: 'a list screen (/country)', entries: [...SHELL, 'screens/basic-configuration/country.json'], budgetKib: 350 },
  { name: 'the list screen with its form open', entries: [...SHELL, 'screens/basic-configuration/country.json', 'engine/render/RecordForm.tsx'] },
  { name: 'the dashboard (/, panels + charts)', entries: [...SHELL, 'screens/top-level/dashboard.json', 'engine/render/PanelPage.tsx', 'engine/render/PanelChart.tsx'] },
];

/**
 * Modules the login route must not contain: antd's table (its Tooltip shares one small context file with
 * the table, so the table itself is looked for), the rjsf form engine and its validator.
 */
const NOT_ON_LOGIN = [/\/node_modules\/antd\/es\/table\/(Table|InternalTable)\.js$/, /\/node_modules\/@rc-component\/table\//, /\/node_modules\/@rjsf\//, /\/node_modules\/ajv\//];
const SCREEN_FILE = /\/screens\/[^/]+\/[^/]+\.json$/;

const result = await build({ logLevel: 'warn', build: { outDir, manifest: true, emptyOutDir: true } });
const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
const chunks = new Map(outputs.flatMap((o) => o.output).filter((c): c is Rollup.OutputChunk => c.type === 'chunk').map((c) => [c.fileName, c]));
const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;

const gzipBytes = new Map<string, number>();
const gzipOf = (file: string) => {
  let size = gzipBytes.get(file);
  if (size === undefined) gzipBytes.set(file, (size = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length));
  return size;
};

/** Every file the entries load: their chunks, the chunks those import statically, and the CSS of each. */
function filesOf(entries: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`"${key}" is not in the build manifest (renamed? update ROUTES in scripts/bench-bundle.ts)`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  entries.forEach(visit);
  return files;
}

const modulesOf = (files: Set<string>) => [...files].flatMap((file) => chunks.get(file)?.moduleIds ?? []);
const failures: string[] = [];
const rows = ROUTES.map((route) => {
  const files = filesOf(route.entries);
  const kib = [...files].reduce((sum, file) => sum + gzipOf(file), 0) / KIB;
  const over = route.budgetKib !== undefined && kib > route.budgetKib;
  if (over) failures.push(`${route.name}: ${kib.toFixed(1)} KiB gzip is over its budget of ${route.budgetKib} KiB`);
  return { route: route.name, files: files.size, 'gzip KiB': Number(kib.toFixed(1)), budget: route.budgetKib ?? '', ok: over ? 'OVER' : 'yes' };
});
console.table(rows);

const login = modulesOf(filesOf(ROUTES[0]!.entries));
const onLogin = NOT_ON_LOGIN.map((pattern) => login.find((id) => pattern.test(id))).filter((id) => id !== undefined);
for (const found of onLogin) failures.push(`the login route loads ${found}`);
if (onLogin.length === 0) console.log('The login route holds no antd table, rjsf or ajv code.');

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
