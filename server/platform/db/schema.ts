// Row types of the core tables (created by server/platform/db/migrations). Times are ISO-8601 UTC text on both databases.
import type { Generated, Selectable } from 'kysely';
import type { DetailLine } from '../../../engine/definition/views';
import type { StudioVersion } from '../../../engine/definition/studio';
import type { OrderDestination } from '../../../domain/orderTracking';

export interface RoleRow {
  rolecode: string;
  rolename: string;
  roledescription: string;
  status: string;
  /** Row scope of the role's users (screens/user-management/role.json): ALL or OWN; null is OWN. */
  rowscope?: string | null;
}

export interface RolePermissionRow {
  rolecode: string;
  menucode: string;
  functioncode: string;
  granted: number;
}

export interface RoleEnrollmentRow {
  rolecode: string;
  membershipid: string;
  granted: number;
}

export interface UserRow {
  username: string;
  userfullname: string;
  email: string;
  branchcode: string | null;
  tickoffid: string | null;
  rolecode: string;
  partnercode: string | null;
  status: string;
  passwordhash: string;
  passworddate: string;
  failedcount: number;
  lockeduntil: string | null;
  createddate: string;
  updateddate: string;
}

export interface SessionRow {
  tokenhash: string;
  username: string;
  appid: string;
  createdat: string;
  expiresat: string;
  endedat: string | null;
  ip: string | null;
}

export interface CaptchaUsedRow {
  challengehash: string;
  expiresat: string;
}

export interface UserLogRow {
  logid: Generated<number>;
  logdate: string;
  username: string;
  module: string;
  legend: string;
  recordkey: string | null;
  beforevalue: string | null;
  aftervalue: string | null;
  ip: string | null;
}

export interface ServerSecretRow {
  name: string;
  value: string;
}

export interface ResourceSchemaRow {
  tablename: string;
  columns: string;
}

export interface Schema {
  role: RoleRow;
  role_permission: RolePermissionRow;
  role_enrollment: RoleEnrollmentRow;
  app_user: UserRow;
  session: SessionRow;
  captcha_used: CaptchaUsedRow;
  user_log: UserLogRow;
  server_secret: ServerSecretRow;
  resource_schema: ResourceSchemaRow;
  outbox: OutboxRow;
  outbox_attachment: OutboxAttachmentRow;
  one_time_key: OneTimeKeyRow;
  client_failure: ClientFailureRow;
  file_link: FileLinkRow;
  member: MemberTable;
  member_card: MemberCardRow;
  member_account: MemberAccountRow;
  otp_session: OtpSessionRow;
  approval_request: ApprovalRequestRow;
  corporate: CorporateRow;
  corporate_tourcode: CorporateTourCodeRow;
  corporate_travelcoordinator: CorporateTravelCoordinatorRow;
  ledger_transaction: LedgerTransactionRow;
  ledger_lot: LedgerLotRow;
  ledger_lot_use: LedgerLotUseRow;
  job: JobRow;
  card_order: CardOrderRow;
  order_tracking: OrderTrackingRow;
  order_destination: OrderDestinationRow;
  ledger_detail: LedgerDetailRow;
  accrual_segment: AccrualSegmentRow;
  definition_version: DefinitionVersionRow;
  definition_draft: DefinitionDraftRow;
}

/** A card to print and send (migration 0011): a new member's first card (reason ENROLLMENT), tracked by the mailing orders. */
export interface CardOrderRow {
  orderid: Generated<number>;
  memberid: string;
  cardnumber: string;
  membershipid: string;
  tierid: string;
  nameoncard: string | null;
  reason: string;
  status: string;
  reordernumber: number;
  createdby: string;
  createddate: string;
  /** Migration 0025: CARD or PRODUCT, the mailing product, the vendor region, the current status's date and SLA verdict. */
  ordertype: Generated<string>;
  mailingproductcode: string | null;
  regioncode: string | null;
  referenceid: string | null;
  quantity: Generated<number>;
  statusdate: string | null;
  stepstartdate: string | null;
  isoversla: Generated<number>;
  worknotes: string | null;
  updatedby: string | null;
  updateddate: string | null;
}

/** One reached status of an order (spec 001 §3.6's order tracking entry; migration 0025). */
export interface OrderTrackingRow {
  trackingid: Generated<number>;
  orderid: number;
  status: string;
  reordernumber: number;
  date: string;
  isoversla: number;
  createdby: string;
}

