// Roles and users on first start: the demo set (password Admin#2026), or in production one admin; and the demo
// roles' enrollment access once the memberships are seeded.
import type { Kysely } from 'kysely';
import type { Schema } from '../../platform/db/schema';
import type { SeedContext } from '../../platform/serverModule';
import { hashPassword } from '../../platform/session/passwordHash';
import { sha256Hex } from '../../platform/core/sha256';
import { resourceModel } from '../../../engine/definition/compile';
import { isListScreen } from '../../../engine/definition/screen';
import { functionCatalogue, type Catalogue } from '../../../engine/definition/catalogue';
import { POST_DIRECT } from '../../platform/approvals/directWrites';
import { definitionDb } from '../../platform/db/definitionDb';

interface MenuFunction {
  menucode: string;
  functioncode: string;
}

export const DEMO_PASSWORD = 'Admin#2026';
export const ADMIN_ROLE = 'ADMIN';

interface DemoRole {
  rolecode: string;
  rolename: string;
  roledescription: string;
  /** Row scope: head-office roles see every row (ALL); branch and partner staff their own (OWN). */
  rowscope: 'ALL' | 'OWN';
  /** Which catalogue functions the role grants. */
  grants: (fn: MenuFunction, catalogue: Catalogue) => boolean;
}

const REDUCED_MENUS = new Set(['MEMBER', 'ENROLL', 'PROFILE', 'DASHBOARD']);

const DEMO_ROLES: DemoRole[] = [
  { rolecode: ADMIN_ROLE, rolename: 'Administrator', roledescription: 'Every menu and function', rowscope: 'ALL', grants: () => true },
  {
    rolecode: 'BOD',
    rolename: 'BOD',
    roledescription: 'Board of directors: member data and profile only',
    rowscope: 'ALL',
    grants: (fn) => ['BMEMMGT', 'BPROFL'].includes(fn.menucode) && fn.functioncode.endsWith('_ACCESS'),
  },
  {
    rolecode: 'BRANCH',
    rolename: 'Branch Office',
    roledescription: 'Branch and ticket office staff: member service',
    rowscope: 'OWN',
    // Their manual miles (activities, and the like) wait for a checker: no post-without-approval function.
    grants: (fn) => REDUCED_MENUS.has(fn.menucode) && !fn.functioncode.endsWith(`_${POST_DIRECT}`),
  },
  {
    rolecode: 'PARTNER',
    rolename: 'Partner',
    roledescription: 'Partner staff: voucher verification',
    rowscope: 'OWN',
    grants: (fn) => ['VOUCHVER', 'PROFILE', 'DASHBOARD'].includes(fn.menucode),
  },
  {
    rolecode: 'CHECKER',
    rolename: 'Checker',
    roledescription: 'Approves or rejects the requests of other staff (maker-checker)',
    rowscope: 'ALL',
    // Every approval page, and a look (ACCESS only) at the screens whose writes wait for approval.
    grants: (fn, catalogue) => {
      const page = catalogue.pageByMenu.get(fn.menucode);
      if (page?.kind === 'approvals' || ['PROFILE', 'DASHBOARD'].includes(fn.menucode)) return true;
      return !!page && isListScreen(page) && !!page.approval && fn.functioncode === `${fn.menucode}_ACCESS`;
    },
  },
];

interface DemoUser {
  username: string;
  userfullname: string;
  email: string;
  rolecode: string;
  branchcode: string | null;
  tickoffid: string | null;
  partnercode: string | null;
  /** Days since the password was set. */
  passwordAgeDays: number;
}

const DEMO_USERS: DemoUser[] = [
  { username: 'admin', userfullname: 'System Administrator', email: 'admin@alms.example', rolecode: ADMIN_ROLE, branchcode: 'JKTHO', tickoffid: 'JKT01', partnercode: null, passwordAgeDays: 0 },
  { username: 'bod', userfullname: 'Board Member', email: 'bod@alms.example', rolecode: 'BOD', branchcode: 'JKTHO', tickoffid: 'JKT01', partnercode: null, passwordAgeDays: 0 },
  { username: 'branch', userfullname: 'Branch Officer', email: 'branch@alms.example', rolecode: 'BRANCH', branchcode: 'DPSBO', tickoffid: 'DPS01', partnercode: null, passwordAgeDays: 0 },
  { username: 'partner', userfullname: 'Partner Officer', email: 'partner@alms.example', rolecode: 'PARTNER', branchcode: null, tickoffid: null, partnercode: 'BNI', passwordAgeDays: 0 },
  { username: 'hotel', userfullname: 'Hilton Voucher Desk', email: 'hotel@alms.example', rolecode: 'PARTNER', branchcode: null, tickoffid: null, partnercode: 'HILTON', passwordAgeDays: 0 },
  { username: 'checker', userfullname: 'Approval Officer', email: 'checker@alms.example', rolecode: 'CHECKER', branchcode: 'JKTHO', tickoffid: 'JKT01', partnercode: null, passwordAgeDays: 0 },
  { username: 'expired', userfullname: 'Expired Password User', email: 'expired@alms.example', rolecode: 'BRANCH', branchcode: 'DPSBO', tickoffid: 'DPS01', partnercode: null, passwordAgeDays: 120 },
];

