// The layers of the code and the one way imports flow between them, checked by `npm run layers` (and `npm test`):
//   src (the app, its views) -> engine/render -> workflows -> domain -> engine/{api,definition,rules} (the platform).
// A layer imports only the layers after it; server/ imports the platform, domain and workflows, never the front end.
// docs/architecture.md says the same in prose. Tests are not checked: they may import any layer.

const PLATFORM = '^engine/(api|definition|rules)/';
const HEADLESS_FORBIDDEN = '^node_modules/(react|react-dom|antd|@ant-design|@rjsf|xstate|@xstate)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module never reaches itself through its imports (type-only imports count): extract the shared piece into a module of its own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'platform-imports-no-layer-above',
      severity: 'error',
      comment: 'engine/{api,definition,rules} is the platform every other layer builds on: it imports nothing above it.',
      from: { path: PLATFORM },
      to: { path: '^(src|server|engine/render|workflows|domain)/' },
    },
    {
      name: 'domain-imports-only-the-platform',
      severity: 'error',
      comment: 'domain/ holds the pure business logic shared by the front end and the server: it builds on the platform only.',
      from: { path: '^domain/' },
      to: { path: '^(src|server|engine/render|workflows)/' },
    },
    {
      name: 'workflows-import-no-view',
      severity: 'error',
      comment: 'The machines in workflows/ know no view and no server: they build on domain/ and the platform.',
      from: { path: '^workflows/' },
      to: { path: '^(src|server|engine/render)/' },
    },
    {
      name: 'render-imports-no-app',
      severity: 'error',
      comment: 'engine/render draws any definition: it imports neither the app (src/) nor the server.',
      from: { path: '^engine/render/' },
      to: { path: '^(src|server)/' },
    },
    {
      name: 'app-imports-no-server',
      severity: 'error',
      comment: 'The browser app talks to the server over HTTP only.',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-imports-no-front-end',
      severity: 'error',
      comment: 'The server imports the platform, domain/ and the machines it shares with the browser, never src/ or engine/render.',
      from: { path: '^server/' },
      to: { path: '^(src|engine/render)/' },
    },
    {
      name: 'server-platform-imports-no-domain',
      severity: 'error',
      comment: 'server/platform/ (HTTP, database, jobs, generic resources, approvals, seeding) serves every domain module and knows none.',
      from: { path: '^server/platform/' },
      to: { path: '^server/(?!platform/)' },
    },
    {
      name: 'headless-layers-import-no-ui-or-machines',
      severity: 'error',
      comment: 'The platform and domain/ run unchanged in the browser and on the server: no React, antd or XState.',
      from: { path: `(${PLATFORM})|(^domain/)` },
      to: { path: HEADLESS_FORBIDDEN },
    },
    {
      name: 'headless-layers-import-no-node-builtins',
      severity: 'error',
      comment: 'The platform, domain/ and workflows/ run in the browser too: no Node built-ins.',
      from: { path: `(${PLATFORM})|(^(domain|workflows)/)` },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'workflows-import-no-ui',
      severity: 'error',
      comment: 'Machines hold behaviour, not views: no React or antd in workflows/.',
      from: { path: '^workflows/' },
      to: { path: '^node_modules/(react|react-dom|antd|@ant-design|@rjsf)/' },
    },
    {
      name: 'no-orphans',
      severity: 'error',
      comment:
        'A module that imports nothing and that nothing imports is dead code, or a file left behind by a move (type declarations aside, and the stand-ins the build swaps in for package modules: vite.config.ts).',
      from: { orphan: true, pathNot: ['\\.d\\.ts$', '^src/(antd|rjsf)Shims/'] },
      to: {},
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing is a typo or a missing package (the build\'s own virtual modules aside).',
      from: {},
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(tests|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
