// The public member password reset, /reset-password-member[/{key}] (spec 000 §2, §4, §5, §7): without a key a request
// form (card number or e-mail, with the login page's captcha) whose success message replaces it; with a key,
// validation, the form, the message.
import { assign, setup } from 'xstate';
import type { ResponseEnvelope } from '../engine/api/envelope';
import { MESSAGES } from '../engine/api/responseCodes';
import { SHELL_MESSAGES } from '../engine/rules';
import {
  answerOf,
  memberChangePassword,
  memberPasswordForm,
  type Answer,
  type NewPasswordErrors,
  type NewPasswordEvent,
} from './newPasswordForm';
import { injectedActor } from './injectedActor';

export interface MemberResetInput {
  /** The key of the e-mailed link; absent on the request form. */
  key: string | undefined;
}

export type MemberResetErrors = NewPasswordErrors & { username?: string[] };

export interface MemberResetContext {
  key: string;
  /** The captcha solution once passed; a request uses it up. */
  captcha: string | undefined;
  memberid: string | undefined;
  fieldErrors: MemberResetErrors;
  /** The server's message: why the page stops, why a form was refused, or the final success. */
  message: string | undefined;
}

export type MemberResetEvent =
  | NewPasswordEvent
  | { type: 'SUBMIT_REQUEST'; username: string }
  | { type: 'CAPTCHA_VERIFIED'; payload: string }
  | { type: 'CAPTCHA_RESET' };

const requestReset = injectedActor<ResponseEnvelope, { username: string; recaptcha: string }>('requestReset');
const validateKey = injectedActor<ResponseEnvelope, { key: string }>('validateKey');
const form = memberPasswordForm<MemberResetContext, MemberResetEvent>('memberReset');

export const memberResetMachine = setup({
  types: {
    context: {} as MemberResetContext,
    events: {} as MemberResetEvent,
    input: {} as MemberResetInput,
  },
  actors: { requestReset, validateKey, changePassword: memberChangePassword },
  guards: {
    noKey: ({ context }) => !context.key,
    usernameMissing: ({ event }) => event.type === 'SUBMIT_REQUEST' && !event.username.trim(),
    captchaMissing: ({ context }) => context.captcha === undefined,
  },
  actions: {
    showUsernameRequired: assign({ fieldErrors: { username: [SHELL_MESSAGES.required] } }),
    /** Injected: resets the captcha widget (it is single use). */
    resetCaptcha: () => {},
    storeCaptcha: assign({ captcha: ({ event }) => (event.type === 'CAPTCHA_VERIFIED' ? event.payload : undefined) }),
    forgetCaptcha: assign({ captcha: undefined }),
    takeMemberId: assign({ memberid: (_, params: Answer) => (params.response.result as { memberid?: string } | undefined)?.memberid }),
  },
}).extend(form.implementations).createMachine({
  id: 'memberReset',
  context: ({ input }) => ({ key: input.key ?? '', captcha: undefined, memberid: undefined, fieldErrors: {}, message: undefined }),
  initial: 'validating',
  on: {
    CAPTCHA_VERIFIED: { actions: 'storeCaptcha' },
    CAPTCHA_RESET: { actions: 'forgetCaptcha' },
  },
  states: {
    request: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            SUBMIT_REQUEST: [
              { guard: 'usernameMissing', actions: 'showUsernameRequired' },
              // The button waits for the captcha; without it nothing is sent.
              { guard: 'captchaMissing' },
              { target: 'submitting', actions: 'clearMessages' },
            ],
          },
        },
        submitting: {
          // The captcha is used up by the call, whatever it answers.
          exit: ['forgetCaptcha', 'resetCaptcha'],
          invoke: {
            id: 'requestReset',
            src: 'requestReset',
            input: ({ context, event }) => ({ username: event.type === 'SUBMIT_REQUEST' ? event.username.trim() : '', recaptcha: context.captcha ?? '' }),
            onDone: [
              { guard: { type: 'accepted', params: answerOf }, target: '#memberReset.requested', actions: { type: 'showServerMessage', params: answerOf } },
              { target: 'editing', actions: { type: 'showServerMessage', params: answerOf } },
            ],
            onError: { target: 'editing', actions: { type: 'showMessage', params: { message: MESSAGES.SOMETHING_WENT_WRONG } } },
          },
        },
      },
    },
    // The server's message replaces the request form.
    requested: { type: 'final' },
    // 'Please wait is waiting for the validation process'; without a key the call never starts.
    validating: {
      always: { guard: 'noKey', target: 'request' },
      ...form.keyCheck('validateKey', 'takeMemberId'),
    },
    form: { initial: 'editing', states: form.states },
    done: { type: 'final' },
    failed: { type: 'final' },
  },
});
