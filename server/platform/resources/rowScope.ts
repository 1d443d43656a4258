// Row scope: a user whose role is scoped (Row Scope OWN on the Role screen) reads and changes only the rows of
// their own branch and partner, and changes only rows of the memberships their role may enroll in. A resource
// names the fields that carry these (resource.scope in its definition); every list, detail, selector, download
// and write of it keeps to the caller's scope, and a row outside answers like a row that does not exist.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { resourceModel, type ResourceModel } from '../../../engine/definition/compile';
import type { Catalogue } from '../../../engine/definition/catalogue';
import type { Schema } from '../db/schema';
import type { SessionUser } from '../core/action';
import type { MemberFilter, MemberPlace, Scope, ScopeCondition, ScopeMode } from '../core/scope';
import { loadEnrollmentAccess } from '../core/permissions';
import type { Row } from './records';

/** The role's Row Scope value that sees every row; any other value (OWN, or none) keeps to the user's own rows. */
export const ROW_SCOPE_ALL = 'ALL';

/** The resource whose scope a row's `member` field borrows. */
const MEMBER_RESOURCE = 'member';

/** The caller who sees everything. */
export const UNLIMITED: Scope = {
  limited: false,
  conditions: async () => [],
  outside: async () => undefined,
  member: async (db, memberid) => ((await db.selectFrom('member').select('memberid').where('memberid', '=', memberid).executeTakeFirst()) ? 'in' : 'missing'),
  own: () => undefined,
  members: () => ({}),
};

const equals = (name: string, value: string): ScopeCondition => ({
  shape: `scope:${name}:eq`,
  params: [value],
  build: (eb, p) => eb(eb.ref(name), '=', p[0] as never),
});

const oneOf = (name: string, values: string[]): ScopeCondition =>
  values.length === 0
    ? { shape: `scope:${name}:none`, params: [], build: () => sql<SqlBool>`1 = 0` }
    : { shape: `scope:${name}:in:${values.length}`, params: values, build: (eb, p) => eb(eb.ref(name), 'in', p as never[]) };

/** The scopes of one server's catalogue: `of(user)` gives a call's scope. */
export class RowScopes {
  private readonly memberModel: ResourceModel | undefined;

  constructor(catalogue: Catalogue) {
    const member = catalogue.screenByResource.get(MEMBER_RESOURCE);
    this.memberModel = member ? resourceModel(member) : undefined;
  }

  /** The scope of a call by `user` (none: unlimited). */
  of(user: SessionUser | undefined): Scope {
    if (!user || user.rowscope === ROW_SCOPE_ALL) return UNLIMITED;
    return new UserScope(user, this.memberModel);
  }
}

/** A scoped user's scope; the role's enrollment access is read once, on the call's first write. */
class UserScope implements Scope {
  readonly limited = true;
  private memberships: Promise<string[]> | undefined;

  constructor(
    private readonly user: SessionUser,
    private readonly memberModel: ResourceModel | undefined,
  ) {}

  own(dimension: 'branch' | 'partner'): string | undefined {
    return (dimension === 'branch' ? this.user.branchcode : this.user.partnercode) ?? undefined;
  }

  members(): MemberFilter {
    const scope = this.memberModel?.scope ?? {};
    const filter: Record<string, string> = {};
    if (scope.branch && this.user.branchcode) filter[scope.branch] = this.user.branchcode;
    if (scope.partner && this.user.partnercode) filter[scope.partner] = this.user.partnercode;
    return filter;
  }

  private granted(db: Kysely<any>): Promise<string[]> {
    this.memberships ??= loadEnrollmentAccess(db as unknown as Kysely<Schema>, this.user.rolecode).then((rows) => rows.filter((r) => r.grant).map((r) => r.membershipid));
    return this.memberships;
  }

  /** The conditions on the model's own scope fields (branch, partner, and on writes membership). */
  private async ownConditions(db: Kysely<any>, model: ResourceModel, mode: ScopeMode): Promise<ScopeCondition[]> {
    const scope = model.scope ?? {};
    const found: ScopeCondition[] = [];
    if (scope.branch && this.user.branchcode) found.push(equals(scope.branch, this.user.branchcode));
    if (scope.partner && this.user.partnercode) found.push(equals(scope.partner, this.user.partnercode));
    if (scope.membership && mode === 'write') found.push(oneOf(scope.membership, await this.granted(db)));
    return found;
  }

  async conditions(db: Kysely<any>, model: ResourceModel, mode: ScopeMode): Promise<ScopeCondition[]> {
    const found = await this.ownConditions(db, model, mode);
    const via = model.scope?.member;
    const member = this.memberModel;
    if (!via || !member || member === model || member.name === model.name) return found;
    // The row's member must be in scope: its key among the members the member resource's own conditions keep.
    const inner = await this.ownConditions(db, member, mode);
    if (inner.length === 0) return found;
    const key = member.key[0]!;
    found.push({
      shape: `scope:${via}:member:${inner.map((c) => c.shape).join('&')}`,
      params: inner.flatMap((c) => c.params),
      build: (eb, p) => {
        let at = 0;
        const members = eb
          .selectFrom(member.table)
          .select(`${member.table}.${key}` as never)
          .where((inside) =>
            inside.and(
              inner.map((c) => {
                const slots = p.slice(at, (at += c.params.length));
                return c.build(inside, slots);
              }),
            ),
          );
        return eb(eb.ref(via), 'in', members as never);
      },
    });
    return found;
  }

