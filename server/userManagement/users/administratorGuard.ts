// Someone must always be able to administer users and roles: nobody deactivates, deletes or takes the
// User and Role grants from their own account (or its role), and no change to a user or a role may leave
// no active user holding them. Runs as the User and Role resources' checkChange hook, after the change and
// in its transaction, so the rule is checked on the state the change would leave.
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { CODES } from '../../../engine/api/responseCodes';
import type { ActionContext } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import type { Schema } from '../../platform/db/schema';
import type { ResourceHooks } from '../../platform/resources/hooks';
import type { Row } from '../../platform/resources/records';
import * as moduleTexts from './texts.json';

/**
 * The grants that let a user recover everything else: with them one can edit any user (role, details) and
 * give any role any function, including the user activate and delete functions.
 */
export const ADMINISTRATION_FUNCTIONS = ['USER_ACCESS', 'USER_UPDATE', 'ROLE_ACCESS', 'ROLE_UPDATE'] as const;

// not in spec: the product's own texts.
export const ADMINISTRATION_TEXTS = moduleTexts.administration;

const ACTIVE = 'ACTIVE';
/** Serialises these checks on PostgreSQL, so two administrators removing each other at once cannot both win. */
const ADVISORY_LOCK = 7_311_024;

const refuse = (message: string, field?: string) => new ApiError(CODES.VALIDATION, message, 200, field ? { [field]: message } : undefined);

/** The administration functions an active role grants (none for an inactive or unknown role). */
async function grantsOf(db: Kysely<Schema>, rolecode: unknown): Promise<Set<string>> {
  const rows = await db
    .selectFrom('role_permission')
    .innerJoin('role', 'role.rolecode', 'role_permission.rolecode')
    .select('role_permission.functioncode')
    .where('role_permission.rolecode', '=', String(rolecode))
    .where('role.status', '=', ACTIVE)
    .where('role_permission.granted', '=', 1)
    .where('role_permission.functioncode', 'in', [...ADMINISTRATION_FUNCTIONS])
    .execute();
  return new Set(rows.map((r) => r.functioncode));
}

/** The administration functions a role's usermenu block (spec 000 §3) grants. */
function grantsIn(usermenu: unknown): Set<string> {
  const granted = new Set<string>();
  if (!Array.isArray(usermenu)) return granted;
  for (const menu of usermenu as { functions?: { functioncode: string; grant: boolean }[] }[]) {
    for (const fn of menu.functions ?? []) if (fn.grant && (ADMINISTRATION_FUNCTIONS as readonly string[]).includes(fn.functioncode)) granted.add(fn.functioncode);
  }
  return granted;
}

const loses = (held: Set<string>, now: Set<string>) => [...held].some((fn) => !now.has(fn));

/** Throws unless an active user of an active role still holds every administration function. */
async function assertSomeoneAdministers(db: Kysely<Schema>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_advisory_xact_lock(${ADVISORY_LOCK})`.execute(db);
  const holder = await db
    .selectFrom('app_user')
    .innerJoin('role', 'role.rolecode', 'app_user.rolecode')
    .select('app_user.username')
    .where('app_user.status', '=', ACTIVE)
    .where('role.status', '=', ACTIVE)
    .where('app_user.rolecode', 'in', (eb) =>
      eb
        .selectFrom('role_permission')
        .select('role_permission.rolecode')
        .where('role_permission.granted', '=', 1)
        .where('role_permission.functioncode', 'in', [...ADMINISTRATION_FUNCTIONS])
        .groupBy('role_permission.rolecode')
        .having((h) => h.fn.countAll(), '=', ADMINISTRATION_FUNCTIONS.length),
    )
    .limit(1)
    .executeTakeFirst();
  if (!holder) throw refuse(ADMINISTRATION_TEXTS.lastAdministrator);
}

/** The User resource: one's own account, then everyone's. */
async function checkUserChange(ctx: ActionContext, trx: Kysely<Schema>, { before, after }: { before: Row; after?: Row }): Promise<void> {
  if (String(before.username) === ctx.user?.username) {
    if (!after) throw refuse(ADMINISTRATION_TEXTS.ownDelete);
    if (after.status !== ACTIVE) throw refuse(ADMINISTRATION_TEXTS.ownDeactivate);
    if (after.rolecode !== before.rolecode && loses(await grantsOf(trx, before.rolecode), await grantsOf(trx, after.rolecode))) {
      throw refuse(ADMINISTRATION_TEXTS.ownGrants, 'rolecode');
    }
  }
  await assertSomeoneAdministers(trx);
}

/** The Role resource: the role of one's own account, then everyone's. */
async function checkRoleChange(ctx: ActionContext, trx: Kysely<Schema>, { before, after }: { before: Row; after?: Row }): Promise<void> {
  if (String(before.rolecode) === ctx.user?.rolecode) {
    if (!after) throw refuse(ADMINISTRATION_TEXTS.ownRoleDelete);
    if (after.status !== ACTIVE) throw refuse(ADMINISTRATION_TEXTS.ownRoleDeactivate);
    // An update with a grant matrix carries the grants before it; a status change leaves them alone.
    if (Array.isArray(before.usermenu) && loses(grantsIn(before.usermenu), await grantsOf(trx, before.rolecode))) {
      throw refuse(ADMINISTRATION_TEXTS.ownGrants, 'usermenu');
    }
  }
  await assertSomeoneAdministers(trx);
}

export const userAdministrationHooks: Pick<ResourceHooks, 'checkChange'> = { checkChange: checkUserChange };
export const roleAdministrationHooks: Pick<ResourceHooks, 'checkChange'> = { checkChange: checkRoleChange };
