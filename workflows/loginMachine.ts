// Staff sign-in (spec 000 §2, §4, §5, §8): captcha gate, authenticate, 9004 -> change password, maintenance window.
import { assign, setup } from 'xstate';
import { isSuccess, type ResponseEnvelope } from '../engine/api/envelope';
import { CODES, MESSAGES } from '../engine/api/responseCodes';
import { SHELL_MESSAGES } from '../engine/rules';
import { injectedActor } from './injectedActor';
import { MAINTENANCE_NOTICE } from './shellTexts';

/** Instants with their offset; Asia/Jakarta is UTC+7 all year (no DST), so comparing instants is exact. */
export interface MaintenanceWindow {
  start: string;
  end: string;
}

/** The window configured in spec 000 §4: 7 Dec 2022 23:50 to 8 Dec 2022 00:30, Asia/Jakarta. */
export const LOGIN_MAINTENANCE_WINDOW: MaintenanceWindow = {
  start: '2022-12-07T23:50:00+07:00',
  end: '2022-12-08T00:30:00+07:00',
};

export interface LoginInput {
  maintenance?: MaintenanceWindow;
  /** The clock, in epoch milliseconds; Date.now unless a test or the app injects another. */
  now?: () => number;
}

/** A message the login page shows above the form, with an optional second line. */
export interface LoginNotice {
  message: string;
  description?: string;
}

export type LoginField = 'username' | 'password';

/** The required check of one login field (a username of spaces counts as missing), shared by typing and SUBMIT. */
const missing = (field: LoginField, value: string) => (field === 'username' ? !value.trim() : !value);
const REQUIRED_MESSAGE: Record<LoginField, string> = { username: SHELL_MESSAGES.usernameRequired, password: SHELL_MESSAGES.passwordRequired };

export interface LoginContext {
  maintenance: MaintenanceWindow;
  now: () => number;
  /** The captcha solution once passed; cleared on expiry and after every attempt. */
  captcha: string | undefined;
  /** The username of the last attempt: the change-password modal needs it. */
  username: string;
  /** The change ticket of a 9004 answer: the change-password modal carries it to the server. */
  changeTicket: string | undefined;
  fieldErrors: Partial<Record<LoginField, string>>;
  /** The server's message of the last failed attempt. */
  error: string | undefined;
  notice: LoginNotice | undefined;
  /** The accepted answer, the machine's output. */
  response: ResponseEnvelope | undefined;
}

export type LoginEvent =
  | { type: 'CAPTCHA_VERIFIED'; payload: string }
  | { type: 'CAPTCHA_RESET' }
  | { type: 'SUBMIT'; username: string; password: string }
  /** A field was edited: its required message shows or goes at once, as the user types. */
  | { type: 'FIELD_CHANGED'; field: LoginField; value: string }
  | { type: 'PASSWORD_CHANGED' }
  | { type: 'CLOSE_MODAL' };

export interface AuthenticateInput {
  username: string;
  /** As typed: the app's authenticate actor digests it before sending. */
  password: string;
  recaptcha: string;
}

/** The successful authenticate answer; its result holds the bearer, the user and the permissions. */
export type LoginOutput = ResponseEnvelope;

const authenticate = injectedActor<ResponseEnvelope, AuthenticateInput>('authenticate');

