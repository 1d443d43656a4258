// The public one-time code page, /otp/{otpid}?={encoded} (spec 000 §2, §4, §7, §8, §9): load the time limit, count
// down mm:ss, verify six digits, then (unless REDEMPTION) apply the profile update the code was sent for.
import { assign, setup } from 'xstate';
import { isSuccess, type ResponseEnvelope } from '../engine/api/envelope';
import { OTP_DEFAULT_SECONDS, OTP_LENGTH, OTP_REDEMPTION, decodeOtpLink, type OtpLinkData } from '../domain/memberFlows';
import { CODES, MESSAGES } from '../engine/api/responseCodes';
import { injectedActor } from './injectedActor';

export interface OtpInput {
  otpid: string;
  /** The decoded query of the link; undefined when it could not be read. */
  link: OtpLinkData | undefined;
}

export interface OtpContext {
  otpid: string;
  link: OtpLinkData | undefined;
  /** Seconds left on the countdown. */
  remaining: number;
  /** The server's message: a refused code on the form, or why the page stops. */
  message: string | undefined;
  /** The server's message when the profile update after a verified code failed. */
  updateMessage: string | undefined;
}

export type OtpEvent = { type: 'VERIFY'; code: string };

/** The verification call of spec 000 §7. */
export interface OtpVerifyCall {
  otpid: string;
  memberid: string;
  transactiontype: string;
  otpcode: number;
  channel: 'BO';
}

const loadTimeLimit = injectedActor<ResponseEnvelope, { otpid: string }>('loadTimeLimit');
const verifyCode = injectedActor<ResponseEnvelope, OtpVerifyCall>('verifyCode');
/** The page adds the browser and the position; the server applies the session's stored data. */
const updateProfile = injectedActor<ResponseEnvelope, { otpid: string }>('updateProfile');

/** The query of /otp/{id}?={encoded}: everything after the first '=' of location.search, decoded. */
export function otpLinkFromSearch(search: string): OtpLinkData | undefined {
  const at = search.indexOf('=');
  return at < 0 ? undefined : decodeOtpLink(search.slice(at + 1));
}

/** The countdown as mm:ss. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

export const isOtpCode = (code: string): boolean => new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code);

/**
 * The client never throws: a dead server or a proxy answers with the HTTP status (or nothing) as the code, never one of
 * the product's four-digit codes. Those show 'Connection Issue'.
 */
export const isTransportFailure = (response: ResponseEnvelope): boolean => !/^\d{4}$/.test(response.status.responsecode);

/** Answers after which another code cannot help: the message stays on a locked form. */
const FINAL_REFUSALS: readonly string[] = [CODES.OTP_EXPIRED, CODES.KEY_USED, CODES.KEY_EXPIRED, CODES.KEY_INVALID];

type Answer = { response: ResponseEnvelope };
const answerOf = ({ event }: { event: { output: ResponseEnvelope } }): Answer => ({ response: event.output });
const timeLimitOf = (params: Answer) => (params.response.result as { secondstimelimit?: number | null } | undefined)?.secondstimelimit;

