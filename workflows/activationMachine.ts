// The public member activation page, /activation and /activation/{key} (spec 000 §2, §4, §5, §7): the key is checked,
// the account activated, then the member creates a password and the server's message replaces the form.
import { assign, setup } from 'xstate';
import { isSuccess, type ResponseEnvelope } from '../engine/api/envelope';
import { MESSAGES } from '../engine/api/responseCodes';
import {
  CHECKING_KEY,
  answerOf,
  memberChangePassword,
  memberPasswordForm,
  type Answer,
  type NewPasswordErrors,
  type NewPasswordEvent,
} from './newPasswordForm';
import { injectedActor } from './injectedActor';

export interface ActivationInput {
  /** The key of the e-mailed link; absent on /activation. */
  key: string | undefined;
}

export interface ActivationContext {
  key: string;
  memberid: string | undefined;
  fieldErrors: NewPasswordErrors;
  /** The server's message: why the page stops, why the form was refused, or the final success. */
  message: string | undefined;
}

export type ActivationEvent = NewPasswordEvent;

export interface RetrievedKey {
  keytype: string;
  memberid: string | null;
}

/** The key type retrieve-key gives for an activation link. */
export const ACTIVATION_KEY_TYPE = 'ACTIVATION';

const retrieveKey = injectedActor<ResponseEnvelope, { key: string }>('retrieveKey');
const activate = injectedActor<ResponseEnvelope, { key: string }>('activate');
const form = memberPasswordForm<ActivationContext, ActivationEvent>('activation');

const retrieved = (params: Answer) => params.response.result as RetrievedKey | undefined;

export const activationMachine = setup({
  types: {
    context: {} as ActivationContext,
    events: {} as ActivationEvent,
    input: {} as ActivationInput,
  },
  actors: { retrieveKey, activate, changePassword: memberChangePassword },
  guards: {
    noKey: ({ context }) => !context.key,
    activationKey: (_, params: Answer) => isSuccess(params.response.status.responsecode) && retrieved(params)?.keytype === ACTIVATION_KEY_TYPE,
    activationKeyOfMember: (_, params: Answer) =>
      isSuccess(params.response.status.responsecode) && retrieved(params)?.keytype === ACTIVATION_KEY_TYPE && !!retrieved(params)?.memberid,
  },
  actions: {
    takeMemberId: assign({
      memberid: ({ context }, params: Answer) => (params.response.result as { memberid?: string | null } | undefined)?.memberid ?? context.memberid,
    }),
  },
}).extend(form.implementations).createMachine({
  id: 'activation',
  context: ({ input }) => ({ key: input.key ?? '', memberid: undefined, fieldErrors: {}, message: undefined }),
  initial: 'checking',
  states: {
    // /activation without a key: the page tells the member to open the link from the e-mail.
    noKey: { type: 'final' },
    // 'Please wait while your activation is processed'; without a key the call never starts.
    checking: {
      tags: [CHECKING_KEY],
      always: { guard: 'noKey', target: 'noKey' },
      invoke: {
        id: 'retrieveKey',
        src: 'retrieveKey',
        input: ({ context }) => ({ key: context.key }),
        onDone: [
          { guard: { type: 'activationKeyOfMember', params: answerOf }, target: 'activating', actions: { type: 'takeMemberId', params: answerOf } },
          // A key without a member is 9999 (spec 000 §4); a valid key of another page is no activation link.
          { guard: { type: 'activationKey', params: answerOf }, target: 'failed', actions: { type: 'showMessage', params: { message: MESSAGES.MEMBER_NOT_FOUND } } },
          { guard: { type: 'accepted', params: answerOf }, target: 'failed', actions: { type: 'showMessage', params: { message: MESSAGES.KEY_INVALID } } },
          { target: 'failed', actions: { type: 'showServerMessage', params: answerOf } },
        ],
        onError: { target: 'failed', actions: { type: 'showMessage', params: { message: MESSAGES.SOMETHING_WENT_WRONG } } },
      },
    },
    activating: form.keyCheck('activate', 'takeMemberId'),
    form: { initial: 'editing', states: form.states },
    done: { type: 'final' },
    failed: { type: 'final' },
  },
});