/** Inside [start, end): the notice replaces sign-in. */
export function isInMaintenanceWindow(at: number, window: MaintenanceWindow): boolean {
  return Date.parse(window.start) <= at && at < Date.parse(window.end);
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    output: {} as LoginOutput,
  },
  actors: { authenticate },
  guards: {
    captchaPassed: ({ context }) => context.captcha !== undefined,
    credentialsMissing: ({ event }) => event.type === 'SUBMIT' && (missing('username', event.username) || missing('password', event.password)),
    inMaintenanceWindow: ({ context }) => isInMaintenanceWindow(context.now(), context.maintenance),
    accepted: (_, params: { response: ResponseEnvelope }) => isSuccess(params.response.status.responsecode),
    passwordExpired: (_, params: { response: ResponseEnvelope }) => params.response.status.responsecode === CODES.PASSWORD_EXPIRED,
  },
  actions: {
    /** Injected: resets the captcha widget (it is single use). */
    resetCaptcha: () => {},
    storeCaptcha: assign({ captcha: ({ event }) => (event.type === 'CAPTCHA_VERIFIED' ? event.payload : undefined) }),
    forgetCaptcha: assign({ captcha: undefined }),
    requireCredentials: assign({
      fieldErrors: ({ event }) =>
        event.type === 'SUBMIT'
          ? {
              ...(missing('username', event.username) ? { username: REQUIRED_MESSAGE.username } : {}),
              ...(missing('password', event.password) ? { password: REQUIRED_MESSAGE.password } : {}),
            }
          : {},
    }),
    checkField: assign({
      fieldErrors: ({ context, event }) => {
        if (event.type !== 'FIELD_CHANGED') return context.fieldErrors;
        const { [event.field]: _checked, ...others } = context.fieldErrors;
        return missing(event.field, event.value) ? { ...others, [event.field]: REQUIRED_MESSAGE[event.field] } : others;
      },
    }),
    startAttempt: assign({
      username: ({ context, event }) => (event.type === 'SUBMIT' ? event.username.trim() : context.username),
      fieldErrors: {},
      error: undefined,
      notice: undefined,
    }),
    keepResponse: assign({ response: (_, params: { response: ResponseEnvelope }) => params.response }),
    forgetChangeTicket: assign({ changeTicket: undefined }),
    keepChangeTicket: assign({
      changeTicket: (_, params: { response: ResponseEnvelope }) => (params.response.result as { changeticket?: string } | undefined)?.changeticket,
    }),
    showError: assign({ error: (_, params: { message: string }) => params.message }),
    showNotice: assign({ notice: (_, params: LoginNotice) => params }),
    clearMessages: assign({ error: undefined, notice: undefined }),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    maintenance: input.maintenance ?? LOGIN_MAINTENANCE_WINDOW,
    now: input.now ?? Date.now,
    captcha: undefined,
    username: '',
    changeTicket: undefined,
    fieldErrors: {},
    error: undefined,
    notice: undefined,
    response: undefined,
  }),
  initial: 'editing',
  // The widget stays on the page under the modals: remember what it says wherever the flow is.
  on: {
    CAPTCHA_VERIFIED: { actions: 'storeCaptcha' },
    CAPTCHA_RESET: { actions: 'forgetCaptcha' },
    FIELD_CHANGED: { actions: 'checkField' },
  },
  states: {
    editing: {
      // Coming back from a modal with the captcha still valid: Log in is enabled again.
      always: { guard: 'captchaPassed', target: 'ready' },
      on: {
        CAPTCHA_VERIFIED: { target: 'ready', actions: 'storeCaptcha' },
      },
    },
    ready: {
      on: {
        CAPTCHA_RESET: { target: 'editing', actions: 'forgetCaptcha' },
        SUBMIT: [
          { guard: 'credentialsMissing', actions: 'requireCredentials' },
          {
            guard: 'inMaintenanceWindow',
            target: 'maintenance',
            actions: ['startAttempt', { type: 'showNotice', params: { message: MAINTENANCE_NOTICE } }],
          },
          { target: 'submitting', actions: 'startAttempt' },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'authenticate',
        src: 'authenticate',
        input: ({ context, event }) => ({
          username: context.username,
          password: event.type === 'SUBMIT' ? event.password : '',
          recaptcha: context.captcha ?? '',
        }),
        onDone: [
          {
            guard: { type: 'accepted', params: ({ event }) => ({ response: event.output }) },
            target: 'success',
            actions: ['forgetCaptcha', 'resetCaptcha', { type: 'keepResponse', params: ({ event }) => ({ response: event.output }) }],
          },
          {
            guard: { type: 'passwordExpired', params: ({ event }) => ({ response: event.output }) },
            target: 'passwordExpired',
            actions: [
              'forgetCaptcha',
              'resetCaptcha',
              { type: 'keepChangeTicket', params: ({ event }) => ({ response: event.output }) },
              { type: 'showNotice', params: { message: MESSAGES.PASSWORD_EXPIRED } },
            ],
          },
          {
            target: 'failed',
            actions: [
              'forgetCaptcha',
              'resetCaptcha',
              { type: 'showError', params: ({ event }) => ({ message: event.output.status.responsemessage }) },
            ],
          },
        ],
        onError: {
          target: 'failed',
          actions: ['forgetCaptcha', 'resetCaptcha', { type: 'showError', params: { message: MESSAGES.SOMETHING_WENT_WRONG } }],
        },
      },
    },
    success: {
      type: 'final',
    },
    // The change-password modal is open; its own machine talks to the server.
    passwordExpired: {
      // The ticket is for this modal only.
      exit: 'forgetChangeTicket',
      on: {
        PASSWORD_CHANGED: {
          target: 'editing',
          actions: {
            type: 'showNotice',
            params: { message: MESSAGES.DATA_UPDATED, description: MESSAGES.PASSWORD_CHANGED_DETAIL },
          },
        },
        CLOSE_MODAL: { target: 'editing', actions: 'clearMessages' },
      },
    },
    // Nothing was sent, so the captcha is still unused and stays.
    maintenance: {
      on: {
        CLOSE_MODAL: { target: 'editing', actions: 'clearMessages' },
      },
    },
    // The form is editable again with the server's message shown; a new captcha enables Log in.
    failed: {
      on: {
        CAPTCHA_VERIFIED: { target: 'ready', actions: 'storeCaptcha' },
        CLOSE_MODAL: { target: 'editing', actions: 'clearMessages' },
      },
    },
  },
  output: ({ context }) => context.response as ResponseEnvelope,
});
