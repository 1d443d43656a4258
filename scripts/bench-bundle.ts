// `npm run bench:bundle`: what each kind of page costs a browser on a fresh visit, measured in Chromium against
// the real server serving the built app (its precompressed .br copies): the JS, CSS and definition bytes as sent
// (encoded) and the number of those requests, for the login route, a list, the dashboard, a record page and a wizard's first
// step. A signed-in route is visited after logging in, with the browser's cache emptied first.
// Usage: tsx scripts/bench-bundle.ts [--dir dist] [--check] [--files]  (--check: exits 1 when a figure passes its
// budget by more than 5%, as `npm test` runs it after its build; --files: each route's files, largest first). Build
// first: npx vite build [--outDir DIR].
import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, logIn } from '../tests/e2e/browser';
import { readConfig } from '../server/platform/core/config';
import { openDatabase } from '../server/platform/db/database';
import { createServer } from '../server/platform/server';
import { readFlags } from './benchFlags';
import { discard, HOST, listen, machineLine } from './benchSupport';

const args = readFlags({ dir: { type: 'string', default: 'dist' }, check: { type: 'boolean' }, files: { type: 'boolean' } });
const KIB = 1024;
const MAX_REQUESTS = 80;
/** --check's tolerance over a budget: a rebuild or a dependency's patch release moves a figure by a few percent. */
const TOLERANCE = 1.05;
/** The demo database of the bench, seeded by the server's first start on it and reused afterwards. */
const DATABASE_FILE = '.tmp/bench-bundle/demo.sqlite';

interface Route {
  name: string;
  path: string;
  signedIn: boolean;
  /** Shown once the page has drawn what it opens with. */
  ready: string;
  budgetKib: number;
}

const ROUTES: Route[] = [
  { name: 'login (/ signed out)', path: '/', signedIn: false, ready: 'altcha-widget input[type="checkbox"]', budgetKib: 170 },
  { name: 'list (/region)', path: '/region', signedIn: true, ready: '.ant-table-row', budgetKib: 300 },
  { name: 'dashboard (/)', path: '/', signedIn: true, ready: '[data-panel="member-tier"] .recharts-pie-label-text', budgetKib: 400 },
  { name: 'record (promotion, Basic Info)', path: '/promo-manage-catalog/form/DOUBLEDPS26/basic-info', signedIn: true, ready: '[id="root_promocode"]', budgetKib: 450 },
  { name: 'wizard (enrollment, first step)', path: '/enrollment', signedIn: true, ready: '.engine-wizard-body input', budgetKib: 450 },
];

interface Load {
  bytes: number;
  requests: number;
  all: number;
  files: { url: string; bytes: number }[];
}

/** Opens the route as a fresh visit and adds up the JS, CSS and definitions it fetched until the network is quiet. */
async function visit(browser: Browser, base: string, route: Route): Promise<Load> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  if (route.signedIn) {
    await logIn(page, 'admin');
    await page.locator('.engine-panel-body').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
  }
  const load: Load = { bytes: 0, requests: 0, all: 0, files: [] };
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    load.all++;
    // The definitions the app fetches count as its code did when the build bundled them.
    const definition = new URL(request.url()).pathname.startsWith('/definitions/');
    if (!['script', 'stylesheet'].includes(request.resourceType()) && !definition) return;
    load.requests++;
    pending.push(
      request.sizes().then((sizes) => {
        load.bytes += sizes.responseBodySize;
        load.files.push({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize });
      }),
    );
  });
  await page.goto(route.path);
  await page.locator(route.ready).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();
  return load;
}

async function main(): Promise<boolean> {
  if (!existsSync(`${args.dir}/index.html`)) throw new Error(`no build in ${args.dir}: run npx vite build --outDir ${args.dir} first`);
  mkdirSync('.tmp/bench-bundle', { recursive: true });
  const database = openDatabase(`sqlite:${DATABASE_FILE}`);
  const config = readConfig({ LOG_LEVEL: 'warn', STATIC_DIR: args.dir, CAPTCHA_MAX_NUMBER: '2000', DEMO_MEMBERS: '0', JOBS_ENABLED: 'false' });
  const { app } = await createServer({ config, database, logger: discard() });
  const base = `http://${HOST}:${await listen(app)}`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const failures: string[] = [];
  const rows = [];
  try {
    for (const route of ROUTES) {
      const load = await visit(browser, base, route);
      const kib = load.bytes / KIB;
      if (kib > route.budgetKib * TOLERANCE) failures.push(`${route.name}: ${kib.toFixed(1)} KiB of JS and CSS, over its budget of ${route.budgetKib} KiB`);
      if (load.requests > MAX_REQUESTS * TOLERANCE) failures.push(`${route.name}: ${load.requests} JS and CSS requests, over ${MAX_REQUESTS}`);
      if (args.files) for (const file of load.files.sort((a, b) => b.bytes - a.bytes)) console.log(`${route.name}  ${(file.bytes / KIB).toFixed(1).padStart(7)} KiB  ${file.url}`);
      rows.push({ route: route.name, 'JS+CSS KiB': Number(kib.toFixed(1)), budget: route.budgetKib, 'JS+CSS requests': load.requests, 'all requests': load.all });
    }
  } finally {
    await browser.close();
    await app.close();
    await database.close();
  }
  console.log(machineLine(`the build in ${args.dir}, Chromium, fresh visits`));
  console.table(rows);
  for (const failure of failures) console.error(failure);
  return failures.length === 0;
}

const ok = await main();
if (args.check && !ok) process.exit(1);
