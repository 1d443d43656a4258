// The forgot-password modal's calls, as the actors its machine is given: each step is verified on the flow ticket
// the username step hands out, and the new password leaves the browser as its SHA-256 digest, with the plain one
// for the server's rules.
import { fromPromise } from 'xstate';
import { passwordDigest } from '../../engine/api/passwordDigest';
import type { ForgotPasswordTicket } from '../../workflows/forgotPasswordMachine';
import { api } from '../api';

const verify = <T = unknown>(data: Record<string, string>) => api.call<T>('/api/user/forgot-verify', { noRetry: true, data });

export const forgotPasswordCalls = {
  verifyUsername: fromPromise(async ({ input }: { input: { username: string; recaptcha: string } }) => verify<ForgotPasswordTicket>(input)),
  verifyFullname: fromPromise(async ({ input }: { input: { username: string; fullname: string; ticket: string } }) => verify(input)),
  verifyBranch: fromPromise(async ({ input }: { input: { username: string; branchcode: string; tickoffid: string; ticket: string } }) => verify(input)),
  resetPassword: fromPromise(async ({ input }: { input: { username: string; newpassword: string; ticket: string } }) =>
    api.call('/api/user/forgot-reset', {
      noRetry: true,
      data: {
        username: input.username,
        ticket: input.ticket,
        newpassword: passwordDigest(input.newpassword),
        plain: { newpassword: input.newpassword },
      },
    }),
  ),
};
