// The login page's forgot-password modal (spec 000 §2, §4, §5): username (with the captcha), full name, branch and
// ticket office, new password. The server answers the username step with a flow ticket that every later call carries;
// the last step is the shared new-password form, whose call also waits for every earlier step to be verified.
import { assign, setup } from 'xstate';
import type { ResponseEnvelope } from '../engine/api/envelope';
import { MESSAGES } from '../engine/api/responseCodes';
import { SHELL_MESSAGES, forgotPasswordErrors } from '../engine/rules';
import { injectedActor } from './injectedActor';
import { answerOf, newPasswordForm, type NewPasswordEvent } from './newPasswordForm';
import { VERIFY_ALL_REQUIRED } from './shellTexts';

export type ForgotPasswordField = 'username' | 'fullname' | 'branchcode' | 'tickoffid' | 'newpassword' | 'confirmation';

export type ForgotPasswordErrors = Partial<Record<ForgotPasswordField, string[]>>;

export interface ForgotPasswordContext {
  /** The captcha solution once passed; the username step uses it up. */
  captcha: string | undefined;
  /** The flow ticket the server handed out at the username step. */
  ticket: string | undefined;
  username: string;
  fullname: string;
  branchcode: string;
  tickoffid: string;
  /** What the server confirmed; verifying a step again forgets that step and the ones after it. */
  verified: { username: boolean; fullname: boolean; branchcode: boolean; tickoffid: boolean };
  fieldErrors: ForgotPasswordErrors;
  /** The server's message of the last failed call, or the final step's verify-all message. */
  message: string | undefined;
}

export type ForgotPasswordEvent =
  | { type: 'CAPTCHA_VERIFIED'; payload: string }
  | { type: 'CAPTCHA_RESET' }
  | { type: 'VERIFY_USERNAME'; username: string }
  | { type: 'VERIFY_FULLNAME'; fullname: string }
  | { type: 'VERIFY_BRANCH'; branchcode: string; tickoffid: string }
  | NewPasswordEvent
  | { type: 'BACK' }
  | { type: 'CANCEL' };

/** How the modal ended; on a reset, the server's message for the login page. */
export type ForgotPasswordOutput = { outcome: 'done'; message: string } | { outcome: 'cancelled' };

/** What the username step's answer carries. */
export interface ForgotPasswordTicket {
  ticket: string;
}

// Every call names the user being verified, so each answer is about the same account.
const verifyUsername = injectedActor<ResponseEnvelope<ForgotPasswordTicket>, { username: string; recaptcha: string }>('verifyUsername');
const verifyFullname = injectedActor<ResponseEnvelope, { username: string; fullname: string; ticket: string }>('verifyFullname');
const verifyBranch = injectedActor<ResponseEnvelope, { username: string; branchcode: string; tickoffid: string; ticket: string }>('verifyBranch');
const resetPassword = injectedActor<ResponseEnvelope, ForgotPasswordCall>('resetPassword');

/** The last step's call; plain password: the modal's actor digests it before sending. */
export interface ForgotPasswordCall {
  username: string;
  newpassword: string;
  ticket: string;
}

const NOTHING_VERIFIED: ForgotPasswordContext['verified'] = { username: false, fullname: false, branchcode: false, tickoffid: false };

/** The local checks of spec 000 §5 before a step calls the server; empty when the step may go on. */
export function forgotPasswordFieldErrors(event: ForgotPasswordEvent): ForgotPasswordErrors {
  const required = (field: ForgotPasswordField, value: string): ForgotPasswordErrors =>
    value.trim() ? {} : { [field]: [SHELL_MESSAGES.required] };
  switch (event.type) {
    case 'VERIFY_USERNAME':
      return required('username', event.username);
    case 'VERIFY_FULLNAME':
      return required('fullname', event.fullname);
    case 'VERIFY_BRANCH':
      return { ...required('branchcode', event.branchcode), ...required('tickoffid', event.tickoffid) };
    case 'SUBMIT_PASSWORD':
      return forgotNewPasswordErrors(event);
    default:
      return {};
  }
}

