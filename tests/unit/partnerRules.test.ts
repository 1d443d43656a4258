// The generic rules of the reference screens without a database: no overlapping ranges for the same
// key (how two records meet, the message, the validator's checks), a choice looked up through its parent's
// record (the validator's check), a field required while another has a value, maxnumber and a number not
// below another; and the great-circle distance against known values.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkDefinitions } from '../../engine/definition/checkDefinitions';
import type { DefinitionFiles } from '../../engine/definition/definitionFiles';
import { validateRecord } from '../../engine/definition/compile';
import type { MenuTree } from '../../engine/definition/menuTree';
import { overlapMessage, rangeMeets, recordsOverlap } from '../../engine/definition/overlap';
import type { NoOverlapRule } from '../../engine/definition/screen';
import type { PageDefinition, ScreenDefinition, SelectorCatalogue } from '../../engine/definition/screen';
import { validateValue } from '../../engine/rules';
import { greatCircleMiles } from '../../server/catalog/accrual/geo';
import { loadCatalogue, screenFiles } from '../../server/platform/definitions';

const catalogue = loadCatalogue();
const bands = catalogue.screenByResource.get('distance-range')!;
const earning = catalogue.screenByResource.get('earning-miles')!;

describe('no overlapping ranges for the same key', () => {
  const period = { from: 'effectivedate', to: 'expireddate' };
  const rule: NoOverlapRule = { per: ['airlinecode'], ranges: [period] };
  const row = (airlinecode: string | null, effectivedate: string | null, expireddate: string | null) => ({ airlinecode, effectivedate, expireddate });

  it.each([
    ['periods that share a day', row('GA', '2025-01-01', '2025-12-31'), row('GA', '2025-12-31', null), true],
    ['periods that only touch', row('GA', '2025-01-01', '2025-12-31'), row('GA', '2026-01-01', null), false],
    ['an open-ended period and a later one', row('GA', '2020-12-15', null), row('GA', '2030-01-01', '2030-01-31'), true],
    ['a period with no start and an early one', row('GA', null, '2019-12-31'), row('GA', '2001-01-01', '2001-01-01'), true],
    ['the same period of two airlines', row('GA', '2025-01-01', null), row('KL', '2025-01-01', null), false],
    ['two empty keys are the same key', row(null, '2025-01-01', null), row('', '2025-06-01', null), true],
  ])('%s: %s', (_name, a, b, overlaps) => {
    expect(recordsOverlap(rule, a, b)).toBe(overlaps);
    expect(recordsOverlap(rule, b, a)).toBe(overlaps);
  });

  it('compares numbers as numbers, also when the database answers them as text', () => {
    const distance = { from: 'mindistance', to: 'maxdistance' };
    expect(rangeMeets(distance, { mindistance: 501, maxdistance: 1000 }, { mindistance: '0.0000', maxdistance: '500.0000' })).toBe(false);
    expect(rangeMeets(distance, { mindistance: 90, maxdistance: 1000 }, { mindistance: '0', maxdistance: '500' })).toBe(true);
  });

  it('keeps bands apart only where distance and period both meet', () => {
    const two = bands.noOverlap!;
    const band = (mindistance: number, maxdistance: number, effectivedate: string, expireddate: string | null) => ({ mindistance, maxdistance, effectivedate, expireddate });
    expect(recordsOverlap(two, band(0, 500, '2016-01-01', null), band(400, 800, '2010-01-01', '2015-12-31'))).toBe(false);
    expect(recordsOverlap(two, band(0, 500, '2016-01-01', null), band(600, 800, '2020-01-01', null))).toBe(false);
    expect(recordsOverlap(two, band(0, 500, '2016-01-01', null), band(400, 800, '2020-01-01', null))).toBe(true);
  });

  it('says which ranges meet which record, on both ends of each range', () => {
    const { message, fields } = overlapMessage(bands, bands.noOverlap!, { mindistance: 1001, maxdistance: 2000, effectivedate: '2016-01-01', expireddate: null }, 'MEDIUM');
    expect(message).toBe('Min Distance (miles) - Max Distance (miles) and Effective Date - Expired Date overlap Distance Range "MEDIUM" (1,001 - 2,000, 2016-01-01 - no end)');
    expect(Object.keys(fields).sort()).toEqual(['effectivedate', 'expireddate', 'maxdistance', 'mindistance']);
    expect(overlapMessage(earning, earning.noOverlap!, { effectivedate: null, expireddate: '2020-12-14' }, 'EM-1').message).toBe(
      'Effective Date - Expired Date overlap Earning Miles "EM-1" (no start - 2020-12-14) of the same Airline',
    );
  });
});

