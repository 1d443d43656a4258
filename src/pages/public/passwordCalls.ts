// The calls of the public new-password pages, as the actors their machines are given: the pages only render and
// send. A new password leaves the browser as its SHA-256 digest.
import { fromPromise } from 'xstate';
import { MEMBER_FLOW_PATHS } from '../../../domain/memberFlows';
import { passwordDigest } from '../../../engine/api/passwordDigest';
import type { MemberPasswordCall } from '../../../workflows/newPasswordForm';
import type { StaffResetCall } from '../../../workflows/staffResetMachine';
import { publicCall } from './publicApi';

/** A call that sends the link's key alone. */
const keyCall = (path: string) => fromPromise(async ({ input }: { input: { key: string } }) => publicCall(path, input));

const memberPassword = fromPromise(async ({ input }: { input: MemberPasswordCall }) =>
  publicCall(MEMBER_FLOW_PATHS.memberChangePassword, { ...input, newpassword: passwordDigest(input.newpassword) }),
);

export const activationCalls = {
  retrieveKey: keyCall(MEMBER_FLOW_PATHS.retrieveKey),
  activate: keyCall(MEMBER_FLOW_PATHS.activation),
  changePassword: memberPassword,
};

export const memberResetCalls = {
  requestReset: fromPromise(async ({ input }: { input: { username: string; recaptcha: string } }) => publicCall(MEMBER_FLOW_PATHS.memberResetRequest, input)),
  validateKey: keyCall(MEMBER_FLOW_PATHS.memberResetValidation),
  changePassword: memberPassword,
};

export const staffResetCalls = {
  validateKey: keyCall(MEMBER_FLOW_PATHS.staffResetValidation),
  resetPassword: fromPromise(async ({ input }: { input: StaffResetCall }) =>
    publicCall(MEMBER_FLOW_PATHS.staffResetPassword, { key: input.key, newpassword: passwordDigest(input.newpassword) }),
  ),
};
