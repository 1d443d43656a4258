// The promotions' rules without a database: each criterion of Promo Manage Catalog's sections refusing a
// member or an activity with its reason, the bonus of a matching promotion (fixed or a percentage of the base,
// to award, tier or both miles; a non-air activity code's own bonus), and the age on a date.
import { describe, expect, it } from 'vitest';
import { promotionBonuses, promotionMiss, type Promotion, type PromotionActivity, type PromotionMember } from '../../server/catalog/promotions/promotionRules';

const AIR: Promotion = {
  promocode: 'P1', name: 'Promo One', promotiontype: 'AIR', startdate: '2026-04-01', enddate: '2026-04-30', needregister: true, status: 'ACTIVE',
  membershipid: 'FFP', tiers: ['GOLD'], gender: 'FEMALE', minage: 18, maxage: 60, enrollstartdate: '2020-01-01', enrollenddate: '2020-12-31',
  airlinecode: 'GA', originairport: 'CGK', destinationairport: 'SIN', compartments: ['Y'], bookingclasses: ['Y', 'B'], flightstartdate: '2026-04-05', flightenddate: '2026-04-25', minsegments: 1,
  partnercode: null, activitycodes: [], minspend: null, spendcurrency: null,
  bonusactivitycode: 'BNS1', bonustype: 'FIXED', bonusvalue: 500, milestype: 'AWARD',
};
const NON_AIR: Promotion = {
  ...AIR, promocode: 'P2', name: 'Promo Two', promotiontype: 'NON_AIR', needregister: false, tiers: [], gender: 'ALL', minage: null, maxage: null, enrollstartdate: null, enrollenddate: null,
  airlinecode: null, originairport: null, destinationairport: null, compartments: [], bookingclasses: [], flightstartdate: null, flightenddate: null, minsegments: null,
  partnercode: 'BNI', activitycodes: ['CARDSPEND', 'CARDSIGNUP'], minspend: 1000, spendcurrency: 'IDR', bonustype: 'PERCENTAGE', bonusvalue: 50, milestype: 'BOTH',
  activitybonuses: [{ activitycode: 'CARDSIGNUP', bonustype: 'FIXED', bonusvalue: 2000, milestype: 'AWARD' }],
};
const MEMBER: PromotionMember = { tierid: 'GOLD', membershipid: 'FFP', gender: 'FEMALE', birthdate: '1990-04-15', enrollmentdate: '2020-06-01', promotions: ['P1'] };
const FLIGHT: PromotionActivity = { type: 'AIR', date: '2026-04-10', carrier: 'GA', origin: 'SIN', destination: 'CGK', bookingclass: 'Y', compartment: 'Y' };
const SPEND: PromotionActivity = { type: 'NONAIR', date: '2026-04-10', partnercode: 'BNI', activitycode: 'CARDSPEND', amount: 5000, currencycode: 'IDR' };
const BASIS = { awardmiles: 1000, tiermiles: 800, segments: 1 };

describe('promotion criteria', () => {
  it('a member and a flight meeting every criterion match (the route either way)', () => {
    expect(promotionMiss(AIR, MEMBER, FLIGHT, BASIS)).toBeUndefined();
  });

  it.each<[string, Partial<Promotion>, Partial<PromotionMember>, Partial<PromotionActivity>, string]>([
    ['inactive', { status: 'INACTIVE' }, {}, {}, 'Inactive'],
    ['a non-air activity', {}, {}, SPEND, 'For air activity'],
    ['after the end', {}, {}, { date: '2026-05-01' }, 'Activity date 2026-05-01 is outside the promotion (2026-04-01 - 2026-04-30)'],
    ['not registered', {}, { promotions: [] }, {}, 'The member is not registered to the promotion'],
    ['another membership', {}, { membershipid: 'COBRAND' }, {}, 'For membership FFP'],
    ['another tier', {}, { tierid: 'SILVER' }, {}, 'For tiers GOLD'],
    ['another gender', {}, { gender: 'MALE' }, {}, 'For female members'],
    ['too young', { minage: 40 }, {}, {}, 'For ages 40 - 60, the member is 35'],
    ['no birth date', {}, { birthdate: null }, {}, 'The member has no birth date (the promotion has an age band)'],
    ['enrolled later', {}, { enrollmentdate: '2021-01-01' }, {}, 'For members enrolled 2020-01-01 - 2020-12-31'],
    ['another carrier', {}, {}, { carrier: 'KL' }, 'For carrier GA'],
    ['another route', {}, {}, { destination: 'DPS' }, 'For route CGK-SIN'],
    ['another compartment', {}, {}, { compartment: 'C' }, 'For compartments Y'],
    ['another booking class', {}, {}, { bookingclass: 'M' }, 'For booking classes Y, B'],
    ['outside the flight dates', {}, {}, { date: '2026-04-28' }, 'For flights 2026-04-05 - 2026-04-25'],
    ['too few segments', { minsegments: 2 }, {}, {}, 'At least 2 segment(s), the flight earns 1'],
  ])('refuses %s', (_why, promo, member, activity, reason) => {
    expect(promotionMiss({ ...AIR, ...promo }, { ...MEMBER, ...member }, { ...FLIGHT, ...activity } as PromotionActivity, BASIS)).toBe(reason);
  });

  it.each<[string, Partial<PromotionActivity>, string]>([
    ['another partner', { partnercode: 'HILTON' }, 'For partner BNI'],
    ['another activity code', { activitycode: 'POINTCONV' }, 'For activity codes CARDSPEND, CARDSIGNUP'],
    ['spend in another currency', { currencycode: 'USD' }, 'Spend in IDR of at least 1,000'],
    ['too little spend', { amount: 999 }, 'Spend of at least 1,000 IDR'],
  ])('a non-air promotion refuses %s', (_why, activity, reason) => {
    expect(promotionMiss(NON_AIR, MEMBER, { ...SPEND, ...activity } as PromotionActivity, BASIS)).toBe(reason);
  });
});

describe('promotion bonuses', () => {
  it('a fixed bonus to award miles, named by the promotion; a verdict for each other promotion', () => {
    const { lines, verdicts } = promotionBonuses([AIR, NON_AIR], MEMBER, FLIGHT, BASIS);
    expect(lines).toEqual([{ criterion: 'PROMO', ruletype: 'PRMANCT', rulecode: 'P1', description: 'Promotion P1 Promo One (BNS1): 500 miles', awardmiles: 500, tiermiles: 0, segments: 0 }]);
    expect(verdicts).toEqual([
      { ruletype: 'PRMANCT', rulecode: 'P1', applied: true, reason: '500 miles bonus' },
      { ruletype: 'PRMANCT', rulecode: 'P2', applied: false, reason: 'For non-air activity' },
    ]);
  });

  it("a percentage of the base to award and tier miles, and an activity code's own bonus instead", () => {
    expect(promotionBonuses([NON_AIR], MEMBER, SPEND, BASIS).lines[0]).toMatchObject({ awardmiles: 500, tiermiles: 400, description: 'Promotion P2 Promo Two (BNS1): +50%' });
    const signup = promotionBonuses([{ ...NON_AIR, minspend: null }], MEMBER, { ...SPEND, activitycode: 'CARDSIGNUP', amount: null }, BASIS).lines[0];
    expect(signup).toMatchObject({ awardmiles: 2000, tiermiles: 0, description: 'Promotion P2 Promo Two (BNS1, CARDSIGNUP): 2,000 miles' });
  });
});
