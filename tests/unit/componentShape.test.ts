// Page components only lay out: every React component (.tsx) in src/ and engine/render/ stays within 120 lines and
// calls no API itself; its calls go through a controller hook (engine/render/controllers/, a view's use...Controller.ts)
// or a machine's injected actors.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const MAX_LINES = 120;

function tsxFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

/** The ways a component reaches the server: the envelope client (its `call`, `api.call`), fetch, the session store. */
const API_USES: [string, RegExp][] = [
  ['calls the API', /\bcall\s*(<[^>()]*>)?\s*\(/],
  ['takes call from the engine', /\{[^}]*\bcall\b[^}]*\}\s*=\s*useEngine\(\)/],
  ['uses the API client', /\bapi\.call\b|from '(\.\.\/)+api'|from '\.\/api'/],
  ['fetches', /\bfetch\s*\(/],
  // A type of the session (a profile) is no use of it.
  ['uses the session client', /^import\s+(?!type\b)[^;]*from '[^']*session\/(storage|environment)'/m],
];

/** Whichever of the rules one source breaks: a size over the limit, or a way to the server. */
function componentProblems(source: string): string[] {
  const lines = source.split('\n').length - (source.endsWith('\n') ? 1 : 0);
  const size = lines > MAX_LINES ? [`${lines} lines`] : [];
  // Comments may name a call; only code counts.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '');
  return [...size, ...API_USES.filter(([, pattern]) => pattern.test(code)).map(([what]) => what)];
}

const files = [...tsxFiles('src'), ...tsxFiles('engine/render')];

describe('React components only lay out', () => {
  it('finds the components', () => expect(files.length).toBeGreaterThan(50));

  it('catches a component too long or calling the API', () => {
    const lines = (count: number) => Array.from({ length: count }, (_, i) => `const a${i} = ${i};`).join('\n') + '\n';
    expect(componentProblems(lines(120))).toEqual([]);
    expect(componentProblems(lines(121))).toEqual(['121 lines']);
    expect(componentProblems("const { call, can } = useEngine();\nvoid call<Row>('/api/x', {});")).toEqual(['calls the API', 'takes call from the engine']);
    expect(componentProblems("import { api } from '../api';\napi.call('/api/session/captcha');")).toEqual(['calls the API', 'uses the API client']);
    expect(componentProblems("const r = await fetch('/env.json');")).toEqual(['fetches']);
    expect(componentProblems("import { sessionStore } from '../session/storage';")).toEqual(['uses the session client']);
    expect(componentProblems("import type { StoredProfile } from '../session/storage';")).toEqual([]);
    expect(componentProblems('// polled through the progress call (spec 001)\n/** one call (the list) */')).toEqual([]);
    expect(componentProblems('void runner.fetchFile(row, action);\nconst run = useActionRunner(screen);')).toEqual([]);
  });

  it(`keeps every component in src/ and engine/render/ within ${MAX_LINES} lines and off the API`, () => {
    const problems = files.flatMap((file) => {
      const found = componentProblems(readFileSync(join(ROOT, file), 'utf8'));
      return found.length ? [`${relative('.', file)}: ${found.join(', ')}`] : [];
    });
    expect(problems).toEqual([]);
  });
});
