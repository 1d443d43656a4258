// Build of the single-page app (src/) and the test projects: unit, server (SQLite + PostgreSQL), e2e.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { DEFINITIONS_CHANGED_EVENT } from './engine/definition/definitionIndex';

/**
 * Modules of packages that the build swaps for stand-ins: code for what the engine never draws (each stand-in of ours
 * says why it is enough), or the same code reached without an index whose statics bring more. Brotli sizes.
 */
const STAND_INS: { source: string; importer: RegExp; standIn: string }[] = [
  // antd's table column-filter dropdown, with antd's Tree (15 KiB gzip on every list): screens filter with their search forms.
  { source: './FilterDropdown', importer: /antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/, standIn: 'src/antdShims/tableFilterDropdown.tsx' },
  // antd's virtual table (2 KiB on every table): no table sets `virtual`.
  { source: './RcTable/VirtualTable', importer: /antd[\\/]es[\\/]table[\\/]InternalTable\.js$/, standIn: 'src/antdShims/virtualTable.ts' },
  // The radio of antd's row selection, its Group bringing antd's form hooks and rc-form's store (8 KiB on every table).
  { source: '../../radio', importer: /antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/, standIn: 'src/antdShims/selectionRadio.ts' },
  // rc-form's FormProvider from its own module: rc-form's index keeps the form store (6 KiB on every screen with an input).
  { source: '@rc-component/form', importer: /antd[\\/]es[\\/]form[\\/]context\.js$/, standIn: '@rc-component/form/es/FormContext' },
  // rjsf's Markdown parser (24 KiB on every form), for descriptions that opt in to Markdown: the engine never does.
  { source: 'markdown-to-jsx/react', importer: /@rjsf[\\/]core[\\/]/, standIn: 'src/rjsfShims/markdown.tsx' },
  // rjsf's URI library (6.5 KiB on every form), for `$ref`s: compiled schemas hold none.
  { source: 'fast-uri', importer: /@rjsf[\\/]utils[\\/]/, standIn: 'src/rjsfShims/uriResolver.ts' },
];

function standIns(): Plugin {
  const ownFile = (path: string) => fileURLToPath(new URL(path, import.meta.url));
  const sources = new RegExp(`^(${STAND_INS.map((entry) => entry.source.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`);
  return {
    name: 'stand-ins',
    enforce: 'pre',
    resolveId: {
      // Only these specifiers reach the handler (the build resolves tens of thousands of imports).
      filter: { id: sources },
      async handler(source, importer) {
        const entry = importer ? STAND_INS.find((e) => e.source === source && e.importer.test(importer)) : undefined;
        if (!entry) return undefined;
        return entry.standIn.startsWith('src/') ? ownFile(entry.standIn) : this.resolve(entry.standIn, importer, { skipSelf: true });
      },
    },
  };
}

/**
 * A lazy chunk's preload list (Vite's `__vite__mapDeps`) leaves out the chunks its importer imports statically: they
 * have loaded before the importer ran, so preloading them again fetched nothing. The lists named React, antd's core
 * and the shell for every lazy page (about 2 KiB brotli on a list screen).
 */
function preloadsOnce(): { plugin: Plugin; resolveDependencies(file: string, deps: string[], context: { hostId: string }): string[] } {
  let chunks = new Map<string, readonly string[]>();
  const loadedWith = new Map<string, Set<string>>();
  const staticClosure = (file: string): Set<string> => {
    let found = loadedWith.get(file);
    if (!found) {
      found = new Set();
      const visit = (name: string) => {
        for (const imported of chunks.get(name) ?? []) if (!found!.has(imported)) found!.add(imported), visit(imported);
      };
      visit(file);
      loadedWith.set(file, found);
    }
    return found;
  };
  return {
    plugin: {
      name: 'preloads-once',
      apply: 'build',
      // Before Vite writes the preload lists, which it does in its own generateBundle.
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          chunks = new Map(Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output.imports] as const] : [])));
          loadedWith.clear();
        },
      },
    },
    resolveDependencies: (_file, deps, { hostId }) => deps.filter((dep) => !staticClosure(hostId).has(dep)),
  };
}

/**
 * Every text file of the build above 1 KiB gets its brotli (quality 11) and gzip (level 9) copies beside it, once
 * at build: the server sends the one the browser accepts (server/platform/core/compression.ts) without compressing per request.
 */
