// The approval requests table: a maker's request stored, a page's queue listed, and a decision claimed
// once (a guarded update: of two deciders at the same moment only one finds the request still PENDING).
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { CODES } from '../../../engine/api/responseCodes';
import type { Paging, SortDirection } from '../../../engine/api/envelope';
import { APPROVAL_STATUS, type ApprovalStatus } from '../../../engine/definition/approvals';
import { searchFields, tableColumns, type SearchField } from '../../../engine/definition/compile';
import type { ScreenDefinition } from '../../../engine/definition/screen';
import { ApiError } from '../core/apiError';
import type { DialectName } from '../db/database';
import type { ApprovalRequestRow, Schema } from '../db/schema';
import { isUniqueViolation } from '../db/dbErrors';

type Row = Record<string, unknown>;

/** A request with its JSON values read. */
export interface ApprovalRequest {
  requestid: number;
  menucode: string;
  action: string;
  resource: string;
  recordkey: string;
  /** What the record was called when the request was made (engine/definition/recordNames.ts); null: its key names it. */
  recordname: string | null;
  key: Row;
  /** The call's data, applied as sent. */
  data: Row;
  proposed: Row | null;
  before: Row | null;
  status: ApprovalStatus;
  requestedby: string;
  requestdate: string;
  decidedby: string | null;
  decisiondate: string | null;
  reason: string | null;
}

export type NewRequest = Pick<ApprovalRequest, 'menucode' | 'action' | 'resource' | 'recordkey' | 'recordname' | 'key' | 'data' | 'proposed' | 'before' | 'requestedby' | 'requestdate'>;

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
const parsed = (text: string | null): Row | null => (text === null ? null : (JSON.parse(text) as Row));

function toRequest(row: Omit<ApprovalRequestRow, 'requestid'> & { requestid: number }): ApprovalRequest {
  return {
    requestid: Number(row.requestid),
    menucode: row.menucode,
    action: row.action,
    resource: row.resource,
    recordkey: row.recordkey,
    recordname: row.recordname,
    key: parsed(row.keydata) ?? {},
    data: parsed(row.requestdata) ?? {},
    proposed: parsed(row.proposedvalue),
    before: parsed(row.beforevalue),
    status: row.status as ApprovalStatus,
    requestedby: row.requestedby,
    requestdate: row.requestdate,
    decidedby: row.decidedby,
    decisiondate: row.decisiondate,
    reason: row.reason,
  };
}

/** Stores a PENDING request; a record with a request still waiting takes no second one. */
export async function insertRequest(trx: Kysely<Schema>, request: NewRequest, pendingMessage: string): Promise<number> {
  const waiting = await trx
    .selectFrom('approval_request')
    .select('requestid')
    .where('resource', '=', request.resource)
    .where('recordkey', '=', request.recordkey)
    .where('status', '=', APPROVAL_STATUS.PENDING)
    .executeTakeFirst();
  if (waiting) throw new ApiError(CODES.APPROVAL_PENDING, pendingMessage);
  // Another maker's request may land between the read and the insert: the unique index on PENDING requests
  // (migration 0053) refuses the second, answered as the read would have.
  const inserted = await trx
    .insertInto('approval_request')
    .values({
      menucode: request.menucode,
      action: request.action,
      resource: request.resource,
      recordkey: request.recordkey,
      recordname: request.recordname,
      keydata: JSON.stringify(request.key),
      requestdata: JSON.stringify(request.data),
      proposedvalue: json(request.proposed),
      beforevalue: json(request.before),
      status: APPROVAL_STATUS.PENDING,
      requestedby: request.requestedby,
      requestdate: request.requestdate,
      decidedby: null,
      decisiondate: null,
      reason: null,
    })
    .returning('requestid')
    .executeTakeFirstOrThrow()
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? new ApiError(CODES.APPROVAL_PENDING, pendingMessage) : error;
    });
  return Number(inserted.requestid);
}

export async function findRequest(db: Kysely<Schema>, requestid: number): Promise<ApprovalRequest | undefined> {
  const row = await db.selectFrom('approval_request').selectAll().where('requestid', '=', requestid).executeTakeFirst();
  return row ? toRequest(row) : undefined;
}

/**
 * Marks a PENDING request decided, in the caller's transaction; false when it is no longer PENDING (another
 * decider got there first: on PostgreSQL the second update waits for the first to commit, then finds nothing).
 */
