// The login page's forgot-password modal (spec 000 §2, §4, §5): username (with the captcha), full name, branch and
// ticket office, new password. The server answers the username step with a flow ticket that every later call carries.
import { assign, setup } from 'xstate';
import { isSuccess, type ResponseEnvelope } from '../engine/api/envelope';
import { MESSAGES } from '../engine/api/responseCodes';
import { SHELL_MESSAGES, forgotPasswordErrors } from '../engine/rules';
import { injectedActor } from './injectedActor';
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
  | { type: 'SUBMIT_PASSWORD'; newpassword: string; confirmation: string }
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
const resetPassword = injectedActor<ResponseEnvelope, { username: string; newpassword: string; ticket: string }>('resetPassword');

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
    case 'SUBMIT_PASSWORD': {
      if (!event.newpassword) return { newpassword: [SHELL_MESSAGES.required] };
      const messages = forgotPasswordErrors(event.newpassword, event.confirmation);
      const newpassword = messages.filter((message) => message !== SHELL_MESSAGES.confirmationInvalid);
      const confirmation = messages.filter((message) => message === SHELL_MESSAGES.confirmationInvalid);
      return { ...(newpassword.length ? { newpassword } : {}), ...(confirmation.length ? { confirmation } : {}) };
    }
    default:
      return {};
  }
}

const responseOf = ({ event }: { event: { output: ResponseEnvelope } }) => ({ response: event.output });

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    output: {} as ForgotPasswordOutput,
  },
  actors: { verifyUsername, verifyFullname, verifyBranch, resetPassword },
  guards: {
    captchaMissing: ({ context }) => context.captcha === undefined,
    fieldsInvalid: ({ event }) => Object.keys(forgotPasswordFieldErrors(event)).length > 0,
    allVerified: ({ context }) => Object.values(context.verified).every(Boolean),
    accepted: (_, params: { response: ResponseEnvelope }) => isSuccess(params.response.status.responsecode),
  },
  actions: {
    /** Injected: resets the captcha widget (it is single use). */
    resetCaptcha: () => {},
    storeCaptcha: assign({ captcha: ({ event }) => (event.type === 'CAPTCHA_VERIFIED' ? event.payload : undefined) }),
    forgetCaptcha: assign({ captcha: undefined }),
    storeTicket: assign({ ticket: (_, params: { response: ResponseEnvelope }) => (params.response.result as ForgotPasswordTicket | undefined)?.ticket }),
    showFieldErrors: assign({ fieldErrors: ({ event }) => forgotPasswordFieldErrors(event) }),
    clearMessages: assign({ fieldErrors: {}, message: undefined }),
    showMessage: assign({ message: (_, params: { message: string }) => params.message }),
    showServerMessage: assign({ message: (_, params: { response: ResponseEnvelope }) => params.response.status.responsemessage }),
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
}).createMachine({
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
              { guard: 'fieldsInvalid', actions: 'showFieldErrors' },
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
                guard: { type: 'accepted', params: responseOf },
                target: '#forgotPassword.fullname',
                actions: [{ type: 'markVerified', params: { fields: ['username'] } }, { type: 'storeTicket', params: responseOf }],
              },
              { target: 'editing', actions: { type: 'showServerMessage', params: responseOf } },
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
              { guard: 'fieldsInvalid', actions: 'showFieldErrors' },
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
                guard: { type: 'accepted', params: responseOf },
                target: '#forgotPassword.branch',
                actions: { type: 'markVerified', params: { fields: ['fullname'] } },
              },
              { target: 'editing', actions: { type: 'showServerMessage', params: responseOf } },
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
              { guard: 'fieldsInvalid', actions: 'showFieldErrors' },
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
                guard: { type: 'accepted', params: responseOf },
                target: '#forgotPassword.password',
                actions: { type: 'markVerified', params: { fields: ['branchcode', 'tickoffid'] } },
              },
              { target: 'editing', actions: { type: 'showServerMessage', params: responseOf } },
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
      states: {
        editing: {
          on: {
            SUBMIT_PASSWORD: [
              { guard: 'fieldsInvalid', actions: 'showFieldErrors' },
              { guard: 'allVerified', target: 'submitting', actions: 'clearMessages' },
              { actions: ['clearMessages', { type: 'showMessage', params: { message: VERIFY_ALL_REQUIRED } }] },
            ],
          },
        },
        submitting: {
          invoke: {
            id: 'resetPassword',
            src: 'resetPassword',
            // The new password travels in the event only: it never sits in the context.
            input: ({ context, event }) => ({
              username: context.username,
              newpassword: event.type === 'SUBMIT_PASSWORD' ? event.newpassword : '',
              ticket: context.ticket ?? '',
            }),
            onDone: [
              {
                guard: { type: 'accepted', params: responseOf },
                target: '#forgotPassword.done',
                actions: { type: 'showServerMessage', params: responseOf },
              },
              { target: 'editing', actions: { type: 'showServerMessage', params: responseOf } },
            ],
            onError: { target: 'editing', actions: { type: 'showMessage', params: { message: MESSAGES.SOMETHING_WENT_WRONG } } },
          },
        },
      },
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
