// The benchmarks' flag parser: defaults, positive numbers rounded as declared, lists within their choices, switches.
import { describe, expect, it } from 'vitest';
import { loadFlags, readFlags } from '../../scripts/benchFlags';

const DECLARATION = {
  ...loadFlags(10),
  members: { type: 'number', default: 1000, round: 'ceil' },
  runs: { type: 'number', default: 40, round: 'round' },
  postgres: { type: 'string' },
  dir: { type: 'string', default: 'dist' },
  scenarios: { type: 'list', of: ['page', 'search', 'summary'] },
  'no-browser': { type: 'boolean' },
} as const;

describe('bench flags', () => {
  it('gives each flag its default when it is not on the command line', () => {
    expect(readFlags(DECLARATION, [])).toEqual({ seconds: 10, concurrency: 50, members: 1000, runs: 40, postgres: undefined, dir: 'dist', scenarios: ['page', 'search', 'summary'], 'no-browser': false });
  });

  it('reads numbers, texts, lists and switches, rounding as declared', () => {
    const flags = readFlags(DECLARATION, ['--seconds', '0.5', '--concurrency', '2.1', '--members', '9.2', '--runs', '2.4', '--postgres', 'postgres://x', '--scenarios', 'summary, page', '--no-browser']);
    expect(flags).toEqual({ seconds: 0.5, concurrency: 3, members: 10, runs: 2, postgres: 'postgres://x', dir: 'dist', scenarios: ['summary', 'page'], 'no-browser': true });
  });

  it('refuses a number that is not positive, a choice not listed and an unknown flag', () => {
    expect(() => readFlags(DECLARATION, ['--members', '0'])).toThrow('--members must be a positive number, got "0"');
    expect(() => readFlags(DECLARATION, ['--seconds', 'abc'])).toThrow('--seconds must be a positive number, got "abc"');
    expect(() => readFlags(DECLARATION, ['--scenarios', 'page,sorted'])).toThrow('--scenarios takes page, search, summary; got "sorted"');
    expect(() => readFlags(DECLARATION, ['--rows', '5'])).toThrow(/Unknown option '--rows'/);
  });
});
