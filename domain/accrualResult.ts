// What an accrual computes, shared by the server's engine (server/catalog/accrual/accrualRules.ts), the posting
// API and the accrual simulator's registered view: the miles, each criterion with its miles, and for
// every other candidate rule why it did not apply. Isomorphic: types, texts, paths and the simulator's form.
import type { FieldDefinition, ScreenDefinition } from '../engine/definition/screen';

/** Where a line or verdict comes from: the menu code of the rule's screen (ACRULEBC, ACPROMO ...). */
export type RuleSource = 'ACRULEOD' | 'ACRULEBC' | 'ACRULE' | 'ACRULENA' | 'ACPROMO' | 'PRMANCT' | 'ACTBONUS' | 'CODESHARE' | 'ACTCODELIM' | 'DISTRANGE';

/** The rule type of a promotion's completion (its ledger detail lines count toward the promotion's minimum). */
export const PROMOTION_RULE: RuleSource = 'PRMANCT';

/** One criterion of a credit: its miles add up to the credit's totals. */
export interface AccrualLine {
  criterion: 'BASE' | 'MINIMUM' | 'TIERBONUS' | 'PROMO' | 'LIMIT' | 'CAP';
  ruletype: RuleSource;
  rulecode: string;
  description: string;
  awardmiles: number;
  tiermiles: number;
  segments: number;
}

/** A candidate rule: applied, or why not. */
export interface RuleVerdict {
  ruletype: RuleSource;
  rulecode: string;
  applied: boolean;
  reason: string;
}

/**
 * CREDIT: miles to credit. REJECTED: the rules exclude it (a codeshare or route that does not earn, a class
 * without accrual, a segment credited already, a limit reached): recorded with no miles. PARKED: it cannot be
 * rated until something is fixed (no member, no rule, no distance, member not active): corrected and
 * re-processed on Park Activity.
 */
export type AccrualOutcome = 'CREDIT' | 'REJECTED' | 'PARKED';

/** Why an activity was not credited (the park and reject reasons, also a Park Activity field's options). */
export const ACCRUAL_REASONS = {
  NO_MEMBER: 'Member not found',
  MEMBER_NOT_ACTIVE: 'Member not active',
  BEFORE_ENROLLMENT: 'Activity before enrollment',
  NO_RULE: 'No accrual rule',
  NO_DISTANCE: 'No distance for the route',
  CODESHARE_NOT_EARNING: 'Codeshare not earning',
  ROUTE_NOT_EARNING: 'Route not earning',
  CLASS_NOT_EARNING: 'Class without accrual',
  ALREADY_CREDITED: 'Segment already credited',
  BELOW_MINIMUM: 'Amount below the minimum',
  LIMIT_REACHED: 'Activity limit reached',
} as const;

export type AccrualReason = keyof typeof ACCRUAL_REASONS;

export interface AccrualResult {
  outcome: AccrualOutcome;
  /** Why it was not credited (REJECTED, PARKED). */
  reasoncode?: AccrualReason;
  reason?: string;
  awardmiles: number;
  tiermiles: number;
  segments: number;
  /** Air: the miles the route counts and where they come from (a sector mileage of an OD rule, or the great-circle distance). */
  distance?: { miles: number; source: string };
  /** The member's tier the rules were read for. */
  tierid?: string | null;
  lines: AccrualLine[];
  verdicts: RuleVerdict[];
}

/** The simulator's call: an activity (as the posting API takes it) rated for a member, nothing written. */
export const ACCRUAL_SIMULATE_PATH = '/api/accrual/simulate';

/** The simulator's list of a member's recent activities to pick from (by card number). */
export const ACCRUAL_MEMBER_ACTIVITIES_PATH = '/api/accrual/member-activities';

/** The menu whose fields a posted activity has (Park Activity): the simulator's form is made of them. */
export const ACTIVITY_FORM_MENU = 'PARKACT';

/** The fields of Park Activity a posted activity is made of (the simulator sends these). */
export const POSTED_ACTIVITY_FIELDS = ['activitytype', 'cardnumber', 'activitydate', 'carrier', 'flightnumber', 'origin', 'destination', 'bookingclass', 'ticketnumber', 'ticketissuedate', 'operatingcarrier', 'fareamount', 'farecurrency', 'partnercode', 'activitycode', 'amount', 'currencycode'] as const;

/** Rated for a tier when no card is given. */
export const SIMULATOR_TIER_FIELD: FieldDefinition = { name: 'tierid', label: 'Tier', placeholder: 'Tier', source: { selector: 'tier' }, form: true };

/**
 * The simulator's form: Park Activity's activity fields (declared once there, with their rules and
 * references) and a tier to rate for when no card is given, every one editable, none required but the
 * activity type and date.
 */
export function simulatorScreen(park: ScreenDefinition): ScreenDefinition {
  const byName = new Map(park.fields.map((f) => [f.name, f]));
  const fields = POSTED_ACTIVITY_FIELDS.flatMap((name): FieldDefinition[] => {
    const field = byName.get(name);
    if (!field) return [];
    const rules = name === 'cardnumber' ? (field.rules ?? []).filter((r) => r !== 'required') : field.rules;
    const picked: FieldDefinition = { ...field, rules, form: { wide: false }, search: undefined, column: undefined, detail: undefined };
    return name === 'cardnumber' ? [picked, SIMULATOR_TIER_FIELD] : [picked];
  });
  return { ...park, menucode: park.menucode, title: 'Accrual Simulator', fields, actions: [], record: undefined, tools: undefined, noOverlap: undefined, bulk: undefined };
}

/** What the simulator answers: the rating, and the member it was rated for (none when rated for a tier). */
export interface SimulationAnswer extends AccrualResult {
  member: { memberid: string; tierid: string | null; status: string } | null;
}
