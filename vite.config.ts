// Build of the single-page app (src/) and the test projects: unit, server (SQLite + PostgreSQL), e2e.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Modules of a package that the build swaps for small stand-ins of our own (each stand-in says why it is enough):
 * antd's table column-filter dropdown, which brings antd's Tree (15 KiB gzip on every list screen, measured), as
 * screens filter with their search forms; and in the record form, rjsf's Markdown parser (24 KiB brotli, for
 * descriptions that opt in to Markdown, which the engine never does) and its URI library (6.5 KiB, for `$ref`s,
 * which compiled schemas never hold). A stand-in that names a package module is the same code reached without an
 * index: antd's form context (which every input reads) takes rc-form's FormProvider from the module that declares
 * it, not from rc-form's index, whose statics keep rc-form's whole form store (6 KiB brotli on every screen); and
 * antd's table draws its row selection's radio from Radio's own module, not from Radio's index, whose Group brings
 * antd's form hooks and with them that store again.
 */
const STAND_INS: { source: string; importer: RegExp; standIn: string }[] = [
  { source: './FilterDropdown', importer: /antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/, standIn: 'src/antdShims/tableFilterDropdown.tsx' },
  { source: '@rc-component/form', importer: /antd[\\/]es[\\/]form[\\/]context\.js$/, standIn: '@rc-component/form/es/FormContext' },
  { source: '../../radio', importer: /antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/, standIn: 'antd/es/radio/radio' },
  { source: 'markdown-to-jsx/react', importer: /@rjsf[\\/]core[\\/]/, standIn: 'src/rjsfShims/markdown.tsx' },
  { source: 'fast-uri', importer: /@rjsf[\\/]utils[\\/]/, standIn: 'src/rjsfShims/uriResolver.ts' },
];

function standIns(): Plugin {
  const ownFile = (path: string) => fileURLToPath(new URL(path, import.meta.url));
  return {
    name: 'stand-ins',
    enforce: 'pre',
    async resolveId(source, importer) {
      const entry = importer ? STAND_INS.find((e) => e.source === source && e.importer.test(importer)) : undefined;
      if (!entry) return undefined;
      return entry.standIn.startsWith('src/') ? ownFile(entry.standIn) : this.resolve(entry.standIn, importer, { skipSelf: true });
    },
  };
}

/**
 * `virtual:screen-resources`: which definition file (relative to screens/) declares each resource, read from the
 * files at build. A wizard finds the list screens of its steps' resources with it, loading those files only
 * instead of every screen (src/definitions.ts).
 */
function screenResources(): Plugin {
  const id = 'virtual:screen-resources';
  const screens = fileURLToPath(new URL('screens/', import.meta.url));
  return {
    name: 'screen-resources',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      const index: Record<string, string> = {};
      for (const folder of readdirSync(screens, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
        for (const name of readdirSync(join(screens, folder.name)).filter((file) => file.endsWith('.json'))) {
          const file = join(screens, folder.name, name);
          this.addWatchFile(file);
          const resource = (JSON.parse(readFileSync(file, 'utf8')) as { resource?: string | { name?: string } }).resource;
          const resourceName = typeof resource === 'string' ? resource : resource?.name;
          if (resourceName) index[resourceName] = `${folder.name}/${name}`;
        }
      }
      return `export default ${JSON.stringify(index)};`;
    },
  };
}

/**
 * Every text file of the build above 1 KiB gets its brotli (quality 11) and gzip (level 9) copies beside it, once
 * at build: the server sends the one the browser accepts (server/core/compression.ts) without compressing per request.
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
 * React and the router, which every page loads, in a vendor chunk of their own: a new build of the app's code leaves
 * it cached. (antd's shell is left where the build puts it: as a chunk of its own it brought 60 KiB of antd to the
 * login page, which draws hardly any antd.)
 */
const VENDOR_CHUNKS: [name: string, module: RegExp][] = [['react', /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/]];
const vendorChunk = (id: string) => VENDOR_CHUNKS.find(([, module]) => module.test(id))?.[0];

export default defineConfig({
  plugins: [react(), standIns(), screenResources(), precompressed()],
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id) => (SIDE_EFFECT_FREE.test(id) ? false : undefined) },
      output: { manualChunks: vendorChunk },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080', '/meta.json': 'http://localhost:8080' } },
  test: {
    maxWorkers: 2,
    projects: [
      // A unit test that checks every definition (the validator over ~170 screens) takes seconds on a busy machine.
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 30000, sequence: { groupOrder: 0 } } },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
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
          // Every server test file owns its database; on PostgreSQL each gets its own schema.
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/server/seededImages.ts'],
          environment: 'node',
          testTimeout: 60000,
          hookTimeout: 120000,
          // A page waited on by expect.poll may take seconds to answer on a busy machine (1 s by default).
          expect: { poll: { timeout: 10_000 } },
          // One browser at a time on two cores.
          fileParallelism: false,
          // A browser test that fails is run once more, so one lost click on a busy CI machine does not
          // stop a landing; the default reporter marks a test that needed it (retry x1).
          retry: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
