// The corporate enrollment wizard's server (screens/member-management/enrollment-corporate.json): the
// corporate detail checked on Next, and the Submit storing the corporate, its tour codes and coordinators.
import type { Catalogue } from '../../../engine/definition/catalogue';
import type { Action } from '../../platform/core/action';
import { LEGENDS, writeUserLog } from '../../platform/userlog/userLog';
import { wizardActions } from '../../platform/wizards/wizardActions';
import { CORPORATE_STEPS, CORPORATE_TEXTS, ENROLL_CORPORATE_MENU, checkCorporateFree, enrollCorporate } from './corporateStore';

/** What Submit answers (corporateStore.ts EnrolledCorporate), for the API reference. */
const ENROLLED_CORPORATE = {
  title: 'enrolled corporate',
  type: 'object',
  required: ['corporatecode', 'corporatename', 'username', 'cardnumber', 'tourcodes', 'travelcoordinators'],
  properties: {
    corporatecode: { type: 'string' }, corporatename: { type: 'string' }, username: { type: 'string' }, cardnumber: { type: 'string' }, enrollchannel: { type: ['string', 'null'] }, enrollmentdate: { type: ['string', 'null'] },
    tourcodes: { type: 'array', items: { type: 'object', required: ['tourcodeid', 'tourcode'], properties: { tourcodeid: { type: ['integer', 'string'] }, tourcode: { type: 'string' } } } },
    travelcoordinators: { type: 'integer', minimum: 0 },
  },
};

export function corporateActions(catalogue: Catalogue): Action[] {
  return wizardActions(catalogue, {
    menucode: ENROLL_CORPORATE_MENU,
    result: ENROLLED_CORPORATE,
    checks: { [CORPORATE_STEPS.detail]: (ctx, values) => checkCorporateFree(ctx.db, values) },
    async submit(ctx, trx, draft, wizard) {
      const at = ctx.now();
      const { corporate, enrolled } = await enrollCorporate(trx, wizard, draft, ctx.user!.username, at);
      await writeUserLog(trx, { username: ctx.user!.username, module: ENROLL_CORPORATE_MENU, legend: LEGENDS.CREATE, recordkey: enrolled.corporatecode, after: corporate, ip: ctx.ip }, at);
      return { message: CORPORATE_TEXTS.enrolled, result: enrolled };
    },
  });
}