/** An address an order was sent to (spec 001 §3.6's mailing order destination; migration 0025). */
export interface OrderDestinationRow extends Omit<OrderDestination, 'createdDate' | 'isdefault'> {
  destinationid: Generated<number>;
  orderid: number;
  reordernumber: number;
  createddate: string;
  isdefault: number;
}

/** A corporate account (spec 001 §3.5): its detail, its account (username, card number) and how it was enrolled. */
export interface CorporateRow {
  corporatecode: string;
  corporatename: string;
  corporatetype: string | null;
  businessfield: string | null;
  tradebusinesslicense: string | null;
  taxnumber: string | null;
  corporateemail: string | null;
  phonenum: string | null;
  langcode: string | null;
  address: string | null;
  countrycode: string | null;
  statecode: string | null;
  citycode: string | null;
  username: string;
  unlimited: number;
  maxmember: number | string | null;
  startdate: string | null;
  enddate: string | null;
  contactname: string | null;
  contactidtype: string | null;
  contactidnum: string | null;
  contactemail: string | null;
  contactphonenum: string | null;
  cardnumber: string | null;
  enrollchannel: string | null;
  enrollmentdate: string | null;
  status: string;
  createdby: string | null;
  createddate: string | null;
  updatedby: string | null;
  updateddate: string | null;
}

/** A tour code: bookings made under it belong to the corporate, between its dates. */
export interface CorporateTourCodeRow {
  tourcodeid: Generated<number>;
  tourcode: string;
  corporatecode: string;
  startdate: string;
  enddate: string;
  createdby: string;
  createddate: string;
}

/** Someone at the corporate who arranges its travel; may hold a member card of their own. */
export interface CorporateTravelCoordinatorRow {
  travelcoordinatorid: Generated<number>;
  corporatecode: string;
  name: string;
  email: string;
  phonenum: string;
  cardnumber: string | null;
  createdby: string;
  createddate: string;
}

/** A maker's write waiting for a second user's decision (server/platform/approvals). Values are JSON text. */
export interface ApprovalRequestRow {
  requestid: Generated<number>;
  /** The menu of the screen or flow whose action needs approval. */
  menucode: string;
  /** create, update, delete, activate, deactivate or a custom action's name. */
  action: string;
  resource: string;
  /** The record's key as the user log shows it ('a|b'). */
  recordkey: string;
  /** What people call the record, as it was named when the request was made (migration 0057); null before, or when it has no name but its key. */
  recordname: string | null;
  /** JSON: the key fields of the record. */
  keydata: string;
  /** JSON: the call's data, applied as it was sent when approved. */
  requestdata: string;
  /** JSON: the record as the change would leave it (null for a delete). */
  proposedvalue: string | null;
  /** JSON: the record when the request was made (null for a create). */
  beforevalue: string | null;
  /** PENDING, APPROVED or REJECTED. */
  status: string;
  requestedby: string;
  requestdate: string;
  decidedby: string | null;
  decisiondate: string | null;
  /** Why a request was rejected. */
  reason: string | null;
}

export interface OutboxRow {
  mailid: string;
  mailto: string;
  subject: string;
  body: string;
  kind: string;
  /** QUEUED (waiting for SMTP), SENT, FAILED (gave up), HELD (no SMTP configured: read it on the Outbox screen). */
  status: string;
  attempts: number;
  lasterror: string | null;
  sentdate: string | null;
  createddate: string;
  updateddate: string;
  /** How many files the mail carries (its outbox_attachment rows). */
  attachments: number;
}

/** A file an outbox mail carries: the bytes stay on disk at `path` (under the shared report directory). */
export interface OutboxAttachmentRow {
  mailid: string;
  position: number;
  filename: string;
  contenttype: string;
  size: number;
  path: string;
}

export interface OneTimeKeyRow {
  keyhash: string;
  purpose: string;
  subject: string | null;
  createdat: string;
  expiresat: string;
  usedat: string | null;
  /** How far a multi-step flow carrying the key has been verified (the forgot-password steps). */
  progress: string | null;
}

/** Failed attempts of one client address at one public flow, and its lock. */
export interface ClientFailureRow {
  scope: string;
  client: string;
  failedcount: number;
  firstfailedat: string;
  lockeduntil: string | null;
}

/** A one-time file path handed to a session (server/platform/session/fileLinks.ts). */
export interface FileLinkRow {
  tokenhash: string;
  sessionhash: string;
  expiresat: string;
  fileid: string | null;
  filename: string | null;
  mimetype: string | null;
  content: string | null;
  encoding: string | null;
}

