// The layers of the code and the one way imports flow between them, checked by `npm run layers` (and `npm test`):
//   src (the app, its views) -> engine/render -> workflows -> domain -> engine/{api,definition,rules} (the platform).
// A layer imports only the layers after it; server/ imports the platform, domain and workflows, never the front end.
// docs/architecture.md says the same in prose. Tests are not checked: they may import any layer.

const PLATFORM = '^engine/(api|definition|rules)/';
const HEADLESS_FORBIDDEN = '^node_modules/(react|react-dom|antd|@ant-design|@rjsf|xstate|@xstate)/';

/** A rule: modules matching `from` may not import those matching `to`; every rule is an error. */
const forbid = (name, comment, from, to) => ({ name, severity: 'error', comment, from, to });

/** A rule between layers, by path: [name, comment, the importing layer, the layers it may not import]. */
const LAYER_RULES = [
  ['platform-imports-no-layer-above', 'engine/{api,definition,rules} is the platform every other layer builds on: it imports nothing above it.', PLATFORM, '^(src|server|engine/render|workflows|domain)/'],
  ['domain-imports-only-the-platform', 'domain/ holds the pure business logic shared by the front end and the server: it builds on the platform only.', '^domain/', '^(src|server|engine/render|workflows)/'],
  ['workflows-import-no-view', 'The machines in workflows/ know no view and no server: they build on domain/ and the platform.', '^workflows/', '^(src|server|engine/render)/'],
  ['render-imports-no-app', 'engine/render draws any definition: it imports neither the app (src/) nor the server.', '^engine/render/', '^(src|server)/'],
  ['app-imports-no-server', 'The browser app talks to the server over HTTP only.', '^src/', '^server/'],
  ['server-imports-no-front-end', 'The server imports the platform, domain/ and the machines it shares with the browser, never src/ or engine/render.', '^server/', '^(src|engine/render)/'],
  ['server-platform-imports-no-domain', 'server/platform/ (HTTP, database, jobs, generic resources, approvals, seeding) serves every domain module and knows none.', '^server/platform/', '^server/(?!platform/)'],
  ['headless-layers-import-no-ui-or-machines', 'The platform and domain/ run unchanged in the browser and on the server: no React, antd or XState.', `(${PLATFORM})|(^domain/)`, HEADLESS_FORBIDDEN],
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid('no-circular', 'A module never reaches itself through its imports (type-only imports count): extract the shared piece into a module of its own.', {}, { circular: true }),
    ...LAYER_RULES.map(([name, comment, from, to]) => forbid(name, comment, { path: from }, { path: to })),
    forbid('headless-layers-import-no-node-builtins', 'The platform, domain/ and workflows/ run in the browser too: no Node built-ins.', { path: `(${PLATFORM})|(^(domain|workflows)/)` }, { dependencyTypes: ['core'] }),
    forbid('workflows-import-no-ui', 'Machines hold behaviour, not views: no React or antd in workflows/.', { path: '^workflows/' }, { path: '^node_modules/(react|react-dom|antd|@ant-design|@rjsf)/' }),
    forbid(
      'no-orphans',
      'A module that imports nothing and that nothing imports is dead code, or a file left behind by a move (type declarations aside, and the stand-ins the build swaps in for package modules: vite.config.ts).',
      { orphan: true, pathNot: ['\\.d\\.ts$', '^src/(antd|rjsf)Shims/'] },
      {},
    ),
    forbid('not-to-unresolvable', "An import that resolves to nothing is a typo or a missing package (the build's own virtual modules aside).", {}, { couldNotResolve: true, pathNot: '^virtual:' }),
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
