// Permissions fetched after login (spec 000 §6): the caller's own menus and a role's detail.
import { defineAction } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import { CODES } from '../../../engine/api/responseCodes';
import { loadEnrollmentAccess, loadUserMenu } from '../../platform/core/permissions';

// What the permission calls answer (permissions.ts UserMenu, EnrollmentAccess), for the API reference.
const USER_MENU = {
  type: 'array',
  items: {
    type: 'object',
    required: ['menucode', 'functions'],
    properties: { menucode: { type: 'string' }, functions: { type: 'array', items: { type: 'object', required: ['functioncode', 'grant'], properties: { functioncode: { type: 'string' }, grant: { type: 'boolean' } } } } },
  },
};
const ENROLLMENT_ACCESS = { type: 'array', items: { type: 'object', required: ['membershipid', 'grant'], properties: { membershipid: { type: 'string' }, grant: { type: 'boolean' } } } };
const PERMISSIONS = { usermenu: USER_MENU, enrollmentaccess: ENROLLMENT_ACCESS };

export const roleActions = [
  defineAction({
    path: '/api/role/get-menu',
    guard: 'session',
    reference: { summary: "The caller's menus with their granted functions, and the memberships they may enroll in", result: { type: 'object', required: ['usermenu', 'enrollmentaccess'], properties: PERMISSIONS } },
    handler: async ({ db, user }) => ({
      result: { usermenu: await loadUserMenu(db, user!.rolecode), enrollmentaccess: await loadEnrollmentAccess(db, user!.rolecode) },
    }),
  }),

  defineAction({
    path: '/api/role/retrieve-detail',
    guard: { function: 'ROLE_ACCESS' },
    data: { type: 'object', required: ['rolecode'], properties: { rolecode: { type: 'string', minLength: 1, maxLength: 40 } } },
    reference: {
      summary: 'A role with its menus, functions and enrollment access',
      result: {
        title: 'role detail',
        type: 'object',
        required: ['rolecode', 'rolename', 'status', 'usermenu', 'enrollmentaccess'],
        properties: { rolecode: { type: 'string' }, rolename: { type: 'string' }, roledescription: { type: ['string', 'null'] }, status: { type: 'string' }, rowscope: { type: ['string', 'null'] }, ...PERMISSIONS },
      },
      codes: [CODES.NOT_FOUND],
    },
    handler: async ({ db, parameter }) => {
      const { rolecode } = parameter.data as { rolecode: string };
      const role = await db.selectFrom('role').selectAll().where('rolecode', '=', rolecode).executeTakeFirst();
      if (!role) throw new ApiError(CODES.NOT_FOUND, `Role "${rolecode}" not found`);
      return { result: { ...role, usermenu: await loadUserMenu(db, rolecode), enrollmentaccess: await loadEnrollmentAccess(db, rolecode) } };
    },
  }),
];
