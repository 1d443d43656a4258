// The server tests share one module graph per worker, so a server test file that replaces a module with vi.mock
// must be listed to run in a graph of its own: otherwise the module it mocks may already be loaded, unmocked.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { SERVER_TESTS_WITH_MOCKS } from '../../vite.config';

it('lists every server test file that mocks a module, and only those', () => {
  const dir = 'tests/server';
  const mocking = readdirSync(dir)
    .filter((name) => name.endsWith('.test.ts'))
    .filter((name) => /\bvi\.(mock|doMock)\(/.test(readFileSync(join(dir, name), 'utf8')))
    .map((name) => `${dir}/${name}`);
  expect(mocking.length).toBeGreaterThan(0);
  expect([...SERVER_TESTS_WITH_MOCKS].sort()).toEqual(mocking.sort());
});