  async outside(db: Kysely<any>, model: ResourceModel, values: Row): Promise<string | undefined> {
    const scope = model.scope ?? {};
    const value = (name: string | undefined) => (name && values[name] !== undefined && values[name] !== null ? String(values[name]) : undefined);
    const branch = value(scope.branch);
    if (branch !== undefined && this.user.branchcode && branch !== this.user.branchcode) return scope.branch;
    const partner = value(scope.partner);
    if (partner !== undefined && this.user.partnercode && partner !== this.user.partnercode) return scope.partner;
    const membership = value(scope.membership);
    if (membership !== undefined && !(await this.granted(db)).includes(membership)) return scope.membership;
    const memberid = value(scope.member);
    if (memberid !== undefined && this.memberModel && this.memberModel.name !== model.name && (await this.member(db, memberid, 'write')) === 'out') return scope.member;
    return undefined;
  }

  async member(db: Kysely<any>, memberid: string, mode: ScopeMode): Promise<MemberPlace> {
    const member = this.memberModel;
    if (!member) return 'missing';
    const key = member.key[0]!;
    const row = (await db.selectFrom(member.table).selectAll().where(key, '=', memberid).executeTakeFirst()) as Row | undefined;
    if (!row) return 'missing';
    return (await this.outsideOwn(db, member, row, mode)) ? 'out' : 'in';
  }

  /** Whether a stored row of the model fails its own scope fields (no member hop). */
  private async outsideOwn(db: Kysely<any>, model: ResourceModel, row: Row, mode: ScopeMode): Promise<boolean> {
    const scope = model.scope ?? {};
    if (scope.branch && this.user.branchcode && row[scope.branch] !== this.user.branchcode) return true;
    if (scope.partner && this.user.partnercode && row[scope.partner] !== this.user.partnercode) return true;
    if (scope.membership && mode === 'write' && !(await this.granted(db)).includes(String(row[scope.membership]))) return true;
    return false;
  }
}

/** The member a card number belongs to, if any (member_card holds every card a member was issued). */
async function memberOfCard(db: Kysely<any>, cardnumber: string): Promise<string | undefined> {
  const row = (await db.selectFrom('member_card').select('memberid').where('cardnumber', '=', cardnumber).limit(1).executeTakeFirst()) as { memberid: string } | undefined;
  return row?.memberid;
}

/** An action's data names a member by these fields (its JSON Schema declares them): the member must be in scope. */
const MEMBER_NAMES = ['memberid', 'cardnumber'] as const;

/** The member fields an action's data schema declares at its top level (what `checkNamedMember` looks at). */
export function memberFieldsOf(data: Record<string, unknown> | undefined): (typeof MEMBER_NAMES)[number][] {
  const properties = (data?.properties ?? {}) as Record<string, unknown>;
  return MEMBER_NAMES.filter((name) => Object.hasOwn(properties, name));
}

/**
 * A domain action that names a member (memberid or a card number, as its data schema declares) answers a scoped
 * caller for a member outside their scope as for a member that does not exist: before its handler runs, one
 * mechanism for every such action. A name no member holds is left to the action's own answer.
 */
export async function namedMemberPlace(db: Kysely<any>, scope: Scope, fields: readonly string[], data: unknown, mode: ScopeMode): Promise<MemberPlace> {
  if (!scope.limited || fields.length === 0 || typeof data !== 'object' || data === null) return 'missing';
  const values = data as Record<string, unknown>;
  for (const field of fields) {
    const value = values[field];
    if (typeof value !== 'string' || value === '') continue;
    const memberid = field === 'cardnumber' ? await memberOfCard(db, value) : value;
    if (memberid !== undefined && (await scope.member(db, memberid, mode)) === 'out') return 'out';
  }
  return 'in';
}

/** A filter of a panel or a report page, as far as its scope is concerned. */
interface ScopedFilter {
  name: string;
  label?: string;
  source?: { selector: string };
}

/**
 * The criteria of a panel or report that name a scope dimension: a filter choosing a record of a scoped resource
 * by its branch or partner field (the Partner filter of the redemption panel, the Branch of the member report).
 */
export function scopeCriteria(catalogue: Catalogue, filters: readonly ScopedFilter[]): Map<string, { dimension: 'branch' | 'partner'; label: string }> {
  const pins = new Map<string, { dimension: 'branch' | 'partner'; label: string }>();
  for (const filter of filters) {
    const selector = filter.source ? catalogue.selectors[filter.source.selector] : undefined;
    const screen = selector && catalogue.screenByResource.get(selector.resource);
    const scope = screen?.resource.scope;
    if (!selector || !scope) continue;
    for (const dimension of ['branch', 'partner'] as const) if (scope[dimension] === selector.value) pins.set(filter.name, { dimension, label: filter.label ?? filter.name });
  }
  return pins;
}

/**
 * Panels and reports keep to the caller's scope through their scope criteria: an empty one takes the caller's own
 * branch or partner; another value is refused on its field. Returns the refusals (criterion -> message).
 */
export function pinToScope(scope: Scope, pins: ReturnType<typeof scopeCriteria>, criteria: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, { dimension, label }] of pins) {
    const own = scope.own(dimension);
    if (own === undefined) continue;
    const sent = criteria[name];
    if (sent === null || sent === undefined || sent === '' || sent === 'ALL') criteria[name] = own;
    else if (String(sent) !== own) errors[name] = `${label} "${String(sent)}" is outside your scope`;
  }
  return errors;
}
