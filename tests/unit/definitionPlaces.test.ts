// A definition's text in the studio's editor: JSON syntax errors at their offsets, a check's problem at its JSON
// Pointer (or its nearest ancestor), problems without a place kept apart, and the line-by-line comparison.
import { describe, expect, it } from 'vitest';
import { locationAt, parseDefinition, placeProblems, pointerPath } from '../../engine/definition/definitionPlaces';
import { sideBySide } from '../../engine/definition/textDiff';

const text = JSON.stringify({ menucode: 'COUNTRY', fields: [{ name: 'a', label: 'A' }, { name: 'b', label: 'B', source: { selector: 'nope' } }] }, null, 2);

describe('definition text', () => {
  it('parses a text, or answers its syntax errors where they are', () => {
    expect(parseDefinition('{"a": 1}')).toEqual({ value: { a: 1 }, errors: [] });
    const broken = parseDefinition('{"a": 1,, }');
    expect(broken.value).toBeUndefined();
    expect(broken.errors[0]).toMatchObject({ from: 8, message: 'JSON: Property name expected' });
  });

  it('reads a JSON Pointer as a path', () => {
    expect(pointerPath('/fields/2/source/selector')).toEqual(['fields', 2, 'source', 'selector']);
    expect(pointerPath('/a~1b/c~0d')).toEqual(['a/b', 'c~d']);
    expect(pointerPath('')).toEqual([]);
  });

  it("places a problem at its pointer's property, a missing one at its nearest ancestor, and keeps the others apart", () => {
    const { placed, elsewhere } = placeProblems(text, [
      { path: '/fields/1/source/selector', message: 'unknown selector' },
      { path: '/fields/1/options', message: 'missing here' },
      { path: '', message: 'whole' },
      { path: '/fields/0', message: 'other', key: 'menu-tree.json' },
    ]);
    expect(text.slice(placed[0]!.from, placed[0]!.to)).toBe('"selector": "nope"');
    expect(text.slice(placed[1]!.from, placed[1]!.to)).toMatch(/^\{\s+"name": "b"/);
    expect(elsewhere.map((p) => p.message)).toEqual(['whole', 'other']);
  });

  it('tells where the cursor is: a key being typed or a value', () => {
    const typing = '{"fields": [{"name": "a", "fo"}]}';
    expect(locationAt(typing, typing.indexOf('fo') + 2)).toEqual({ path: ['fields', 0, 'fo'], atKey: true });
    const value = '{"fields": [{"format": ""}]}';
    expect(locationAt(value, value.indexOf('""') + 1)).toEqual({ path: ['fields', 0, 'format'], atKey: false });
  });
});

describe('side by side', () => {
  it('faces unchanged lines, and a changed block removed against added', () => {
    const rows = sideBySide('a\nb\nc\n', 'a\nB\nc\nd\n');
    expect(rows.map((r) => [r.current?.text, r.proposed?.text, r.changed])).toEqual([
      ['a', 'a', false],
      ['b', 'B', true],
      ['c', 'c', false],
      [undefined, 'd', true],
    ]);
    expect(rows[3]!.proposed!.line).toBe(4);
  });
});
