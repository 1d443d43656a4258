// The change-expired-password modal opened by login code 9004 (spec 000 §2, §5, §8): current, new and confirmation.
import { setup } from 'xstate';
import type { ResponseEnvelope } from '../engine/api/envelope';
import { MESSAGES } from '../engine/api/responseCodes';
import { SHELL_MESSAGES, changePasswordErrors } from '../engine/rules';
import { newPasswordForm, withoutPassingFields, type NewPasswordEvent } from './newPasswordForm';
import { injectedActor } from './injectedActor';

export type ChangePasswordField = 'currentpassword' | 'newpassword' | 'confirmation';

export type ChangePasswordErrors = Partial<Record<ChangePasswordField, string[]>>;

export interface ChangePasswordInput {
  /** The user whose password expired, from the login attempt (or the signed-in user on /profile). */
  username: string;
  /** The change ticket of the login's 9004 answer; none on /profile, where the session is the proof. */
  ticket?: string;
}

export interface ChangePasswordContext {
  username: string;
  ticket: string | undefined;
  fieldErrors: ChangePasswordErrors;
  /** The server's message of the last failed call. */
  message: string | undefined;
}

/** The new-password form's event, with the current password. */
export type ChangePasswordEvent = NewPasswordEvent & { currentpassword: string };

/** What the login page shows once the password is changed (spec 000 §8). */
export interface ChangePasswordOutput {
  message: string;
  description: string;
}

/** Plain passwords: the app's actor digests them before sending. */
export interface ChangePasswordCall {
  username: string;
  currentpassword: string;
  newpassword: string;
  ticket?: string;
}

const changePassword = injectedActor<ResponseEnvelope, ChangePasswordCall>('changePassword');

/** The local checks of spec 000 §5, per field; empty when the form may be sent. */
export function changePasswordFieldErrors(event: NewPasswordEvent): ChangePasswordErrors {
  const { currentpassword = '', newpassword, confirmation } = event;
  const messages = newpassword ? changePasswordErrors(currentpassword, newpassword, confirmation) : [];
  const forNew = messages.filter((message) => message !== SHELL_MESSAGES.confirmationInconsistent);
  const forConfirmation = messages.filter((message) => message === SHELL_MESSAGES.confirmationInconsistent);
  const errors: ChangePasswordErrors = {
    currentpassword: currentpassword ? [] : [SHELL_MESSAGES.required],
    newpassword: newpassword ? forNew : [SHELL_MESSAGES.required],
    confirmation: confirmation ? forConfirmation : [SHELL_MESSAGES.required],
  };
  return withoutPassingFields(errors);
}

const form = newPasswordForm<ChangePasswordContext, ChangePasswordEvent, 'changePassword', ChangePasswordCall>({
  machine: 'changePassword',
  actor: 'changePassword',
  // The passwords travel in the event only: they never sit in the context.
  call: (context, event) => ({
    username: context.username,
    currentpassword: event.currentpassword ?? '',
    newpassword: event.newpassword,
    ...(context.ticket ? { ticket: context.ticket } : {}),
  }),
  rules: changePasswordFieldErrors,
  // The login's change ticket is no link key: a refused one is the server's message on the form.
  keyed: false,
  // The modal closes on success; the machine's output says what the caller shows.
  successMessage: false,
});

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    input: {} as ChangePasswordInput,
    output: {} as ChangePasswordOutput,
  },
  actors: { changePassword },
}).extend(form.implementations).createMachine({
  id: 'changePassword',
  context: ({ input }) => ({ username: input.username, ticket: input.ticket, fieldErrors: {}, message: undefined }),
  initial: 'editing',
  states: {
    ...form.states,
    done: { type: 'final' },
  },
  output: () => ({ message: MESSAGES.DATA_UPDATED, description: MESSAGES.PASSWORD_CHANGED_DETAIL }),
});
