// The public mini-view, /mini-view (spec 000 §2, §5): 'Member Search' by card number, then 'Member Info' or
// 'No member info to display'.
import { assign, setup } from 'xstate';
import { isSuccess, type ResponseEnvelope } from '../engine/api/envelope';
import { CARD_NUMBER_MAX, MEMBER_FLOW_TEXTS, type MemberSummary } from '../domain/memberFlows';
import { CODES, MESSAGES } from '../engine/api/responseCodes';
import { SHELL_MESSAGES } from '../engine/rules';
import { injectedActor } from './injectedActor';

export interface MiniViewContext {
  /** The trimmed card number of the last search. */
  cardnumber: string;
  fieldError: string | undefined;
  member: MemberSummary | undefined;
  /** The server's message when the search failed for another reason than 'not found'. */
  message: string | undefined;
}

export type MiniViewEvent = { type: 'SEARCH'; cardnumber: string } | { type: 'RESET' };

/** The card number rule of spec 000 §5: required, digits only, at most CARD_NUMBER_MAX, checked trimmed. */
export function cardNumberError(value: string): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return MEMBER_FLOW_TEXTS.required;
  if (!/^\d+$/.test(trimmed)) return MEMBER_FLOW_TEXTS.onlyNumeric;
  if (trimmed.length > CARD_NUMBER_MAX) return SHELL_MESSAGES.lengthMaximum;
  return undefined;
}

const findMember = injectedActor<ResponseEnvelope, { cardnumber: string }>('findMember');

type Answer = { response: ResponseEnvelope };
const answerOf = ({ event }: { event: { output: ResponseEnvelope } }): Answer => ({ response: event.output });

const EMPTY: MiniViewContext = { cardnumber: '', fieldError: undefined, member: undefined, message: undefined };

export const miniViewMachine = setup({
  types: {
    context: {} as MiniViewContext,
    events: {} as MiniViewEvent,
  },
  actors: { findMember },
  guards: {
    cardNumberInvalid: ({ event }) => event.type === 'SEARCH' && cardNumberError(event.cardnumber) !== undefined,
    accepted: (_, params: Answer) => isSuccess(params.response.status.responsecode) && !!params.response.result,
    notFound: (_, params: Answer) => params.response.status.responsecode === CODES.NOT_FOUND,
  },
  actions: {
    showFieldError: assign({ ...EMPTY, fieldError: ({ event }) => (event.type === 'SEARCH' ? cardNumberError(event.cardnumber) : undefined) }),
    takeCardNumber: assign({ ...EMPTY, cardnumber: ({ event }) => (event.type === 'SEARCH' ? event.cardnumber.trim() : '') }),
    clear: assign(EMPTY),
    showMember: assign({ member: (_, params: Answer) => params.response.result as MemberSummary }),
    showMessage: assign({ message: (_, params: { message: string }) => params.message }),
  },
}).createMachine({
  id: 'miniView',
  context: EMPTY,
  initial: 'idle',
  on: {
    SEARCH: [
      { guard: 'cardNumberInvalid', target: '.idle', actions: 'showFieldError' },
      { target: '.searching', actions: 'takeCardNumber' },
    ],
    RESET: { target: '.idle', actions: 'clear' },
  },
  states: {
    idle: {},
    searching: {
      invoke: {
        id: 'findMember',
        src: 'findMember',
        input: ({ context }) => ({ cardnumber: context.cardnumber }),
        onDone: [
          { guard: { type: 'accepted', params: answerOf }, target: 'found', actions: { type: 'showMember', params: answerOf } },
          // 'No member info to display'
          { guard: { type: 'notFound', params: answerOf }, target: 'notFound' },
          { target: 'failed', actions: { type: 'showMessage', params: ({ event }) => ({ message: event.output.status.responsemessage }) } },
        ],
        onError: { target: 'failed', actions: { type: 'showMessage', params: { message: MESSAGES.SOMETHING_WENT_WRONG } } },
      },
    },
    // 'Member Info'
    found: {},
    notFound: {},
    failed: {},
  },
});
