// The staff password reset link, /reset-password/{key} (spec 000 §2, §4, §7, §9): validate the key, the form, the
// server's message, and STAFF_RESET_REDIRECT_MS later the final 'redirect' state (the page goes to /).
import { assign, setup } from 'xstate';
import { isSuccess, type ResponseEnvelope } from '../engine/api/envelope';
import { STAFF_RESET_REDIRECT_MS } from '../domain/memberFlows';
import { MESSAGES } from '../engine/api/responseCodes';
import { KEY_FAILURE_CODES, newPasswordFieldErrors, newPasswordInvalid, type NewPasswordErrors, type NewPasswordEvent } from './newPasswordForm';
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

type Answer = { response: ResponseEnvelope };
const answerOf = ({ event }: { event: { output: ResponseEnvelope } }): Answer => ({ response: event.output });

export const staffResetMachine = setup({
  types: {
    context: {} as StaffResetContext,
    events: {} as StaffResetEvent,
    input: {} as StaffResetInput,
  },
  actors: { validateKey, resetPassword },
  guards: {
    accepted: (_, params: Answer) => isSuccess(params.response.status.responsecode),
    keyFailure: (_, params: Answer) => KEY_FAILURE_CODES.includes(params.response.status.responsecode),
    fieldsInvalid: ({ event }) => newPasswordInvalid(event),
  },
  actions: {
    showFieldErrors: assign({ fieldErrors: ({ event }) => newPasswordFieldErrors(event.newpassword, event.confirmation) }),
    clearMessages: assign({ fieldErrors: {}, message: undefined }),
    showMessage: assign({ message: (_, params: { message: string }) => params.message }),
    showServerMessage: assign({ message: (_, params: Answer) => params.response.status.responsemessage }),
    takeUsername: assign({ username: (_, params: Answer) => (params.response.result as { username?: string } | undefined)?.username }),
  },
  delays: { redirectDelay: STAFF_RESET_REDIRECT_MS },
}).createMachine({
  id: 'staffReset',
  context: ({ input }) => ({ key: input.key, username: undefined, fieldErrors: {}, message: undefined }),
  initial: 'validating',
  states: {
    // 'Please wait is waiting for the validation process'
    validating: {
      invoke: {
        id: 'validateKey',
        src: 'validateKey',
        input: ({ context }) => ({ key: context.key }),
        onDone: [
          { guard: { type: 'accepted', params: answerOf }, target: 'form', actions: { type: 'takeUsername', params: answerOf } },
          { target: 'failed', actions: { type: 'showServerMessage', params: answerOf } },
        ],
        onError: { target: 'failed', actions: { type: 'showMessage', params: { message: MESSAGES.SOMETHING_WENT_WRONG } } },
      },
    },
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            SUBMIT_PASSWORD: [
              { guard: 'fieldsInvalid', actions: 'showFieldErrors' },
              { target: 'submitting', actions: 'clearMessages' },
            ],
          },
        },
        submitting: {
          invoke: {
            id: 'resetPassword',
            src: 'resetPassword',
            input: ({ context, event }) => ({ key: context.key, newpassword: event.newpassword }),
            onDone: [
              { guard: { type: 'accepted', params: answerOf }, target: '#staffReset.done', actions: { type: 'showServerMessage', params: answerOf } },
              // A used or expired key cannot succeed on a second try: the message replaces the form.
              { guard: { type: 'keyFailure', params: answerOf }, target: '#staffReset.failed', actions: { type: 'showServerMessage', params: answerOf } },
              { target: 'editing', actions: { type: 'showServerMessage', params: answerOf } },
            ],
            onError: { target: 'editing', actions: { type: 'showMessage', params: { message: MESSAGES.SOMETHING_WENT_WRONG } } },
          },
        },
      },
    },
    failed: { type: 'final' },
    // The message shows for STAFF_RESET_REDIRECT_MS, then the page goes to / (spec 000 §4).
    done: {
      after: { redirectDelay: 'redirect' },
    },
    redirect: { type: 'final' },
  },
});
