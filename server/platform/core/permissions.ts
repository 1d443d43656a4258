// A role's grants: the usermenu and enrollmentaccess blocks of spec 000 §3, and the per-call grant check.
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';

export interface UserMenu {
  menucode: string;
  functions: { functioncode: string; grant: boolean }[];
}

export interface EnrollmentAccess {
  membershipid: string;
  grant: boolean;
}

export async function loadUserMenu(db: Kysely<Schema>, rolecode: string): Promise<UserMenu[]> {
  const rows = await db
    .selectFrom('role_permission')
    .select(['menucode', 'functioncode', 'granted'])
    .where('rolecode', '=', rolecode)
    .orderBy('menucode')
    .orderBy('functioncode')
    .execute();
  const menus = new Map<string, UserMenu>();
  for (const row of rows) {
    const menu = menus.get(row.menucode) ?? { menucode: row.menucode, functions: [] };
    menu.functions.push({ functioncode: row.functioncode, grant: row.granted === 1 });
    menus.set(row.menucode, menu);
  }
  return [...menus.values()];
}

export async function loadEnrollmentAccess(db: Kysely<Schema>, rolecode: string): Promise<EnrollmentAccess[]> {
  const rows = await db
    .selectFrom('role_enrollment')
    .select(['membershipid', 'granted'])
    .where('rolecode', '=', rolecode)
    .orderBy('membershipid')
    .execute();
  return rows.map((r) => ({ membershipid: r.membershipid, grant: r.granted === 1 }));
}

/** Whether the role grants any of these function codes (a guard's `orFunctions`, asked only when its first code is not granted). */
export async function grantsAny(db: Kysely<Schema>, rolecode: string, functioncodes: readonly string[] | undefined): Promise<boolean> {
  if (!functioncodes || functioncodes.length === 0) return false;
  const row = await db
    .selectFrom('role_permission')
    .select('functioncode')
    .where('rolecode', '=', rolecode)
    .where('functioncode', 'in', [...functioncodes])
    .where('granted', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}