export const otpMachine = setup({
  types: {
    context: {} as OtpContext,
    events: {} as OtpEvent,
    input: {} as OtpInput,
  },
  actors: { loadTimeLimit, verifyCode, updateProfile },
  guards: {
    linkUnreadable: ({ context }) => !context.link,
    transportFailure: (_, params: Answer) => isTransportFailure(params.response),
    // OTP calls need '0000' exactly (spec 000 §8).
    accepted: (_, params: Answer) => isSuccess(params.response.status.responsecode, true),
    otpExpired: (_, params: Answer) => params.response.status.responsecode === CODES.OTP_EXPIRED,
    finalRefusal: (_, params: Answer) => FINAL_REFUSALS.includes(params.response.status.responsecode),
    noTimeLeft: (_, params: Answer) => {
      const limit = timeLimitOf(params);
      return typeof limit === 'number' && !(limit > 0);
    },
    codeIncomplete: ({ event }) => !isOtpCode(event.code),
    acceptedRedemption: ({ context }, params: Answer) => isSuccess(params.response.status.responsecode, true) && context.link?.transactiontype === OTP_REDEMPTION,
    countdownOver: ({ context }) => context.remaining <= 0,
  },
  actions: {
    startCountdown: assign({
      // No limit (absent, null or not a number) means the default five minutes (spec 000 §9).
      remaining: (_, params: Answer) => {
        const limit = timeLimitOf(params);
        return typeof limit === 'number' && Number.isFinite(limit) ? Math.floor(limit) : OTP_DEFAULT_SECONDS;
      },
    }),
    countDown: assign({ remaining: ({ context }) => Math.max(0, context.remaining - 1) }),
    clearMessage: assign({ message: undefined }),
    showMessage: assign({ message: (_, params: { message: string }) => params.message }),
    showServerMessage: assign({ message: (_, params: Answer) => params.response.status.responsemessage }),
    keepUpdateMessage: assign({ updateMessage: (_, params: { message: string }) => params.message }),
  },
  delays: { tick: 1000 },
}).createMachine({
  id: 'otp',
  context: ({ input }) => ({ otpid: input.otpid, link: input.link, remaining: OTP_DEFAULT_SECONDS, message: undefined, updateMessage: undefined }),
  initial: 'loading',
  states: {
    loading: {
      // An unreadable link cannot name the member: the page says 'Connection Issue', as for a call that never arrived.
      always: { guard: 'linkUnreadable', target: 'connectionIssue' },
      invoke: {
        id: 'loadTimeLimit',
        src: 'loadTimeLimit',
        input: ({ context }) => ({ otpid: context.otpid }),
        onDone: [
          { guard: { type: 'transportFailure', params: answerOf }, target: 'connectionIssue' },
          { guard: { type: 'otpExpired', params: answerOf }, target: 'expired' },
          { guard: { type: 'noTimeLeft', params: answerOf }, target: 'expired' },
          { guard: { type: 'accepted', params: answerOf }, target: 'active', actions: { type: 'startCountdown', params: answerOf } },
          // An unknown or closed session: the invalid page with the server's message.
          { target: 'invalid', actions: { type: 'showServerMessage', params: answerOf } },
        ],
        onError: { target: 'connectionIssue' },
      },
    },
    active: {
      type: 'parallel',
      states: {
        clock: {
          initial: 'ticking',
          states: {
            ticking: {
              after: { tick: { target: 'ticking', reenter: true, actions: 'countDown' } },
            },
          },
        },
        code: {
          initial: 'editing',
          states: {
            // A code already sent is answered first: the page expires only while the member could type.
            editing: {
              always: { guard: 'countdownOver', target: '#otp.expired' },
              on: {
                VERIFY: [{ guard: 'codeIncomplete' }, { target: 'verifying', actions: 'clearMessage' }],
              },
            },
            verifying: {
              invoke: {
                id: 'verifyCode',
                src: 'verifyCode',
                input: ({ context, event }) => ({
                  otpid: context.otpid,
                  memberid: context.link?.memberid ?? '',
                  transactiontype: context.link?.transactiontype ?? '',
                  otpcode: Number(event.code),
                  channel: 'BO' as const,
                }),
                onDone: [
                  { guard: { type: 'transportFailure', params: answerOf }, target: '#otp.connectionIssue' },
                  { guard: { type: 'acceptedRedemption', params: answerOf }, target: '#otp.verified' },
                  { guard: { type: 'accepted', params: answerOf }, target: '#otp.updating' },
                  { guard: { type: 'finalRefusal', params: answerOf }, target: '#otp.refused', actions: { type: 'showServerMessage', params: answerOf } },
                  // A wrong code: the member may try again (the server counts the attempts).
                  { target: 'editing', actions: { type: 'showServerMessage', params: answerOf } },
                ],
                onError: { target: '#otp.connectionIssue' },
              },
            },
          },
        },
      },
    },
    // The profile change the code was sent for; the code is verified whatever this answers.
    updating: {
      invoke: {
        id: 'updateProfile',
        src: 'updateProfile',
        input: ({ context }) => ({ otpid: context.otpid }),
        onDone: [
          { guard: { type: 'accepted', params: answerOf }, target: 'verified' },
          { target: 'verified', actions: { type: 'keepUpdateMessage', params: ({ event }) => ({ message: event.output.status.responsemessage }) } },
        ],
        onError: { target: 'verified', actions: { type: 'keepUpdateMessage', params: { message: MESSAGES.SOMETHING_WENT_WRONG } } },
      },
    },
    // 'Congratulations! OTP verified successfully'
    verified: { type: 'final' },
    // 'OTP is Expired'
    expired: { type: 'final' },
    // The server refused for good (expired or used up): its message on a locked form.
    refused: { type: 'final' },
    // The session is not known: the server's message.
    invalid: { type: 'final' },
    // 'Connection Issue'
    connectionIssue: { type: 'final' },
  },
});
