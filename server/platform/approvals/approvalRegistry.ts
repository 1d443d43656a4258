// The approval appliers and decision listeners by menu and action: the generic resource API registers its
// gated writes (server/platform/approvals/approvalHooks.ts), domain flows their own; a decision finds them here.
import type { Kysely } from 'kysely';
import type { ApprovalStatus } from '../../../engine/definition/approvals';
import type { ApprovalPage, ScreenDefinition } from '../../../engine/definition/screen';
import type { ActionContext, ActionResult } from '../core/action';
import type { Schema } from '../db/schema';
import type { Row } from '../resources/records';
import type { ApprovalRequest } from './approvalStore';

/** How the requests of one menu's action are shown and applied. */
export interface ApprovalApplier {
  /** The definition whose fields label the change on the approval pages. */
  screen: ScreenDefinition;
  /** The record as it is now (null when there is none), with the fields the request's values have. */
  current(db: Kysely<Schema>, request: ApprovalRequest): Promise<Row | null>;
  /** Applies the request in the decision's transaction; an ApiError refuses it and rolls everything back. */
  apply(ctx: ActionContext, trx: Kysely<Schema>, request: ApprovalRequest): Promise<void>;
  /** After an approval's transaction has committed: what must follow the applied change outside it (serving new definitions). */
  applied?(ctx: ActionContext, request: ApprovalRequest): Promise<void>;
  /**
   * The maker's call made by other code (a suspect duplicate's Request Merge): the write's dry run with `data`,
   * then the request; `link` runs in the request's transaction with its id and record key (an ApiError there
   * stores nothing). Absent for a domain flow's own requests.
   */
  request?(ctx: ActionContext, data: Row, link?: RequestLink): Promise<ActionResult>;
}

/** What other code does in a new request's transaction (e.g. marks the row it was asked from). */
export type RequestLink = (trx: Kysely<Schema>, request: { requestid: number; recordkey: string }) => Promise<void>;

/** Runs in a decision's transaction after the request is applied (approved) or rejected: rows that follow the request. */
export type DecisionListener = (ctx: ActionContext, trx: Kysely<Schema>, request: ApprovalRequest, status: ApprovalStatus) => Promise<void>;

/** The appliers by menu and action: the generic resource API's, and domain flows' own. */
export class ApprovalRegistry {
  /** The approval pages of the catalogue: who may approve a request follows from them. */
  constructor(readonly pages: readonly ApprovalPage[] = []) {}

  readonly #appliers = new Map<string, ApprovalApplier>();

  register(menucode: string, action: string, applier: ApprovalApplier): void {
    const id = `${menucode} ${action}`;
    if (this.#appliers.has(id)) throw new Error(`Approval of ${menucode} "${action}" is registered twice`);
    this.#appliers.set(id, applier);
  }

  applierFor(request: { menucode: string; action: string }): ApprovalApplier | undefined {
    return this.#appliers.get(`${request.menucode} ${request.action}`);
  }

  readonly #listeners = new Map<string, DecisionListener[]>();

  /** Calls `listener` in the transaction of every decision on this menu's action. */
  onDecision(menucode: string, action: string, listener: DecisionListener): void {
    const id = `${menucode} ${action}`;
    this.#listeners.set(id, [...(this.#listeners.get(id) ?? []), listener]);
  }

  listenersFor(request: { menucode: string; action: string }): readonly DecisionListener[] {
    return this.#listeners.get(`${request.menucode} ${request.action}`) ?? [];
  }
}