describe('numbers: maxnumber, and a maximum not below its minimum', () => {
  it('answers the rule language message', () => {
    expect(validateValue(90.0001, ['minnumber.-90', 'maxnumber.90'], { label: 'Latitude' })).toBe('Latitude maximum 90');
    expect(validateValue(-90, ['minnumber.-90', 'maxnumber.90'], { label: 'Latitude' })).toBeNull();
    expect(validateValue(-181, ['minnumber.-180', 'maxnumber.180'], { label: 'Longitude' })).toBe('Longitude minimum -180');
  });

  it('refuses a band whose maximum is less than its minimum, and takes one of a single mile', () => {
    const band = { distancerangecode: 'B1', distancerangename: 'Band', effectivedate: '2026-01-01' };
    expect(validateRecord(bands, { ...band, mindistance: 900, maxdistance: 100 }, 'create')).toEqual({ maxdistance: 'Max Distance must not be less than Min Distance (miles)' });
    expect(validateRecord(bands, { ...band, mindistance: 900, maxdistance: 900 }, 'create')).toEqual({});
  });
});

describe("requiredWhen: a specific route's airports", () => {
  const codeshares = catalogue.screenByResource.get('codeshare')!;
  const codeshare = { marketingairline: 'GA', operatingairline: 'KL', earnmiles: true, effectivedate: '2026-01-01' };
  it('are required on a specific route only', () => {
    expect(validateRecord(codeshares, { ...codeshare, routetype: 'SPECIFICROUTE' }, 'create')).toEqual({ originairport: 'Origin is Required', destinationairport: 'Destination is Required' });
    expect(validateRecord(codeshares, { ...codeshare, routetype: 'SPECIFICROUTE', originairport: 'CGK', destinationairport: 'AMS' }, 'create')).toEqual({});
    expect(validateRecord(codeshares, { ...codeshare, routetype: 'ALLROUTE' }, 'create')).toEqual({});
  });
});

