// The retro claim rules without a database (server/retroClaims/retroClaimRules.ts): the window after the flight at
// both edges for own and partner flights, the carrier of each claim type, the name on the ticket, the flight after
// enrollment; and the view pages that create rows (the managers) keep to one value per filter field.
import { describe, expect, it } from 'vitest';
import { checkViewPages } from '../../engine/definition/checkViewPages';
import type { PageDefinition, ScreenDefinition, ViewPage } from '../../engine/definition/screen';
import { viewScreen } from '../../engine/definition/viewPage';
import { carrierProblem, memberProblems, namesMatch, windowProblem, type ClaimSettings } from '../../server/retroClaims/retroClaimRules';

const SETTINGS: ClaimSettings = { ownCarrier: 'GA', maxDays: 180, minDaysOwn: 3, minDaysPartner: 14, nameTitles: ['MR', 'MRS'] };
const TODAY = '2026-06-30';

describe('the claim window', () => {
  it.each([
    ['GA', '2026-06-27', undefined],
    ['GA', '2026-06-28', 'A claim for this flight is accepted from 3 days after it: from 2026-07-01'],
    ['KL', '2026-06-16', undefined],
    ['KL', '2026-06-17', 'A claim for this flight is accepted from 14 days after it: from 2026-07-01'],
    ['GA', '2026-01-01', undefined],
    ['KL', '2026-01-01', undefined],
    ['GA', '2025-12-31', 'A claim is accepted up to 180 days after the flight: this one was 181 days ago'],
  ])('%s flown %s', (carrier, flightdate, problem) => {
    expect(windowProblem({ carrier, flightdate }, TODAY, SETTINGS)).toBe(problem);
  });
});

describe('the carrier of a claim type', () => {
  it.each([
    ['OWN', 'GA', 'SKYTEAM', undefined],
    ['OWN', 'KL', 'SKYTEAM', 'Only flights of GA are claimed here'],
    ['SKYTEAM', 'KL', 'SKYTEAM', undefined],
    ['SKYTEAM', 'GA', 'SKYTEAM', 'Flights of GA are claimed on Retro Claim GA Manager'],
    ['SKYTEAM', 'SQ', 'STAR_ALLIANCE', 'Carrier SQ is not a SkyTeam airline'],
    ['STAR_ALLIANCE', 'SQ', 'STAR_ALLIANCE', undefined],
    ['ONEWORLD', 'QG', 'NONE', 'Carrier QG is not a oneworld airline'],
  ] as const)('%s takes %s (%s)?', (claimtype, carrier, alliance, problem) => {
    const label = { OWN: 'Garuda Indonesia', SKYTEAM: 'SkyTeam', STAR_ALLIANCE: 'Star Alliance', ONEWORLD: 'oneworld' }[claimtype];
    expect(carrierProblem(claimtype, carrier, alliance, SETTINGS, label)).toBe(problem);
  });
});

describe('the member of a claim', () => {
  const member = { firstname: 'Budi', lastname: 'Santoso', enrollmentdate: '2026-03-01' };
  it.each([
    ['SANTOSO/BUDI MR', true],
    ['budi santoso', true],
    ['Santoso, Budi', true],
    ['SANTOSO/BUDIMAN MR', false],
    ['SANTOSO MR', false],
    ['MR', false],
  ])('%s matches: %s', (ticketname, matches) => {
    expect(namesMatch(ticketname, member, SETTINGS.nameTitles)).toBe(matches);
  });

  it('refuses a flight before enrollment on the flight date and another name on the name', () => {
    expect(memberProblems({ carrier: 'GA', flightdate: '2026-02-28', ticketname: 'SANTOSO/BUDI' }, member, SETTINGS)).toEqual({ flightdate: 'The flight is before the member enrolled (2026-03-01)' });
    expect(memberProblems({ carrier: 'GA', flightdate: '2026-03-01', ticketname: 'SANTOSO/ANI' }, member, SETTINGS)).toEqual({ ticketname: "The name on the ticket does not match the member's name (Budi Santoso)" });
  });
});

describe('a view that creates rows', () => {
  const source: ScreenDefinition = {
    schemaVersion: 2,
    menucode: 'SRC',
    title: 'Source',
    resource: { name: 'source', key: ['id'], generatedKey: true },
    fields: [
      { name: 'id', label: 'ID' },
      { name: 'kind', label: 'Kind', options: [{ value: 'A', label: 'A' }, { value: 'B', label: 'B' }] },
      { name: 'name', label: 'Name', form: true },
    ],
    actions: ['view'],
  };
  const view = (filter: ViewPage['filter']): ViewPage => ({ schemaVersion: 2, kind: 'view', menucode: 'VIEWA', title: 'View A', source: 'SRC', resource: 'view-a', filter, fields: [{ name: 'name', column: true, form: true }], actions: ['view', 'create'] });
  const problems = (page: ViewPage) => checkViewPages({ screens: [{ file: 'source.json', screen: source as PageDefinition }, { file: 'view.json', screen: page }] } as never);

  it('needs one value of each filter field (the new row holds it) and keeps the generated key', () => {
    expect(problems(view({ kind: 'A' }))).toEqual([]);
    expect(problems(view({ kind: ['A', 'B'] }))).toEqual(['view.json: filter.kind: a view that creates rows needs one value of "kind", not a list']);
    expect(viewScreen(view({ kind: 'A' }), source).resource).toMatchObject({ generatedKey: true, key: ['id'], view: { of: 'SRC', filter: { kind: 'A' } } });
  });
});