/** A member as read (balances included). */
export type MemberRow = Selectable<MemberTable>;

export interface MemberTable {
  memberid: string;
  firstname: string;
  lastname: string;
  /** MALE or FEMALE; null when not given. */
  gender: string | null;
  status: string;
  email: string | null;
  /** What the member signs in with: a card number or an e-mail address. */
  username: string;
  /** Null until the member activates the account. */
  passwordhash: string | null;
  emailverified: number;
  createddate: string;
  updateddate: string;
  /** Balances, changed only by server/ledger in the transaction of their ledger rows; never below zero. */
  awardmiles: Generated<number>;
  tiermiles: Generated<number>;
  frequency: Generated<number>;
}

export interface MemberCardRow {
  cardnumber: string;
  memberid: string;
  membershipid: string;
  tierid: string;
  status: string;
  /** YYYY-MM-DD */
  issuedate: string;
}

export interface MemberAccountRow {
  memberid: string;
  /** YYYY-MM-DD */
  startperiod: string;
  endperiod: string;
}

export interface OtpSessionRow {
  otpid: string;
  memberid: string;
  otpcodehash: string;
  generatedtime: string;
  expiredtime: string;
  /** JSON of the change the code confirms, e.g. { email, firstname, lastname }. */
  additionaldata: string | null;
  transactiontype: string;
  secondstimelimit: number;
  attempts: number;
  /** PENDING, VERIFIED, EXPIRED or LOCKED. */
  verificationstatus: string;
  verifieddate: string | null;
  /** When update-with-otp applied the additional data (once). */
  applieddate: string | null;
}

export interface LedgerTransactionRow {
  trxid: Generated<number>;
  memberid: string;
  trxtype: string;
  /** YYYY-MM-DD */
  activitydate: string;
  /** Signed: credits positive, debits negative. */
  awardmiles: number;
  tiermiles: number;
  segments: number;
  /** A credit's lot expiry (YYYY-MM-DD); null on debits. */
  expirydate: string | null;
  source: string | null;
  reason: string | null;
  relatedtrxid: number | null;
  mergedfrom: string | null;
  createdby: string;
  createddate: string;
}

export interface LedgerLotRow {
  /** The credit's trxid. */
  lotid: number;
  memberid: string;
  expirydate: string;
  awardmiles: number;
  remaining: number;
  /** 1: a transfer may take it; 0: credited by a custom transaction type not valid for transfer (migration 0013). */
  transferable: Generated<number>;
}

export interface LedgerLotUseRow {
  trxid: number;
  lotid: number;
  amount: number;
  /** How much of `amount` a redeposit gave back to the lot (migration 0010). */
  returned: Generated<number>;
}

export interface JobRow {
  jobid: Generated<number>;
  jobtype: string;
  jobkey: string;
  /** QUEUED, RUNNING, DONE or FAILED */
  status: string;
  parameters: string | null;
  runafter: string;
  leaseowner: string | null;
  leaseuntil: string | null;
  attempts: Generated<number>;
  percentage: Generated<number>;
  result: string | null;
  error: string | null;
  createdby: string;
  createddate: string;
  updateddate: string;
}

/** One criterion of a ledger row (migration 0012): which rule gave how many miles (accrual credits and re-ratings). */
/** One criterion of a ledger row: the detail page's line (engine/definition/views.ts) of its transaction. */
export interface LedgerDetailRow extends DetailLine {
  trxid: number;
}

/** A flight segment credited to a member (migration 0012): the unique key keeps a segment from earning twice. */
export interface AccrualSegmentRow {
  segmentkey: string;
  memberid: string;
  activityid: string;
  createddate: string;
}

/**
 * One version of a definition file (migration 0060): the text as a start found it in screens/ (FILE) or as the
 * Definition Studio saved it (STUDIO). One ACTIVE version per key is served; a file changed under an active studio
 * version is kept as a CONFLICT version.
 */
export interface DefinitionVersionRow extends StudioVersion {
  /** The file's path under screens/: 'menu-tree.json', 'user-management/api-client.json'. */
  definitionkey: string;
  /** The exact text. */
  content: string;
  /** sha256 hex of content. */
  contenthash: string;
  /** sha256 hex of the screens/ file this version came from or was based on. */
  filehash: string | null;
}

/** A user's draft of a definition in the Definition Studio (migration 0061): one per key and user until submitted or discarded. */
export interface DefinitionDraftRow {
  definitionkey: string;
  username: string;
  content: string;
  /** The active version the draft started from. */
  basedon: number;
  updateddate: string;
}