export async function claimDecision(
  trx: Kysely<Schema>,
  requestid: number,
  decision: { status: ApprovalStatus; decidedby: string; decisiondate: string; reason: string | null },
): Promise<boolean> {
  const result = await trx
    .updateTable('approval_request')
    .set(decision)
    .where('requestid', '=', requestid)
    .where('status', '=', APPROVAL_STATUS.PENDING)
    .where('requestedby', '<>', decision.decidedby)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- a page's queue ----------------------------------------------------------------------------------

export interface QueueFilter {
  /** The page's menus and actions (absent: all). */
  menus?: string[];
  actions?: string[];
}

export interface QueueInput {
  criteria: Record<string, unknown> | undefined;
  sort: Record<string, SortDirection> | undefined;
  paging: Paging | undefined;
}

const badRequest = (message: string) => new ApiError(CODES.BAD_REQUEST, `Invalid request: ${message}`, 400);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

type Builder = ExpressionBuilder<Schema, 'approval_request'>;

/** The Record the pages show is the record's name and key: found by either, sorted by the name (its key without one). */
const RECORD_FIELD = 'record';
const recordSort = sql`coalesce(approval_request.recordname, approval_request.recordkey)`;

/** One search criterion of the approval screen as SQL: contains for text, exact for choices, a day range for dates. */
function criterion(search: SearchField, value: unknown, dialect: DialectName): ((eb: Builder) => Expression<SqlBool>) | undefined {
  const name = search.field.name;
  const column = sql.ref(`approval_request.${name}`);
  if (value === null || value === undefined || value === '') return undefined;
  if (search.field.type === 'datetime') {
    if (!Array.isArray(value) || value.length !== 2 || !value.every((v) => v === null || v === '' || (typeof v === 'string' && DAY.test(v)))) {
      throw badRequest(`criteria.${name} must be a [from, to] pair of dates (YYYY-MM-DD)`);
    }
    const [from, to] = value as (string | null)[];
    return (eb) => eb.and([...(from ? [sql<SqlBool>`${column} >= ${from}`] : []), ...(to ? [sql<SqlBool>`${column} <= ${`${to}T23:59:59.999Z`}`] : [])]);
  }
  if (typeof value !== 'string' || value.length > 255) throw badRequest(`criteria.${name} must be a text of at most 255 characters`);
  if (search.exact) return () => sql<SqlBool>`${column} = ${value}`;
  const inner = value.replace(/^%+/, '').replace(/%+$/, '').replace(/[\\%_]/g, (c) => `\\${c}`);
  const pattern = `%${inner}%`;
  const contains = (text: Expression<unknown> | ReturnType<typeof sql.ref>) => (dialect === 'postgres' ? sql<SqlBool>`${text} ilike ${pattern} escape '\\'` : sql<SqlBool>`${text} like ${pattern} escape '\\'`);
  if (name === RECORD_FIELD) return (eb) => eb.or([contains(sql.ref('approval_request.recordname')), contains(sql.ref('approval_request.recordkey'))]);
  return () => contains(column);
}

/** The PENDING requests of a page that the caller may decide, searched, sorted and paged as any list. */
export async function listQueue(
  db: Kysely<Schema>,
  dialect: DialectName,
  screen: ScreenDefinition,
  filter: QueueFilter,
  input: QueueInput,
): Promise<{ rows: ApprovalRequest[]; paging: { page: number; limit: number; totalrecord: number } }> {
  const searches = new Map(searchFields(screen).map((s) => [s.field.name, s]));
  const wheres: ((eb: Builder) => Expression<SqlBool>)[] = [];
  for (const [name, value] of Object.entries(input.criteria ?? {})) {
    const search = searches.get(name);
    if (!search) throw badRequest(`cannot search by "${name}"`);
    const where = criterion(search, value, dialect);
    if (where) wheres.push(where);
  }
  const sortable = new Set(tableColumns(screen).filter((c) => c.sortable).map((c) => c.field.name));
  const sort = Object.entries(input.sort && Object.keys(input.sort).length > 0 ? input.sort : (screen.options?.defaultSort ?? {}));
  for (const [name, direction] of sort) {
    if (!sortable.has(name) || (direction !== 'asc' && direction !== 'desc')) throw badRequest(`cannot sort by "${name}"`);
  }
  const limit = input.paging?.limit ?? -1;
  const page = input.paging?.page ?? 1;

  const scoped = (eb: Builder) =>
    eb.and([
      eb('status', '=', APPROVAL_STATUS.PENDING),
      ...(filter.menus ? [eb('menucode', 'in', filter.menus)] : []),
      ...(filter.actions ? [eb('action', 'in', filter.actions)] : []),
      ...wheres.map((w) => w(eb)),
    ]);
  let query = db.selectFrom('approval_request').selectAll().where(scoped);
  for (const [name, direction] of sort) {
    if (name === RECORD_FIELD) query = query.orderBy(recordSort, direction as SortDirection).orderBy('recordkey', direction as SortDirection);
    else query = query.orderBy(sql.ref(name), direction as SortDirection);
  }
  query = query.orderBy('requestid', 'asc');
  if (limit > 0) query = query.limit(limit).offset((page - 1) * limit);
  const rows = (await query.execute()).map(toRequest);
  let total = rows.length;
  if (limit > 0 && (page > 1 || rows.length === limit)) {
    const counted = await db.selectFrom('approval_request').select((eb) => eb.fn.countAll().as('n')).where(scoped).executeTakeFirstOrThrow();
    total = Number(counted.n);
  }
  return { rows, paging: { page, limit, totalrecord: total } };
}
