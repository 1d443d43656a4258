// The order tracking timeline of spec 001 §4.4, isomorphic: its texts (kept exactly), what the server answers
// at ORDER_TRACKING_PATH, and the steps each cycle shows (the original cycle's ten, ending in delivered or in
// return then reorder; each reorder's ready to pick up, on delivery, delivered), reached or not.
import { formatDate } from '../engine/definition/format';
import { RETURN_STEPS, TIMELINE_STEPS, type OrderStatus } from './orderStatus';
import * as moduleTexts from './texts.json';

/** The order tracking's words: spec 001's, and the product's own headings (reorderCycle, destinations, member). */
export const ORDER_TRACKING_TEXTS = moduleTexts.orderTracking;

/** The destination table's columns (spec 001 §4.4). */
export const DESTINATION_COLUMNS = ['No', 'Date', 'Send to', 'Address', ''] as const;
export const BRANCH_OFFICE = 'BO';

/** The destination's references and the selectors that name them: the Address cell shows names, not codes. */
export const DESTINATION_REFERENCES = [
  { name: 'branchcode', source: { selector: 'branch' } },
  { name: 'ticketoffice', source: { selector: 'ticket-office' } },
  { name: 'city', source: { selector: 'city' } },
  { name: 'state', source: { selector: 'state' } },
  { name: 'country', source: { selector: 'country' } },
] as const;

/** A reference's label by its selector, or undefined while it is not known (the code shows then). */
export type LabelOf = (selector: string, value: unknown) => string | undefined;

export interface TrackingEntry {
  status: string;
  reordernumber: number;
  date: string;
  isoversla: boolean;
}

export interface OrderDestination {
  createdDate: string;
  sendto: string;
  address: string | null;
  branchcode: string | null;
  ticketoffice: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  postalcode: string | null;
  isdefault: boolean;
  status: string;
}

/** The answer of ORDER_TRACKING_PATH. */
export interface OrderTrackingData {
  orderid: number;
  status: string;
  reordernumber: number;
  tracking: TrackingEntry[];
  destinations: OrderDestination[];
}

export interface TimelineStep {
  status: OrderStatus;
  label: string;
  /** The entry that reached it; undefined: not reached ('-'). */
  reached?: { date: string; overSla: boolean };
}

export interface TimelineCycle {
  reordernumber: number;
  steps: TimelineStep[];
}

const REORDER_CYCLE: OrderStatus[] = ['READYTODELIVER', 'DELIVERING', 'DELIVERED'];

/** The cycles to draw: the original one, then one per reorder, each step with its entry when reached. */
export function timelineCycles(data: Pick<OrderTrackingData, 'tracking' | 'reordernumber'>): TimelineCycle[] {
  const cycles: TimelineCycle[] = [];
  for (let n = 0; n <= data.reordernumber; n++) {
    // REORDER carries the number of the cycle it opens; it is drawn at the end of the cycle it closes.
    const entries = data.tracking.filter((t) => (t.status === 'REORDER' ? t.reordernumber - 1 : t.reordernumber) === n);
    const returned = entries.some((t) => t.status === 'RETURN');
    const base = n === 0 ? TIMELINE_STEPS.map((s) => s.status) : REORDER_CYCLE;
    const statuses = returned ? [...base.filter((s) => s !== 'DELIVERED'), ...RETURN_STEPS.map((s) => s.status)] : base;
    const labels = new Map([...TIMELINE_STEPS, ...RETURN_STEPS].map((s) => [s.status, s.label]));
    cycles.push({
      reordernumber: n,
      steps: statuses.map((status) => {
        const entry = [...entries].reverse().find((t) => t.status === status);
        return { status, label: labels.get(status)!, ...(entry ? { reached: { date: formatDate(entry.date), overSla: entry.isoversla } } : {}) };
      }),
    });
  }
  return cycles;
}

/** The destination's Send to cell (BO shown as Branch Office, a member's own address as Member Address). */
export const sendToText = (d: Pick<OrderDestination, 'sendto'>) => (d.sendto === BRANCH_OFFICE ? ORDER_TRACKING_TEXTS.branchOffice : d.sendto === 'MEMBER' ? ORDER_TRACKING_TEXTS.member : d.sendto);

/**
 * The destination's Address cell: for BO branch, ticket office, address; otherwise address, city, state,
 * country, postal code; each reference by its name when `labelOf` knows it.
 */
export function addressText(d: OrderDestination, labelOf: LabelOf = () => undefined): string {
  const named = (name: (typeof DESTINATION_REFERENCES)[number]['name']) => {
    const selector = DESTINATION_REFERENCES.find((r) => r.name === name)!.source.selector;
    return d[name] === null ? null : (labelOf(selector, d[name]) ?? d[name]);
  };
  const parts = d.sendto === BRANCH_OFFICE ? [named('branchcode'), named('ticketoffice'), d.address] : [d.address, named('city'), named('state'), named('country'), d.postalcode];
  return parts.filter((p) => p !== null && p !== undefined && String(p).trim() !== '').join(', ');
}

/**
 * The destination's tags, once the order was sent again (more than one destination): the default (first)
 * destination 'Return', the current one 'Reorder'.
 */
export function destinationTags(d: OrderDestination, all: readonly OrderDestination[]): { text: string; tooltip: string }[] {
  if (all.length < 2) return [];
  const tags: { text: string; tooltip: string }[] = [];
  if (d.isdefault) tags.push({ text: ORDER_TRACKING_TEXTS.returnTag, tooltip: ORDER_TRACKING_TEXTS.returnTooltip });
  if (!d.isdefault && d.status === 'CURRENT') tags.push({ text: ORDER_TRACKING_TEXTS.reorderTag, tooltip: ORDER_TRACKING_TEXTS.reorderTooltip });
  return tags;
}