function precompressed(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompressed',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(name)) continue;
        const file = join(outDir, name);
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * antd's rc-component packages declare no `sideEffects`, so every module a used one imports stays, used or not:
 * antd's Input reaches rc-form's index through its form context, and with it Field, List and async-validator (about
 * 9 KiB gzip on a list screen that has no antd Form). They have no import-time effects (no bare imports, no
 * globals), so their unused modules are left out, as antd's own are.
 */
const SIDE_EFFECT_FREE = /[\\/]node_modules[\\/]@rc-component[\\/]/;

/**
 * Chunks the build makes of their modules whoever imports them (a higher priority takes a module first, with the
 * modules it imports):
 * - React and the router, which every page loads: a new build of the app's code leaves them cached.
 * - antd's icons, all that the app draws (56, 10 KiB brotli): one by one, each was a request and a chunk's overhead,
 *   a dozen of them on a list (the login page, which draws three, takes the rest along).
 * - antd's core (theme, style runtime, config, popups and motion), which every page drawn with antd needs: left to the
 *   build, it was cut up anew by every new lazy import (a lazy antd Result cut it in six, +3 KiB on a list). antd's
 *   components stay where the build puts them: as one chunk, antd's shell brought 60 KiB to the login page.
 */
const CHUNK_GROUPS = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 3 },
  { name: 'icons', test: /[\\/]node_modules[\\/]@ant-design[\\/]icons(-svg)?[\\/]es[\\/](icons|asn)[\\/]/, priority: 2 },
  { name: 'antd-core', test: /[\\/]node_modules[\\/](@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors)|stylis|@emotion|antd[\\/]es[\\/](config-provider|theme|style|_util|locale)|@rc-component[\\/](util|motion|trigger|portal|resize-observer))[\\/]/, priority: 1 },
];

const preloads = preloadsOnce();

/** Server test files that replace a module with vi.mock (the server project shares one module graph per worker). */
export const SERVER_TESTS_WITH_MOCKS = ['tests/server/session.test.ts'];

/** What the server test projects share. */
const SERVER_TEST_SETTINGS = {
  // On PostgreSQL, one template database with every table; a server's first start of a configuration and
  // day is kept as a seeded image, and each file's server starts on a copy (tests/server/harness.ts).
  globalSetup: ['tests/server/pgTemplate.ts', 'tests/server/seededImages.ts'],
  // SUITE_DAY: run them as on another day (tests/server/onAnotherDay.ts).
  setupFiles: process.env.SUITE_DAY ? ['tests/server/onAnotherDay.ts'] : [],
  environment: 'node',
  testTimeout: 30000,
  // A file's set-up builds every definition's tables (and, on PostgreSQL, their posting triggers) in a
  // schema of its own: over a minute when other work keeps the machine and the database server busy.
  hookTimeout: 180000,
};

/**
 * `npm run dev`: a definition file saved under screens/ is served by the API server at once (DEFINITIONS_WATCH); this
 * tells the open pages, which then read the definitions' index until its version changes (src/definitions.ts).
 */
function definitionsLive(): Plugin {
  const screens = fileURLToPath(new URL('./screens/', import.meta.url));
  return {
    name: 'definitions-live',
    apply: 'serve',
    configureServer(server) {
      server.watcher.add(screens);
      const saved = (file: string) => {
        if (file.startsWith(screens) && file.endsWith('.json')) server.ws.send({ type: 'custom', event: DEFINITIONS_CHANGED_EVENT });
      };
      for (const event of ['add', 'change', 'unlink'] as const) server.watcher.on(event, saved);
    },
  };
}

export default defineConfig({
  plugins: [react(), standIns(), preloads.plugin, precompressed(), definitionsLive()],
  build: {
    outDir: 'dist',
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    // swagger-ui's prebuilt bundle, loaded by the API reference page alone, is one chunk of about 1.55 MB.
    chunkSizeWarningLimit: 1600,
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id) => (SIDE_EFFECT_FREE.test(id) ? false : undefined) },
      output: { codeSplitting: { groups: CHUNK_GROUPS } },
    },
  },
  // `npm run dev`: Vite's dev server hands the API and the definitions to the server on PORT.
  server: { proxy: Object.fromEntries(['/api', '/meta.json', '/definitions'].map((path) => [path, `http://localhost:${process.env.PORT ?? 8080}`])) },
  test: {
    // The four projects run as one group: their files share the two workers, the longest first (vitest orders the
    // projects by name, so the browser files start and the short unit files fill the end), instead of one project
    // after another with a core idle while each project's last file runs. Every server test file owns its database
    // (on PostgreSQL its own schema), so files of any project may run side by side.
    maxWorkers: 2,
    projects: [
      // A unit test that checks every definition (the validator over ~170 screens) takes seconds on a busy machine.
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 30000 } },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: SERVER_TESTS_WITH_MOCKS,
          // A worker runs its files in one module graph: the server's code is loaded and compiled once per worker,
          // not once per file (each file still has its own servers and databases).
          isolate: false,
          ...SERVER_TEST_SETTINGS,
        },
      },
      {
        // Server test files that replace a module (vi.mock) need a module graph of their own.
        extends: true,
        test: {
          name: 'server-mocks',
          include: SERVER_TESTS_WITH_MOCKS,
          ...SERVER_TEST_SETTINGS,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // As the server tests: one module graph per worker.
          isolate: false,
          globalSetup: ['tests/server/seededImages.ts'],
          environment: 'node',
          testTimeout: 60000,
          hookTimeout: 120000,
          // A page waited on by expect.poll may take seconds to answer on a busy machine (1 s by default).
          expect: { poll: { timeout: 10_000 } },
          // Two files at a time, each with its own server, database and browser: a browser test waits on the page
          // (a motion, an answer) for much of its time, and the other file uses the core meanwhile.
          // A browser test that fails is run once more, so one lost click on a busy CI machine does not
          // stop a landing; the default reporter marks a test that needed it (retry x1).
          retry: 1,
        },
      },
    ],
  },
});
