// The Role screen's grants (spec 000 §3 'Permission'): usermenu (menus x function codes with a grant flag)
// and enrollmentaccess (one grant per membership) live in their own tables; the guard reads them on every
// call, so a change takes effect on the user's next request.
import type { Kysely } from 'kysely';
import { CODES } from '../../../engine/api/responseCodes';
import { functionCatalogue, type Catalogue } from '../../../engine/definition/catalogue';
import { resourceModel } from '../../../engine/definition/compile';
import { ApiError } from '../../platform/core/apiError';
import { roleAdministrationHooks } from '../users/administratorGuard';
import type { Schema } from '../../platform/db/schema';
import type { ResourceHooks } from '../../platform/resources/hooks';
import type { Row } from '../../platform/resources/records';
import { loadEnrollmentAccess, loadUserMenu, type EnrollmentAccess, type UserMenu } from '../../platform/core/permissions';
import { definitionDb } from '../../platform/db/definitionDb';

/** The resource whose rows enrollment access grants are given for. */
const MEMBERSHIP_RESOURCE = 'membership';
const MAX_ENTRIES = 5000;

const invalidField = (field: string, message: string) => new ApiError(CODES.VALIDATION, message, 200, { [field]: message });
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseUserMenu(value: unknown, known: Map<string, string>): { menucode: string; functioncode: string; granted: number }[] {
  const bad = (what: string) => invalidField('usermenu', `Permission ${what}`);
  if (!Array.isArray(value) || value.length > MAX_ENTRIES) throw bad('must be a list of menus');
  const rows = new Map<string, { menucode: string; functioncode: string; granted: number }>();
  for (const menu of value) {
    if (!isObject(menu) || typeof menu.menucode !== 'string' || !Array.isArray(menu.functions)) throw bad('must list each menu with its functions');
    for (const fn of menu.functions) {
      if (!isObject(fn) || typeof fn.functioncode !== 'string' || typeof fn.grant !== 'boolean') throw bad('functions need a functioncode and a grant flag');
      if (known.get(fn.functioncode) !== menu.menucode) throw bad(`"${fn.functioncode}" is not a function of menu "${menu.menucode}"`);
      rows.set(fn.functioncode, { menucode: menu.menucode, functioncode: fn.functioncode, granted: fn.grant ? 1 : 0 });
    }
  }
  return [...rows.values()];
}

async function parseEnrollment(db: Kysely<Schema>, value: unknown, catalogue: Catalogue): Promise<{ membershipid: string; granted: number }[]> {
  const bad = (what: string) => invalidField('enrollmentaccess', `Enrollment access ${what}`);
  if (!Array.isArray(value) || value.length > MAX_ENTRIES) throw bad('must be a list of memberships');
  const rows = new Map<string, { membershipid: string; granted: number }>();
  for (const entry of value) {
    if (!isObject(entry) || typeof entry.membershipid !== 'string' || typeof entry.grant !== 'boolean') throw bad('needs a membershipid and a grant flag');
    rows.set(entry.membershipid, { membershipid: entry.membershipid, granted: entry.grant ? 1 : 0 });
  }
  const screen = catalogue.screenByResource.get(MEMBERSHIP_RESOURCE);
  if (screen && rows.size > 0) {
    const model = resourceModel(screen);
    const found = await definitionDb(db).selectFrom(model.table).select('membershipid').where('membershipid', 'in', [...rows.keys()]).execute();
    const existing = new Set(found.map((r: { membershipid: string }) => r.membershipid));
    const missing = [...rows.keys()].find((id) => !existing.has(id));
    if (missing) throw bad(`names membership "${missing}", which does not exist`);
  }
  return [...rows.values()];
}

export function roleHooks(catalogue: Catalogue): ResourceHooks {
  const known = new Map(functionCatalogue(catalogue).map((fn) => [fn.functioncode, fn.menucode]));
  return {
    // Someone must keep the User and Role grants (server/userManagement/users/administratorGuard.ts).
    ...roleAdministrationHooks,
    loadUnstored: async (db, record): Promise<{ usermenu: UserMenu[]; enrollmentaccess: EnrollmentAccess[] }> => ({
      usermenu: await loadUserMenu(db, String(record.rolecode)),
      enrollmentaccess: await loadEnrollmentAccess(db, String(record.rolecode)),
    }),
    saveUnstored: async (_ctx, trx, record, values: Row) => {
      const rolecode = String(record.rolecode);
      if ('usermenu' in values) {
        const rows = parseUserMenu(values.usermenu, known);
        await trx.deleteFrom('role_permission').where('rolecode', '=', rolecode).execute();
        for (let i = 0; i < rows.length; i += 200) {
          await trx.insertInto('role_permission').values(rows.slice(i, i + 200).map((r) => ({ rolecode, ...r }))).execute();
        }
      }
      if ('enrollmentaccess' in values) {
        const rows = await parseEnrollment(trx, values.enrollmentaccess, catalogue);
        await trx.deleteFrom('role_enrollment').where('rolecode', '=', rolecode).execute();
        if (rows.length > 0) await trx.insertInto('role_enrollment').values(rows.map((r) => ({ rolecode, ...r }))).execute();
      }
    },
  };
}
