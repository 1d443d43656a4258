// Who may approve a request: the active roles holding the Approve function of an approval page that covers the
// request's menu and action. The maker's answer names them, so a request never waits on nobody knows whom.
import type { Kysely } from 'kysely';
import { APPROVAL_TEXTS, pageCovers, type RequestSubject } from '../../../engine/definition/approvals';
import { APPROVAL_FUNCTIONS } from '../../../engine/definition/compile';
import type { ApprovalPage } from '../../../engine/definition/screen';
import { formatMessage } from '../../../engine/rules';
import type { Schema } from '../db/schema';

/** The names of the active roles that may approve a request of this menu and action, sorted. */
export async function approverRoles(db: Kysely<Schema>, pages: readonly ApprovalPage[], subject: RequestSubject): Promise<string[]> {
  const functions = pages.filter((page) => pageCovers(page, subject)).map((page) => `${page.menucode}_${APPROVAL_FUNCTIONS.approve}`);
  if (functions.length === 0) return [];
  const rows = await db
    .selectFrom('role_permission')
    .innerJoin('role', 'role.rolecode', 'role_permission.rolecode')
    .select('role.rolename')
    .distinct()
    .where('role_permission.functioncode', 'in', functions)
    .where('role_permission.granted', '=', 1)
    .where('role.status', '=', 'ACTIVE')
    .orderBy('role.rolename')
    .execute();
  return rows.map((row) => row.rolename);
}

/**
 * The maker's answer: `lead` (that the request was submitted, or a flow's own words for what waits), then who
 * may approve it (or that no role may yet).
 */
export function submittedMessage(roles: readonly string[], lead: string = APPROVAL_TEXTS.submitted): string {
  return `${lead}. ${roles.length > 0 ? formatMessage(APPROVAL_TEXTS.approvers, { roles: roles.join(', ') }) : APPROVAL_TEXTS.noApprover}`;
}

/** The answer to a request just stored, with the roles it names: every flow that waits for a second person answers so. */
export async function submittedAnswer(db: Kysely<Schema>, pages: readonly ApprovalPage[], subject: RequestSubject, lead?: string): Promise<{ message: string; approvers: string[] }> {
  const approvers = await approverRoles(db, pages, subject);
  return { message: submittedMessage(approvers, lead), approvers };
}
