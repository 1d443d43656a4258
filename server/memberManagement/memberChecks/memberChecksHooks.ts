// The member check screens' hooks into the generic resource API: each check's change records who
// made it and when; a name fixed on Invalid Name Check is checked again (the form's rules already ran; the
// suspicious-name list runs here) and the member's full name follows; an unlock clears the lock's details.
// A name changed on the member screen is checked as it is saved (a failing one goes to Invalid Name Check),
// and a change of the suspicious-name list queues the name check over every member.
import type { Catalogue } from '../../../engine/definition/catalogue';
import { CODES } from '../../../engine/api/responseCodes';
import { ApiError } from '../../platform/core/apiError';
import type { HookRegistry, ResourceHooks } from '../../platform/resources/hooks';
import type { Row } from '../../platform/resources/records';
import { memberFullName } from '../../../domain/memberRecord';
import { NAME_CHECK_STATUS, NAME_FIELDS, nameProblems, type MemberNames } from './nameCheck';
import { MEMBER_MENU, SUSPICIOUS_NAMES_KEY, nameCheckColumns, suspiciousNames } from './memberChecksStore';
import { enqueueNameCheck } from './memberChecksJobs';

/** The API groups of the check screens (their view pages' resources). */
export const CHECK_RESOURCES = { names: 'invalid-name-check', identity: 'member-identity', locked: 'member-locked', referral: 'member-referral' } as const;
export { MEMBER_MENU };
const MEMBER_RESOURCE = 'member';
/** General Configuration's resource: a change of its suspicious-names key queues the name check. */
const GENERAL_CONFIG_RESOURCE = 'general-config';

const stamp = (by: string, at: Date, prefix: 'namechecked' | 'identitychecked'): Row => ({ [`${prefix}by`]: by, [`${prefix}date`]: at.toISOString() });

export function memberCheckHooks(catalogue: Catalogue): HookRegistry {
  const memberScreen = catalogue.screenByMenu.get(MEMBER_MENU);
  const names: ResourceHooks = {
    async changeColumns(ctx, trx, { before, changes }) {
      const by = ctx.user!.username;
      if ('firstname' in changes || 'lastname' in changes) {
        if (!memberScreen) throw new Error('the member screen is missing');
        const after = { firstname: before.firstname, lastname: before.lastname, ...changes };
        const problems = nameProblems(memberScreen, after, await suspiciousNames(trx));
        const first = Object.entries(problems)[0];
        if (first) throw new ApiError(CODES.VALIDATION, first[1], 200, problems);
        return { memberfullname: memberFullName(after.firstname, after.lastname), namecheckstatus: NAME_CHECK_STATUS.VALID, namecheckreason: null, ...stamp(by, ctx.now(), 'namechecked') };
      }
      if (changes.namecheckstatus === NAME_CHECK_STATUS.APPROVED) return stamp(by, ctx.now(), 'namechecked');
      return undefined;
    },
  };
  const identity: ResourceHooks = {
    changeColumns: (ctx, _trx, { changes }) => ('identitystatus' in changes ? stamp(ctx.user!.username, ctx.now(), 'identitychecked') : undefined),
  };
  const locked: ResourceHooks = {
    // The user log keeps the lock that ended (its before values); the member row keeps no stale reason.
    changeColumns: (_ctx, _trx, { changes }) => (changes.locked === 0 ? { lockreason: null, lockedby: null, lockeddate: null } : undefined),
  };
  const member: ResourceHooks = {
    // Saved, not refused: the form's own rules passed; a suspicious word sends the member to Invalid Name Check.
    async changeColumns(ctx, trx, { before, changes }) {
      if (!memberScreen || !NAME_FIELDS.some((name) => name in changes && (changes[name] ?? '') !== (before[name] ?? ''))) return undefined;
      const after = { firstname: before.firstname, lastname: before.lastname, ...changes } as MemberNames;
      return { ...nameCheckColumns(memberScreen, after, await suspiciousNames(trx), ctx.user!.username, ctx.now()) };
    },
  };
  const generalConfig: ResourceHooks = {
    async checkChange(ctx, trx, { before, after }) {
      if (after && before.key === SUSPICIOUS_NAMES_KEY && after.value !== before.value) await enqueueNameCheck(trx, ctx.now(), ctx.user!.username);
    },
  };
  return { [CHECK_RESOURCES.names]: names, [CHECK_RESOURCES.identity]: identity, [CHECK_RESOURCES.locked]: locked, [MEMBER_RESOURCE]: member, [GENERAL_CONFIG_RESOURCE]: generalConfig };
}
