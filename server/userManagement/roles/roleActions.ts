// Permissions fetched after login (spec 000 §6): the caller's own menus and a role's detail.
import { defineAction } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import { CODES } from '../../../engine/api/responseCodes';
import { loadEnrollmentAccess, loadUserMenu } from '../../platform/core/permissions';

export const roleActions = [
  defineAction({
    path: '/api/role/get-menu',
    guard: 'session',
    handler: async ({ db, user }) => ({
      result: { usermenu: await loadUserMenu(db, user!.rolecode), enrollmentaccess: await loadEnrollmentAccess(db, user!.rolecode) },
    }),
  }),

  defineAction({
    path: '/api/role/retrieve-detail',
    guard: { function: 'ROLE_ACCESS' },
    data: { type: 'object', required: ['rolecode'], properties: { rolecode: { type: 'string', minLength: 1, maxLength: 40 } } },
    handler: async ({ db, parameter }) => {
      const { rolecode } = parameter.data as { rolecode: string };
      const role = await db.selectFrom('role').selectAll().where('rolecode', '=', rolecode).executeTakeFirst();
      if (!role) throw new ApiError(CODES.NOT_FOUND, `Role "${rolecode}" not found`);
      return { result: { ...role, usermenu: await loadUserMenu(db, rolecode), enrollmentaccess: await loadEnrollmentAccess(db, rolecode) } };
    },
  }),
];
