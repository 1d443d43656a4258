// The registered views: the few things the specs draw that are neither forms nor tables (vendor cards,
// tracking timeline, buy-product cards, ...). A definition names one (a record section's "view"); the
// browser maps each name to its React component (src/views/registry.ts, typed by ViewName, so a name
// without a component does not compile) and `npm run validate` refuses a name not listed here.

export const REGISTERED_VIEWS = [
  /** Spec 001 §3.6, §8: a mailing product's printing, packaging and courier vendors, one card each. */
  'vendor-cards',
  /** Spec 000 §2: a member's account (username, status, e-mail verified, locked) with send activation, verify e-mail and OTP. */
  'member-account',
  /** A ledger transaction's lots (the lot it created, the lots it consumed, who consumed its lot). */
  'transaction-lots',
  /** The accrual simulator (an activity rated by the rules, nothing written; which rules applied and why each other did not). */
  'accrual-simulator',
  /** A member's standing in the current qualification period (tier miles, segments, each criterion and why) and the tier held on a chosen day. */
  'tier-standing',
  /** Spec 001 §4.5: a member's product purchase as detail and payment verification cards (status tags, EXPIRED, price, 'See Mileage User'). */
  'buy-product-detail',
  /** Spec 001 §4.6: a redemption's detail cards ('Departure Activity Details', 'Passenger {n} Details', 'Certificate Details {n}'). */
  'redemption-detail',
  /** Spec 001 §4.4: a mailing order's tracking timeline (three layouts by width) and its destination table. */
  'order-tracking',
  /** A member's mailing orders (cards and products), each opening its tracking timeline. */
  'member-orders',
] as const;

/** What the 'order-tracking' view reads (served by server/mailingProduct/orders/orderActions.ts). */
export const ORDER_TRACKING_PATH = '/api/order/tracking';
/** What the 'member-orders' view reads: the member's orders, newest first. */
export const MEMBER_ORDERS_PATH = '/api/order/member-orders';

/** What the 'redemption-detail' view reads (served by server/awardManagement/redemption/redemptionActions.ts). */
export const REDEMPTION_DETAIL_PATH = '/api/member-redemption/cards';

export type ViewName = (typeof REGISTERED_VIEWS)[number];

/** What the 'transaction-lots' view reads (served by server/memberManagement/members/memberTransactionActions.ts). */
export const TRANSACTION_LOTS_PATH = '/api/ledger-transaction/lots';

/** One line of a transaction's lots: a lot, or a take from one. */
export interface LotLine {
  lotid: number;
  /** The credit that made the lot, or the debit that consumed it. */
  trxid: number;
  trxtype: string;
  activitydate: string;
  expirydate: string | null;
  amount: number;
  /** The lot's own size and what is left of it (lots only). */
  awardmiles?: number;
  remaining?: number;
}

/** The answer of TRANSACTION_LOTS_PATH. */
export interface TransactionLots {
  /** The lot this credit created (none for a debit). */
  created: LotLine | null;
  /** Debits that took miles from the created lot. */
  consumedBy: LotLine[];
  /** Lots this debit took miles from (none for a credit). */
  consumed: LotLine[];
  /** The criteria of an accrual credit or re-rating: which rule gave how many miles (none for other rows). */
  detail: DetailLine[];
}

/** One criterion of a ledger row (ledger_detail), as the transaction detail page lists it. */
export interface DetailLine {
  lineno: number;
  criterion: string;
  ruletype: string;
  rulecode: string;
  description: string;
  awardmiles: number;
  tiermiles: number;
  segments: number;
}

export const isRegisteredView = (name: string): name is ViewName => (REGISTERED_VIEWS as readonly string[]).includes(name);

/** What the 'tier-standing' view reads (served by server/tierManagement/tiers/tierActions.ts). */
export const TIER_STANDING_PATHS = { qualification: '/api/member-tier/qualification', asOf: '/api/member-tier/as-of' } as const;

/** One Mileage Criteria row looked at, and what came of it (why: '12,000 of 25,000 tier miles or 3 of 25 segments: not met'). */
export interface CriterionLine {
  mileagecriteriaid: string;
  tierid: string;
  type: string;
  applies: boolean;
  met: boolean;
  why: string;
}

/** A tier decision: an upgrade now, or what the end of the period would do with today's figures. */
export interface TierDecisionLine {
  outcome: 'UPGRADE' | 'MAINTAIN' | 'DOWNGRADE';
  tierid: string;
  reason: string;
  mileagecriteriaid?: string;
  checks: CriterionLine[];
}

/** The answer of TIER_STANDING_PATHS.qualification. */
export interface TierStanding {
  memberid: string;
  tierid: string;
  /** The membership's tiers by id: their names. */
  tiernames: Record<string, string>;
  startperiod: string;
  endperiod: string;
  tiermiles: number;
  segments: number;
  periodend: TierDecisionLine | null;
}

/** The answer of TIER_STANDING_PATHS.asOf: the member_tier row covering the day. */
export interface TierHeld {
  memberid: string;
  membershipid: string;
  tierid: string;
  tiername: string | null;
  startdate: string;
  enddate: string | null;
  tierreason: string | null;
  /** The Tier Reason's name. */
  reasonname: string | null;
}

/**
 * Registered navigators: a record page's layout of its sections instead of the side menu (record.navigator),
 * mapped to components by src/views/registry.ts like the views.
 */
export const REGISTERED_NAVIGATORS = [
  /** Spec 000 §2 'Member profile navigator': top steps, sub-steps with dots whose tooltip is 'Status: {status}'. */
  'member-navigator',
] as const;

export type NavigatorName = (typeof REGISTERED_NAVIGATORS)[number];

/** What the member navigator's dots read: each sub-step's status by section key (server/memberManagement/members/memberNavigatorActions.ts). */
export const MEMBER_SECTION_STATUS_PATH = '/api/member/section-status';

export type MemberSectionStatus = Record<string, string>;

export const isRegisteredNavigator = (name: string): name is NavigatorName => (REGISTERED_NAVIGATORS as readonly string[]).includes(name);