/** Seeds once (when no role exists yet); afterwards only keeps the admin role's grants complete. */
export async function seedRolesAndUsers({ db, catalogue, config, now }: SeedContext): Promise<void> {
  const anyRole = await db.selectFrom('role').select('rolecode').limit(1).executeTakeFirst();
  if (!anyRole) {
    await db.transaction().execute(async (trx) => {
      if (config.production) {
        await insertRole(trx, catalogue, DEMO_ROLES[0]!);
        await insertUser(trx, DEMO_USERS[0]!, config.adminPassword!, now);
      } else {
        for (const role of DEMO_ROLES) await insertRole(trx, catalogue, role);
        for (const user of DEMO_USERS) await insertUser(trx, user, DEMO_PASSWORD, now);
      }
    });
  }
  await syncAdminGrants(db, catalogue);
  await fillRowScopes(db, config.production ? [DEMO_ROLES[0]!] : DEMO_ROLES);
}

/** Grants every function of the catalogue to the admin role, including functions new since the last start. */
export async function syncAdminGrants(db: Kysely<Schema>, catalogue: Catalogue): Promise<void> {
  const functions = functionCatalogue(catalogue);
  const existing = new Set(
    (await db.selectFrom('role_permission').select('functioncode').where('rolecode', '=', ADMIN_ROLE).execute()).map((r) => r.functioncode),
  );
  const missing = functions.filter((fn) => !existing.has(fn.functioncode));
  for (let i = 0; i < missing.length; i += 200) {
    await db
      .insertInto('role_permission')
      .values(missing.slice(i, i + 200).map((fn) => ({ rolecode: ADMIN_ROLE, ...fn, granted: 1 })))
      .execute();
  }
}

/**
 * Roles made before Row Scope existed have none (read as OWN): the seeded roles get theirs, so an upgraded
 * database's administrator still sees every row.
 */
async function fillRowScopes(db: Kysely<Schema>, roles: readonly DemoRole[]): Promise<void> {
  for (const role of roles) await db.updateTable('role').set({ rowscope: role.rowscope }).where('rolecode', '=', role.rolecode).where('rowscope', 'is', null).execute();
}

async function insertRole(db: Kysely<Schema>, catalogue: Catalogue, role: DemoRole): Promise<void> {
  await db.insertInto('role').values({ rolecode: role.rolecode, rolename: role.rolename, roledescription: role.roledescription, rowscope: role.rowscope, status: 'ACTIVE' }).execute();
  const rows = functionCatalogue(catalogue).map((fn) => ({ rolecode: role.rolecode, ...fn, granted: role.grants(fn, catalogue) ? 1 : 0 }));
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('role_permission').values(rows.slice(i, i + 200)).execute();
}

async function insertUser(db: Kysely<Schema>, user: DemoUser, password: string, now: Date): Promise<void> {
  const { passwordAgeDays, ...fields } = user;
  await db
    .insertInto('app_user')
    .values({
      ...fields,
      status: 'ACTIVE',
      passwordhash: await hashPassword(sha256Hex(password)),
      passworddate: new Date(now.getTime() - passwordAgeDays * 86_400_000).toISOString(),
      failedcount: 0,
      lockeduntil: null,
      createddate: now.toISOString(),
      updateddate: now.toISOString(),
    })
    .execute();
}

/** Demo enrollment access: the admin role may enroll into every membership, branch staff into the individual ones. */
export async function seedEnrollmentAccess(db: Kysely<Schema>, catalogue: Catalogue): Promise<void> {
  const screen = catalogue.screenByResource.get('membership');
  if (!screen || (await db.selectFrom('role_enrollment').select('rolecode').limit(1).executeTakeFirst())) return;
  const memberships = (await definitionDb(db).selectFrom(resourceModel(screen).table).select(['membershipid', 'membershiptypeid']).execute()) as { membershipid: string; membershiptypeid: string }[];
  const rows = memberships.flatMap(({ membershipid, membershiptypeid }) => [
    { rolecode: ADMIN_ROLE, membershipid, granted: 1 },
    { rolecode: 'BRANCH', membershipid, granted: membershiptypeid === 'IND' ? 1 : 0 },
  ]);
  const roles = new Set((await db.selectFrom('role').select('rolecode').execute()).map((r) => r.rolecode));
  const wanted = rows.filter((r) => roles.has(r.rolecode));
  if (wanted.length > 0) await db.insertInto('role_enrollment').values(wanted).execute();
}
