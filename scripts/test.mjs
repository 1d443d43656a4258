// `npm test`: every check the project has, in order: typecheck, layers, definitions, build, the bundle's budgets
// (each kind of page's JS and CSS as Chromium loads it from the build just made), then unit, server (SQLite, and
// PostgreSQL when TEST_DATABASE_URL is set) and browser tests in one vitest run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The machine's busy CPU time so far in seconds, every core together (Linux's /proc/stat); undefined elsewhere. */
function machineBusySeconds() {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal: all but idle and iowait; USER_HZ is 100.
    return (ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6] + ticks[7]) / 100;
  } catch {
    return undefined;
  }
}
const started = { at: Date.now(), busy: machineBusySeconds() };

/** How long the run took, and how much CPU the machine spent meanwhile (this run's and anything else's). */
function took() {
  const seconds = Math.round((Date.now() - started.at) / 1000);
  const busy = machineBusySeconds();
  const cpu = busy === undefined || started.busy === undefined ? '' : `; the machine's cores were busy ${Math.round(busy - started.busy)} s in all`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s${cpu}`;
}

function run(title, command, args, env = {}) {
  console.log(`\n== ${title}`);
  const at = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`== ${title}: ${result.status === 0 ? 'done' : 'failed'} in ${Math.round((Date.now() - at) / 1000)} s`);
  return result.status === 0;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`Chromium is missing for the browser tests. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium`);
    return false;
  }
  return (
    run('installing Debian chromium', 'apt-get', ['update', '-qq']) &&
    run('installing Debian chromium', 'apt-get', ['install', '-y', '-qq', 'chromium'], { DEBIAN_FRONTEND: 'noninteractive' })
  );
}

const node = process.execPath;
const steps = [
  () => ensureChromium(),
  () => run('typecheck', node, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json']),
  () => run('layers', node, ['node_modules/dependency-cruiser/bin/dependency-cruise.mjs', '--config', '.dependency-cruiser.cjs', 'src', 'engine', 'workflows', 'domain', 'server', 'screens', 'scripts']),
  () => run('definitions', node, ['--import', 'tsx', 'scripts/validate-definitions.ts']),
  () => run('build', node, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']),
  // Fails when a page passes its budget by more than 5% (scripts/bench-bundle.ts; figures in docs/benchmarks.md).
  () => run('bundle budgets', node, ['--import', 'tsx', 'scripts/bench-bundle.ts', '--dir', 'dist', '--check']),
];
for (const step of steps) {
  if (!step()) {
    console.log(`\nnpm test failed after ${took()}`);
    process.exit(1);
  }
}

mkdirSync('.tmp', { recursive: true });
console.log(process.env.TEST_DATABASE_URL ? '\nServer tests run on SQLite and PostgreSQL.' : '\nServer tests run on SQLite only (set TEST_DATABASE_URL for PostgreSQL).');
const ok = run('tests', node, [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=.tmp/vitest-report.json',
]);
let summary = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0 };
try {
  summary = JSON.parse(readFileSync('.tmp/vitest-report.json', 'utf8'));
} catch {
  // no report: the run failed before any test ran
}
console.log(`\ntests: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${summary.numPendingTests} skipped`);
console.log(`npm test took ${took()}`);
process.exit(ok && summary.numFailedTests === 0 && summary.numPassedTests > 0 ? 0 : 1);