describe('checkDefinitions: noOverlap and dependsOn.through', () => {
  const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
  const BANDS_FILE = 'screens/partner-management/distance-range.json';
  const LINES_FILE = 'screens/catalog/accrual-rule-bc-detail.json';
  const problemsWith = (change: (bands: ScreenDefinition, lines: ScreenDefinition, selectors: SelectorCatalogue) => void) => {
    const input: DefinitionFiles = {
      tree: readJson<MenuTree>('screens/menu-tree.json'),
      selectors: readJson<SelectorCatalogue>('screens/selectors.json'),
      screens: screenFiles().map((file) => ({ file, screen: readJson<PageDefinition>(file) })),
    };
    const screen = (file: string) => input.screens.find((s) => s.file === file)!.screen as ScreenDefinition;
    change(screen(BANDS_FILE), screen(LINES_FILE), input.selectors);
    return checkDefinitions(input).filter((p) => p.startsWith(BANDS_FILE) || p.startsWith(LINES_FILE) || p.startsWith('screens/selectors.json'));
  };

  it('passes the real definitions', () => {
    expect(problemsWith(() => undefined)).toEqual([]);
  });

  it.each<[string, (bands: ScreenDefinition, lines: ScreenDefinition, selectors: SelectorCatalogue) => void, string[]]>([
    ['an unknown key field', (b) => (b.noOverlap!.per = ['airlinecode']), [`${BANDS_FILE}: noOverlap.per[0]: unknown field "airlinecode"`]],
    ['a range of one field', (b) => (b.noOverlap!.ranges[0]!.to = 'mindistance'), [`${BANDS_FILE}: noOverlap.ranges[0]: a range is two different fields`]],
    ['a number and a date', (b) => (b.noOverlap!.ranges[0]!.to = 'expireddate'), [`${BANDS_FILE}: noOverlap.ranges[0]: "mindistance" and "expireddate" must both be dates or both numbers`]],
    ['a text range', (b) => (b.noOverlap!.ranges[0] = { from: 'distancerangecode', to: 'distancerangename' }), [`${BANDS_FILE}: noOverlap.ranges[0]: "distancerangecode" and "distancerangename" must both be dates or both numbers`]],
    ['a key field that is also an end', (b) => (b.noOverlap!.per = ['effectivedate']), [`${BANDS_FILE}: noOverlap.ranges[1].from: "effectivedate" is also in "per"`]],
    [
      'a field looked up through a selector that does not carry it',
      (_b, _l, selectors) => (selectors.selectors['accrual-rule-bc']!.extra = ['originairport']),
      [`${LINES_FILE}: fields[1].source.dependsOn.through: "airlinecode" must be in the "extra" of selector "accrual-rule-bc", so the form can read it from "rulecode"'s options`],
    ],
    [
      'a requiredWhen on an unknown field, and on a value that is no option',
      (b) => {
        b.fields.find((f) => f.name === 'expireddate')!.requiredWhen = { field: 'statuss', equals: 'ACTIVE' };
        b.fields.find((f) => f.name === 'distancerangename')!.requiredWhen = { field: 'status', equals: 'GONE' };
      },
      [`${BANDS_FILE}: fields[1].requiredWhen.equals: "GONE" is not an option of field "status"`, `${BANDS_FILE}: fields[5].requiredWhen.field: unknown field "statuss"`],
    ],
    [
      'a field looked up through a parent with no selector',
      (_b, lines) => delete lines.fields[0]!.source,
      [`${LINES_FILE}: fields[1].source.dependsOn.through: "through" reads the record "rulecode" names: "rulecode" needs a source`],
    ],
  ])('reports %s', (_name, change, problems) => {
    expect(problemsWith(change)).toEqual(problems);
  });
});

describe('great-circle distance (server/catalog/accrual/geo.ts) against known values', () => {
  const at = (latitude: number, longitude: number) => ({ latitude, longitude });
  /** The mean earth radius the function uses, in miles; the known values below are scaled from their own radius. */
  const R = 3958.7613;

  it('gives the haversine textbook value: Nashville BNA to Los Angeles LAX, 2,887.26 km on a 6,372.8 km sphere', () => {
    // Rosetta Code's haversine task: 2887.2599506071106 km with R = 6372.8 km.
    expect(greatCircleMiles(at(36.12, -86.67), at(33.94, -118.4))).toBe(Math.round((2887.2599506071106 / 6372.8) * R));
  });

  it('gives a quarter and a half of the great circle', () => {
    expect(greatCircleMiles(at(90, 0), at(0, 123))).toBe(Math.round((Math.PI / 2) * R));
    expect(greatCircleMiles(at(0, 0), at(0, 180))).toBe(Math.round(Math.PI * R));
    expect(greatCircleMiles(at(-6.1256, 106.656), at(-6.1256, 106.656))).toBe(0);
  });

  it('measures CGK-AMS from the seeded coordinates within a mile of the WGS84 ellipsoid (Vincenty: 7,054.56 miles), the same both ways', () => {
    const cgk = at(-6.1256, 106.656);
    const ams = at(52.3086, 4.7639);
    expect(greatCircleMiles(cgk, ams)).toBe(7055);
    expect(Math.abs(greatCircleMiles(cgk, ams) - 7054.56)).toBeLessThan(1);
    expect(greatCircleMiles(ams, cgk)).toBe(7055);
  });
});
