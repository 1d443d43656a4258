// The change-password modal's call, as the actor its machine is given: both passwords go as SHA-256 digests, with
// the plain ones for the server's rules (spec 000 §5), and the 9004 answer's ticket when there is one.
import { fromPromise } from 'xstate';
import { passwordDigest } from '../../engine/api/passwordDigest';
import type { ChangePasswordCall } from '../../workflows/changePasswordMachine';
import { api } from '../api';

export const changePasswordCalls = {
  changePassword: fromPromise(async ({ input }: { input: ChangePasswordCall }) =>
    api.call('/api/user/change-password', {
      noRetry: true,
      data: {
        username: input.username,
        ...(input.ticket ? { ticket: input.ticket } : {}),
        currentpassword: passwordDigest(input.currentpassword),
        newpassword: passwordDigest(input.newpassword),
        plain: { currentpassword: input.currentpassword, newpassword: input.newpassword },
      },
    }),
  ),
};