/** The last step's rules: only the new password is required; its confirmation must match it. */
export function forgotNewPasswordErrors(event: NewPasswordEvent): ForgotPasswordErrors {
  if (!event.newpassword) return { newpassword: [SHELL_MESSAGES.required] };
  const messages = forgotPasswordErrors(event.newpassword, event.confirmation);
  const newpassword = messages.filter((message) => message !== SHELL_MESSAGES.confirmationInvalid);
  const confirmation = messages.filter((message) => message === SHELL_MESSAGES.confirmationInvalid);
  return { ...(newpassword.length ? { newpassword } : {}), ...(confirmation.length ? { confirmation } : {}) };
}

const form = newPasswordForm<ForgotPasswordContext, ForgotPasswordEvent, 'resetPassword', ForgotPasswordCall>({
  machine: 'forgotPassword',
  actor: 'resetPassword',
  call: (context, event) => ({ username: context.username, newpassword: event.newpassword, ticket: context.ticket ?? '' }),
  rules: forgotNewPasswordErrors,
  // The flow ticket is no link key: a refused reset is the server's message on the form.
  keyed: false,
  // The login page shows the success message once the modal has closed (the machine's output).
  successMessage: true,
  requires: { holds: (context) => Object.values(context.verified).every(Boolean), message: VERIFY_ALL_REQUIRED },
});

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    output: {} as ForgotPasswordOutput,
  },
  actors: { verifyUsername, verifyFullname, verifyBranch, resetPassword },
  // The earlier steps use the form's messages and its 'accepted' too; only their own field checks are theirs.
  guards: {
    captchaMissing: ({ context }) => context.captcha === undefined,
    stepInvalid: ({ event }) => Object.keys(forgotPasswordFieldErrors(event)).length > 0,
  },
  actions: {
    /** Injected: resets the captcha widget (it is single use). */
    resetCaptcha: () => {},
    storeCaptcha: assign({ captcha: ({ event }) => (event.type === 'CAPTCHA_VERIFIED' ? event.payload : undefined) }),
    forgetCaptcha: assign({ captcha: undefined }),
    storeTicket: assign({ ticket: (_, params: { response: ResponseEnvelope }) => (params.response.result as ForgotPasswordTicket | undefined)?.ticket }),
    showStepErrors: assign({ fieldErrors: ({ event }) => forgotPasswordFieldErrors(event) }),
    // A step sent again unverifies itself and every step after it.
    takeUsername: assign(({ event }) =>
      event.type === 'VERIFY_USERNAME' ? { username: event.username.trim(), verified: NOTHING_VERIFIED, ticket: undefined } : {},
    ),
    takeFullname: assign(({ context, event }) =>
      event.type === 'VERIFY_FULLNAME'
        ? { fullname: event.fullname.trim(), verified: { ...context.verified, fullname: false, branchcode: false, tickoffid: false } }
        : {},
    ),
    takeBranch: assign(({ context, event }) =>
      event.type === 'VERIFY_BRANCH'
        ? {
            branchcode: event.branchcode.trim(),
            tickoffid: event.tickoffid.trim(),
            verified: { ...context.verified, branchcode: false, tickoffid: false },
          }
        : {},
    ),
    markVerified: assign({
      verified: ({ context }, params: { fields: (keyof ForgotPasswordContext['verified'])[] }) => ({
        ...context.verified,
        ...Object.fromEntries(params.fields.map((field) => [field, true])),
      }),
    }),
  },
}).extend(form.implementations).createMachine({
  id: 'forgotPassword',
  context: {
    captcha: undefined,
    ticket: undefined,
    username: '',
    fullname: '',
    branchcode: '',
    tickoffid: '',
    verified: NOTHING_VERIFIED,
    fieldErrors: {},
    message: undefined,
  },
  initial: 'username',
  on: {
    CANCEL: '.cancelled',
    CAPTCHA_VERIFIED: { actions: 'storeCaptcha' },
    CAPTCHA_RESET: { actions: 'forgetCaptcha' },
  },
  states: {
    username: {
      entry: 'clearMessages',
      initial: 'editing',
      states: {
        editing: {
          on: {
            VERIFY_USERNAME: [
              { guard: 'stepInvalid', actions: 'showStepErrors' },
              // The step's button waits for the captcha; without it nothing is sent.
              { guard: 'captchaMissing' },
              { target: 'verifying', actions: ['clearMessages', 'takeUsername'] },
            ],
          },
        },
        verifying: {
          // The captcha is used up by the call, whatever it answers.
          exit: ['forgetCaptcha', 'resetCaptcha'],
          invoke: {
            id: 'verifyUsername',
            src: 'verifyUsername',
            input: ({ context }) => ({ username: context.username, recaptcha: context.captcha ?? '' }),
            onDone: [
              {
                guard: { type: 'accepted', params: answerOf },
                target: '#forgotPassword.fullname',
                actions: [{ type: 'markVerified', params: { fields: ['username'] } }, { type: 'storeTicket', params: answerOf }],
              },
              { target: 'editing', actions: { type: 'showServerMessage', params: answerOf } },
            ],
            onError: { target: 'editing', actions: { type: 'showMessage', params: { message: MESSAGES.SOMETHING_WENT_WRONG } } },
          },
        },
      },
    },
    fullname: {
      entry: 'clearMessages',
      on: { BACK: 'username' },
      initial: 'editing',
      states: {
        editing: {
          on: {
            VERIFY_FULLNAME: [
              { guard: 'stepInvalid', actions: 'showStepErrors' },
              { target: 'verifying', actions: ['clearMessages', 'takeFullname'] },
            ],
          },
        },
        verifying: {
          invoke: {
            id: 'verifyFullname',
            src: 'verifyFullname',
            input: ({ context }) => ({ username: context.username, fullname: context.fullname, ticket: context.ticket ?? '' }),
            onDone: [
              {
                guard: { type: 'accepted', params: answerOf },
                target: '#forgotPassword.branch',
                actions: { type: 'markVerified', params: { fields: ['fullname'] } },
              },
              { target: 'editing', actions: { type: 'showServerMessage', params: answerOf } },
            ],
            onError: { target: 'editing', actions: { type: 'showMessage', params: { message: MESSAGES.SOMETHING_WENT_WRONG } } },
          },
        },
      },
    },
    branch: {
      entry: 'clearMessages',
      on: { BACK: 'fullname' },
      initial: 'editing',
      states: {
        editing: {
          on: {
            VERIFY_BRANCH: [
              { guard: 'stepInvalid', actions: 'showStepErrors' },
              { target: 'verifying', actions: ['clearMessages', 'takeBranch'] },
            ],
          },
        },
        verifying: {
          invoke: {
            id: 'verifyBranch',
            src: 'verifyBranch',
            input: ({ context }) => ({ username: context.username, branchcode: context.branchcode, tickoffid: context.tickoffid, ticket: context.ticket ?? '' }),
            onDone: [
              {
                guard: { type: 'accepted', params: answerOf },
                target: '#forgotPassword.password',
                actions: { type: 'markVerified', params: { fields: ['branchcode', 'tickoffid'] } },
              },
              { target: 'editing', actions: { type: 'showServerMessage', params: answerOf } },
            ],
            onError: { target: 'editing', actions: { type: 'showMessage', params: { message: MESSAGES.SOMETHING_WENT_WRONG } } },
          },
        },
      },
    },
    password: {
      entry: 'clearMessages',
      on: { BACK: 'branch' },
      initial: 'editing',
      states: form.states,
    },
    // The app closes the modal and shows the login form.
    done: {
      type: 'final',
      output: ({ context }): ForgotPasswordOutput => ({ outcome: 'done', message: context.message ?? MESSAGES.SUCCESS }),
    },
    cancelled: {
      type: 'final',
      output: (): ForgotPasswordOutput => ({ outcome: 'cancelled' }),
    },
  },
  // The final state that was reached gives the output.
  output: ({ event }) => event.output as ForgotPasswordOutput,
});
