// The texts a folder's code shows live in its texts.json, by section: every section holds only texts, and every
// section is read by a file of its folder (`moduleTexts.<section>`), so a catalogue never outlives its code.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const catalogues = ['server', 'engine', 'domain'].flatMap((top) =>
  readdirSync(join(ROOT, top), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name === 'texts.json')
    .map((e) => join(e.parentPath, e.name)),
);

describe('text catalogues', () => {
  it('are found in the server, the engine and the domain', () => {
    expect(catalogues.length).toBeGreaterThanOrEqual(15);
  });

  it.each(catalogues.map((file) => [relative(ROOT, file), file]))('%s holds sections of texts, each read by its folder', (_name, file) => {
    const sections = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;
    const code = readdirSync(dirname(file))
      .filter((name) => /\.tsx?$/.test(name))
      .map((name) => readFileSync(join(dirname(file), name), 'utf8'))
      .join('\n');
    for (const [section, texts] of Object.entries(sections)) {
      expect(Object.entries(texts).filter(([, text]) => typeof text !== 'string' || text === '')).toEqual([]);
      expect(code, `section ${section} is read`).toContain(`moduleTexts.${section}`);
    }
  });
});
