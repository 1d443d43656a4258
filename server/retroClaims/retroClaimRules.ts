// The rules a retro (missing flight credit) claim must pass before it is stored: the claim window after the
// flight, a flight after enrollment, the name on the ticket matching the member, and a carrier of the manager's
// alliance. Pure: the store feeds them the member, the airline and the programme's settings (General
// Configuration), they never query. Field name -> message; empty when the claim passes.
import { normalise } from '../memberManagement/memberChecks/nameCheck';
import { isoDay } from '../../engine/definition/dates';
import * as moduleTexts from './texts.json';

/** A claim's type: the programme's own flights, or an alliance partner's (the values of Airline's alliance). */
export type ClaimType = 'OWN' | 'SKYTEAM' | 'STAR_ALLIANCE' | 'ONEWORLD';

/** The settings of General Configuration the rules read. */
export interface ClaimSettings {
  ownCarrier: string;
  maxDays: number;
  minDaysOwn: number;
  minDaysPartner: number;
  /** Titles a ticket adds to the passenger's name (MR, MRS ...), normalised. */
  nameTitles: readonly string[];
}

/** What the rules read of a claim. */
export interface ClaimFlight {
  carrier: string;
  flightdate: string;
  ticketname?: string | null;
}

// not in spec: the product's own texts of retro claims.
export const RETRO_TEXTS = moduleTexts.retro;

export const say = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => (typeof values[k] === 'number' ? (values[k] as number).toLocaleString('en-US') : String(values[k] ?? '')));

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const dateOf = (day: number) => isoDay(new Date(day * DAY_MS));

/** Whether the flight is of the programme's own carrier. */
export const isOwnFlight = (flight: Pick<ClaimFlight, 'carrier'>, settings: ClaimSettings) => flight.carrier.toUpperCase() === settings.ownCarrier.toUpperCase();

/**
 * The claim window: from the minimum days after the flight (own flights or partners') to the maximum, both
 * days included. Message on the flight date, or undefined.
 */
export function windowProblem(flight: ClaimFlight, today: string, settings: ClaimSettings): string | undefined {
  const ago = dayNumber(today) - dayNumber(flight.flightdate);
  const minDays = isOwnFlight(flight, settings) ? settings.minDaysOwn : settings.minDaysPartner;
  if (ago < minDays) return say(RETRO_TEXTS.tooEarly, { days: minDays, date: dateOf(dayNumber(flight.flightdate) + minDays) });
  if (ago > settings.maxDays) return say(RETRO_TEXTS.tooLate, { days: settings.maxDays, ago });
  return undefined;
}

/** The carrier must belong to the claim type: the own carrier for OWN, an airline of the alliance otherwise (never the own carrier). */
export function carrierProblem(claimtype: ClaimType, carrier: string, alliancetype: string | null | undefined, settings: ClaimSettings, allianceLabel: string): string | undefined {
  const own = isOwnFlight({ carrier }, settings);
  if (claimtype === 'OWN') return own ? undefined : say(RETRO_TEXTS.notOwnCarrier, { carrier: settings.ownCarrier });
  if (own) return say(RETRO_TEXTS.ownCarrier, { carrier: settings.ownCarrier });
  return alliancetype === claimtype ? undefined : say(RETRO_TEXTS.wrongAlliance, { carrier, alliance: allianceLabel });
}

/** A name's words, normalised as the name check does, without the ticket's titles, in order. */
export function nameWords(name: string, titles: readonly string[] = []): string[] {
  return normalise(name)
    .split(' ')
    .filter((word) => word && !titles.includes(word))
    .sort();
}

/**
 * The name on the ticket (LASTNAME/FIRSTNAME MR, or in any order) matches the member when it holds the same
 * words as the member's first and last names, titles left out.
 */
export function namesMatch(ticketname: string, member: { firstname?: string | null; lastname?: string | null }, titles: readonly string[]): boolean {
  const ticket = nameWords(ticketname, titles);
  const own = nameWords(`${member.firstname ?? ''} ${member.lastname ?? ''}`);
  return ticket.length > 0 && ticket.join(' ') === own.join(' ');
}

/** The member's side of a claim: enrolled before the flight, and named as on the ticket. */
export function memberProblems(flight: ClaimFlight, member: { enrollmentdate?: string | null; firstname?: string | null; lastname?: string | null }, settings: ClaimSettings): Record<string, string> {
  const problems: Record<string, string> = {};
  const enrolled = member.enrollmentdate ? String(member.enrollmentdate).slice(0, 10) : undefined;
  if (enrolled && flight.flightdate < enrolled) problems.flightdate = say(RETRO_TEXTS.beforeEnrollment, { date: enrolled });
  if (!namesMatch(flight.ticketname ?? '', member, settings.nameTitles)) {
    problems.ticketname = say(RETRO_TEXTS.nameMismatch, { name: `${member.firstname ?? ''} ${member.lastname ?? ''}`.trim() });
  }
  return problems;
}
