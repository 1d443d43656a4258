// The table of response codes in README.md is the one generated from the code's catalogue, and the catalogue covers every code.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CODE_DESCRIPTIONS, CODES } from '../../engine/api/responseCodes';
import { README_FILE, TABLE_END, TABLE_START, codeTable } from '../../scripts/response-codes';

describe('response codes', () => {
  it('describes every code once, each code a distinct value', () => {
    expect(Object.keys(CODE_DESCRIPTIONS).sort()).toEqual(Object.keys(CODES).sort());
    expect(new Set(Object.values(CODES)).size).toBe(Object.keys(CODES).length);
    for (const d of Object.values(CODE_DESCRIPTIONS)) expect(d.meaning.length).toBeGreaterThan(0);
  });

  it('has the README.md table equal to the generated one (run scripts/response-codes.ts to rewrite it)', () => {
    const readme = readFileSync(README_FILE, 'utf8');
    const start = readme.indexOf(TABLE_START);
    const end = readme.indexOf(TABLE_END);
    expect(start, 'README.md has the table markers').toBeGreaterThanOrEqual(0);
    expect(readme.slice(start + TABLE_START.length, end).trim()).toBe(codeTable());
  });
});
