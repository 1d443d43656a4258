// The Definition Studio's placing of `npm run validate`'s problems: the message without its file, at a JSON Pointer
// into the text it is about (the longest start of the check's path that names something there), the key when it is
// another definition's.
import { describe, expect, it } from 'vitest';
import { problemPath, studioProblems } from '../../server/platform/definitionStudio/definitionStudioRules';

const PAGE = JSON.stringify({ title: 'Country', fields: [{ name: 'a' }, { name: 'b' }, { name: 'c', source: { selector: 'x' } }], actions: [{ name: 'go', function: 'go' }], options: { defaultSort: { a: 'asc' } } });
const SELECTORS = JSON.stringify({ selectors: { 'ticket-office': { extra: ['branchcode'] } } });
const TREE = JSON.stringify({ items: [{ menucode: 'A' }, { key: 'g', children: [{ menucode: 'B', path: '/b' }] }] });

describe('studio problem paths', () => {
  it("takes a schema problem's instance path as it is ('/' the whole definition)", () => {
    expect(problemPath('/fields/2/rules must be array', PAGE)).toBe('/fields/2/rules');
    expect(problemPath("/ must have required property 'title'", PAGE)).toBe('');
  });

  it("converts a cross check's path to a pointer, as far as the text has it", () => {
    expect(problemPath('fields[2].source.selector: unknown selector "x"', PAGE)).toBe('/fields/2/source/selector');
    expect(problemPath('actions[0].function: function "go" must be upper-case', PAGE)).toBe('/actions/0/function');
    expect(problemPath('options.defaultSort.a: unknown field "a"', PAGE)).toBe('/options/defaultSort/a');
    expect(problemPath('fields[1].source: needs a selector', PAGE)).toBe('/fields/1');
    expect(problemPath('items[1].children[0].path: duplicate path "/b"', TREE)).toBe('/items/1/children/0/path');
    expect(problemPath('selectors.ticket-office.extra[0]: unknown field', SELECTORS)).toBe('/selectors/ticket-office/extra/0');
  });

  it('points at the whole definition when the message names no path', () => {
    expect(problemPath('menu "ZONE" is not in the menu tree', PAGE)).toBe('');
    expect(problemPath('a screen file must sit in a group folder: screens/<group>/<menu>.json', PAGE)).toBe('');
    expect(problemPath('fields[0].name: anything', undefined)).toBe('');
  });

  it('strips the file, keeps the message as printed, and names another definition by its key', () => {
    const texts = new Map([
      ['basic-configuration/country.json', PAGE],
      ['selectors.json', SELECTORS],
    ]);
    const problems = studioProblems(
      [
        'screens/basic-configuration/country.json: fields[2].source.selector: unknown selector "x"',
        'screens/selectors.json: selectors.ticket-office.extra[0]: unknown field "branchcode"',
        'The database does not match the definitions:\n  - resource "country": ...',
        'basic-configuration/country.json: Unexpected end of JSON input',
      ],
      'screens',
      'basic-configuration/country.json',
      (key) => texts.get(key),
      [...texts.keys()],
    );
    expect(problems).toEqual([
      { path: '/fields/2/source/selector', message: 'fields[2].source.selector: unknown selector "x"' },
      { path: '/selectors/ticket-office/extra/0', message: 'selectors.ticket-office.extra[0]: unknown field "branchcode"', key: 'selectors.json' },
      { path: '', message: 'The database does not match the definitions:\n  - resource "country": ...' },
      { path: '', message: 'Unexpected end of JSON input' },
    ]);
  });
});
