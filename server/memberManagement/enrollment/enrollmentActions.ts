// The individual enrollment wizard's server (screens/member-management/enrollment.json): the membership and
// personal steps checked on Next, and the Submit enrolling the member in one transaction.
import type { Catalogue } from '../../../engine/definition/catalogue';
import type { Action } from '../../platform/core/action';
import { LEGENDS, writeUserLog } from '../../platform/userlog/userLog';
import { wizardActions } from '../../platform/wizards/wizardActions';
import { ENROLL_MENU, ENROLL_STEPS, ENROLL_TEXTS, checkMembershipStep, checkPersonalStep, enrollMember } from './enrollmentStore';

/** What Submit answers (enrollmentStore.ts EnrollmentResponse), for the API reference. */
const ENROLLED = {
  title: 'enrolled member',
  type: 'object',
  required: ['memberid', 'username', 'cardnumber', 'suspectduplicates'],
  properties: {
    memberid: { type: 'string' }, username: { type: 'string' }, email: { type: ['string', 'null'] }, tiername: { type: ['string', 'null'] }, nameoncard: { type: ['string', 'null'] },
    cardnumber: { type: 'string' }, expireddate: { type: ['string', 'null'] }, urlcard: { type: ['string', 'null'] }, membersince: { type: ['string', 'null'] }, suspectduplicates: { type: 'integer', minimum: 0 },
  },
};

export function enrollmentActions(catalogue: Catalogue): Action[] {
  return wizardActions(catalogue, {
    menucode: ENROLL_MENU,
    result: ENROLLED,
    checks: { [ENROLL_STEPS.membership]: checkMembershipStep, [ENROLL_STEPS.personal]: checkPersonalStep },
    async submit(ctx, trx, draft, wizard) {
      const { member, response } = await enrollMember(ctx, trx, catalogue, wizard, draft);
      await writeUserLog(trx, { username: ctx.user!.username, module: ENROLL_MENU, legend: LEGENDS.CREATE, recordkey: response.memberid, after: member, ip: ctx.ip }, ctx.now());
      return { message: ENROLL_TEXTS.enrolled, result: response };
    },
  });
}
