// The staff password reset link, /reset-password/{key} (spec 000 §2, §4, §7, §9): validate the key, the form, the
// server's message, and STAFF_RESET_REDIRECT_MS later the final 'redirect' state (the page goes to /).
import { assign, setup } from 'xstate';
import type { ResponseEnvelope } from '../engine/api/envelope';
import { STAFF_RESET_REDIRECT_MS } from '../domain/memberFlows';
import { newPasswordFieldErrors, newPasswordForm, type Answer, type NewPasswordErrors, type NewPasswordEvent } from './newPasswordForm';
import { injectedActor } from './injectedActor';

export interface StaffResetInput {
  key: string;
}

export interface StaffResetContext {
  key: string;
  /** The user the key was issued for, from the validation. */
  username: string | undefined;
  fieldErrors: NewPasswordErrors;
  /** The server's message: why the page stops, why the form was refused, or the final success. */
  message: string | undefined;
}

export type StaffResetEvent = NewPasswordEvent;

/** Plain password: the page's actor digests it before sending. */
export interface StaffResetCall {
  key: string;
  newpassword: string;
}

const validateKey = injectedActor<ResponseEnvelope, { key: string }>('validateKey');
const resetPassword = injectedActor<ResponseEnvelope, StaffResetCall>('resetPassword');

const form = newPasswordForm<StaffResetContext, StaffResetEvent, 'resetPassword', StaffResetCall>({
  machine: 'staffReset',
  actor: 'resetPassword',
  call: (context, event) => ({ key: context.key, newpassword: event.newpassword }),
  rules: newPasswordFieldErrors,
  keyed: true,
  successMessage: true,
});

export const staffResetMachine = setup({
  types: {
    context: {} as StaffResetContext,
    events: {} as StaffResetEvent,
    input: {} as StaffResetInput,
  },
  actors: { validateKey, resetPassword },
  actions: {
    takeUsername: assign({ username: (_, params: Answer) => (params.response.result as { username?: string } | undefined)?.username }),
  },
  delays: { redirectDelay: STAFF_RESET_REDIRECT_MS },
}).extend(form.implementations).createMachine({
  id: 'staffReset',
  context: ({ input }) => ({ key: input.key, username: undefined, fieldErrors: {}, message: undefined }),
  initial: 'validating',
  states: {
    // 'Please wait is waiting for the validation process'
    validating: form.keyCheck('validateKey', 'takeUsername'),
    form: { initial: 'editing', states: form.states },
    failed: { type: 'final' },
    // The message shows for STAFF_RESET_REDIRECT_MS, then the page goes to / (spec 000 §4).
    done: {
      after: { redirectDelay: 'redirect' },
    },
    redirect: { type: 'final' },
  },
});
