// What a caller's row scope answers: the conditions their queries keep to (built by server/platform/resources/rowScope.ts,
// carried by every action's context).
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { ResourceModel } from '../../../engine/definition/compile';

/** One condition a query keeps to, in the shape of the generic list's criteria (a shape, its values, its SQL). */

export interface ScopeCondition {
  /** What SQL it needs: part of the compiled statement's cache key. */
  shape: string;
  params: unknown[];
  build(eb: ExpressionBuilder<any, any>, p: unknown[]): Expression<SqlBool>;
}

/** Whose rows a count over members keeps to: member column -> value (a scoped caller's branch); empty: every member's. */

export type MemberFilter = Readonly<Record<string, string>>;

/** 'read': lists and details; 'write': changes, which also keep to the memberships the role may enroll in. */

export type ScopeMode = 'read' | 'write';

/** Where a member stands for the caller. */

export type MemberPlace = 'missing' | 'in' | 'out';

export interface Scope {
  /** false: the caller sees every row (a head-office role, a public or system call). */
  readonly limited: boolean;
  /** The conditions a query of the model keeps to (none when the caller is not limited or the model carries no scope). */
  conditions(db: Kysely<any>, model: ResourceModel, mode: ScopeMode): Promise<ScopeCondition[]>;
  /** The first scope field whose value in `values` (a row about to be written) lies outside the caller's scope. */
  outside(db: Kysely<any>, model: ResourceModel, values: Record<string, unknown>): Promise<string | undefined>;
  /** Whether the member exists and lies in the caller's scope. */
  member(db: Kysely<any>, memberid: string, mode: ScopeMode): Promise<MemberPlace>;
  /** The caller's own value of a dimension (their branch or partner code), when it limits them. */
  own(dimension: 'branch' | 'partner'): string | undefined;
  /**
   * The members the caller reads, as member column -> value (their branch), for the reads that count over members
   * (reports, dashboard panels); empty when every member is in scope.
   */
  members(): MemberFilter;
}
