// The new-password form every password flow shares (member activation and reset, staff reset, the staff change of
// an expired password, the last step of the forgot-password modal): its event, its rules, and newPasswordForm(), the
// factory of its states, guards and actions, so that each flow's machine declares only what differs: its call, its
// rules, whether the call uses up a key, and what else the call waits for.
import { assign, type EventObject } from 'xstate';
import { isSuccess, type ResponseEnvelope } from '../engine/api/envelope';
import { CODES, MESSAGES } from '../engine/api/responseCodes';
import { MEMBER_DEFAULT_PASSWORD } from '../domain/memberFlows';
import { PASSWORD_MAX, SHELL_MESSAGES, passwordStrengthErrors } from '../engine/rules';
import { injectedActor } from './injectedActor';

export type NewPasswordField = 'newpassword' | 'confirmation';

export type NewPasswordErrors = Partial<Record<NewPasswordField, string[]>>;

/** The messages of each field that breaks a rule; the field is absent when it passes. */
export type FieldErrors = Partial<Record<string, string[]>>;

/**
 * The form's one event: the passwords travel in it and never sit in a machine's context. Only the change of an
 * expired password asks for the current one.
 */
export type NewPasswordEvent = { type: 'SUBMIT_PASSWORD'; newpassword: string; confirmation: string; currentpassword?: string };

/** What the form keeps in its machine's context. */
export interface NewPasswordContext {
  fieldErrors: FieldErrors;
  /** The server's message: why the page stops, why the form was refused, or the final success. */
  message: string | undefined;
}

/** Every rule each field of the create-password form breaks (spec 000 §5 'Password strength', §9 length 8 to 45). */
export function newPasswordFieldErrors(event: NewPasswordEvent): NewPasswordErrors {
  const { newpassword, confirmation } = event;
  const tooLong = [...newpassword].length > PASSWORD_MAX ? [SHELL_MESSAGES.lengthMaximum] : [];
  const errors: NewPasswordErrors = {
    newpassword: newpassword ? [...passwordStrengthErrors(newpassword), ...tooLong] : [SHELL_MESSAGES.required],
    // The spec only says the confirmation must equal the password; the change-password modal's words say so.
    confirmation: !confirmation ? [SHELL_MESSAGES.required] : confirmation !== newpassword ? [SHELL_MESSAGES.confirmationInconsistent] : [],
  };
  return withoutPassingFields(errors);
}

/** The fields that break a rule, without the ones whose list is empty. */
export const withoutPassingFields = <T extends FieldErrors>(errors: T): T =>
  Object.fromEntries(Object.entries(errors).filter(([, list]) => list!.length > 0)) as T;

/** The key codes after which a form can no longer succeed: the page shows the message instead of the form. */
export const KEY_FAILURE_CODES: readonly string[] = [CODES.KEY_INVALID, CODES.KEY_USED, CODES.KEY_EXPIRED];

/** The member change-password call of spec 000 §7 as the machines hand it to the page; the page digests newpassword. */
export interface MemberPasswordCall {
  key: string;
  memberid: string;
  forceupdate: true;
  currentpassword: string;
  newpassword: string;
}

/** The member call of the activation and reset links: the key, the member it names, the fixed current password. */
export const memberPasswordCall = (context: { key: string; memberid: string | undefined }, event: NewPasswordEvent): MemberPasswordCall => ({
  key: context.key,
  memberid: context.memberid ?? '',
  forceupdate: true,
  currentpassword: MEMBER_DEFAULT_PASSWORD,
  newpassword: event.newpassword,
});

/** A call's answer as the guards and actions take it. */
export type Answer = { response: ResponseEnvelope };
export const answerOf = ({ event }: { event: { output: ResponseEnvelope } }): Answer => ({ response: event.output });

/** A change of the form's part of a flow's context (the flow's context holds more). */
const update = <TContext extends NewPasswordContext>(change: Partial<NewPasswordContext>) => change as Partial<TContext>;

export interface NewPasswordFormOptions<TContext, TActor extends string, TCall> {
  /** The machine's id: a success goes to its state 'done', a key the call cannot use to its state 'failed'. */
  machine: string;
  /** The injected actor that sets the password: its name in the machine's actors, and the invocation's id. */
  actor: TActor;
  /** The actor's input, from the context and the submitted form. */
  call(context: TContext, event: NewPasswordEvent): TCall;
  /** The flow's rules (from engine/rules): the messages of each field, none when the form may be sent. */
  rules(event: NewPasswordEvent): FieldErrors;
  /** The call uses up the link's key: an unknown, used or expired key (KEY_FAILURE_CODES) ends the flow in 'failed'. */
  keyed: boolean;
  /** The page shows the server's message of a success in place of the form; false where the flow's output says it. */
  successMessage: boolean;
  /**
   * What the call waits for besides valid fields (the forgot-password modal's verified steps): while `holds` is false,
   * a valid form shows `message` and sends nothing.
   */
  requires?: { holds(context: TContext): boolean; message: string };
}

/** The tag of the states that check a link's key before the form: the page shows its waiting text meanwhile. */
export const CHECKING_KEY = 'checkingKey';

/**
 * The form's two states, 'editing' and 'submitting', and the guards and actions they name: the flow adds
 * `implementations` with setup(...).extend() (its own steps may name them too) and places `states` in a compound
 * state or at its top. The rules are checked before the call; a refusal or a failed call keeps the form, with the
 * message. TContext and TEvent are the flow's whole context and event union.
 */
export function newPasswordForm<TContext extends NewPasswordContext, TEvent extends EventObject, TActor extends string, TCall>(
  options: NewPasswordFormOptions<TContext, TActor, TCall>,
) {
  const { machine, actor, call, rules, keyed, successMessage, requires } = options;
  const submitted = (event: EventObject) => (event.type === 'SUBMIT_PASSWORD' ? (event as NewPasswordEvent) : undefined);
  const refusedKey = keyed
    ? // A used or expired key cannot succeed on a second try: the message replaces the form.
      [{ guard: { type: 'keyFailure' as const, params: answerOf }, target: `#${machine}.failed`, actions: { type: 'showServerMessage' as const, params: answerOf } }]
    : [];
  const unmet = requires
    ? [{ guard: 'requirementUnmet' as const, actions: ['clearMessages' as const, { type: 'showMessage' as const, params: { message: requires.message } }] }]
    : [];
  const implementations = {
    guards: {
      passwordInvalid: ({ event }: { event: EventObject }) => {
        const form = submitted(event);
        return !!form && Object.keys(rules(form)).length > 0;
      },
      requirementUnmet: ({ context }: { context: TContext }) => !!requires && !requires.holds(context),
      accepted: (_: unknown, params: Answer) => isSuccess(params.response.status.responsecode),
      keyFailure: (_: unknown, params: Answer) => KEY_FAILURE_CODES.includes(params.response.status.responsecode),
    },
    actions: {
      showFieldErrors: assign<TContext, TEvent, undefined, TEvent, never>(({ event }) => {
        const form = submitted(event);
        return update<TContext>({ fieldErrors: form ? rules(form) : {} });
      }),
      clearMessages: assign<TContext, TEvent, undefined, TEvent, never>(() => update<TContext>({ fieldErrors: {}, message: undefined })),
      showMessage: assign<TContext, TEvent, { message: string }, TEvent, never>((_, params) => update<TContext>({ message: params.message })),
      showServerMessage: assign<TContext, TEvent, Answer, TEvent, never>((_, params) => update<TContext>({ message: params.response.status.responsemessage })),
    },
  };
  const states = {
    editing: {
      on: {
        SUBMIT_PASSWORD: [
          { guard: 'passwordInvalid' as const, actions: 'showFieldErrors' as const },
          ...unmet,
          { target: 'submitting', actions: 'clearMessages' as const },
        ],
      },
    },
    submitting: {
      invoke: {
        id: actor,
        src: actor,
        // Entered by SUBMIT_PASSWORD only: the passwords go from the event to the call.
        input: ({ context, event }: { context: TContext; event: TEvent }) => call(context, submitted(event)!),
        onDone: [
          { guard: { type: 'accepted' as const, params: answerOf }, target: `#${machine}.done`, actions: successMessage ? [{ type: 'showServerMessage' as const, params: answerOf }] : [] },
          ...refusedKey,
          { target: 'editing', actions: { type: 'showServerMessage' as const, params: answerOf } },
        ],
        onError: { target: 'editing', actions: { type: 'showMessage' as const, params: { message: MESSAGES.SOMETHING_WENT_WRONG } } },
      },
    },
  };
  /**
   * The state that checks the link's key with the injected actor `checker` before the form: accepted, the flow's
   * action `take` keeps what the answer names and the form shows; refused or failed, the message ends the flow.
   */
  const keyCheck = <TChecker extends string, TTake extends string>(checker: TChecker, take: TTake) => ({
    tags: [CHECKING_KEY],
    invoke: {
      id: checker,
      src: checker,
      input: ({ context }: { context: TContext & { key: string } }) => ({ key: context.key }),
      onDone: [
        { guard: { type: 'accepted' as const, params: answerOf }, target: `#${machine}.form`, actions: { type: take, params: answerOf } },
        { target: `#${machine}.failed`, actions: { type: 'showServerMessage' as const, params: answerOf } },
      ],
      onError: { target: `#${machine}.failed`, actions: { type: 'showMessage' as const, params: { message: MESSAGES.SOMETHING_WENT_WRONG } } },
    },
  });
  return { implementations, states, keyCheck };
}

/** The member link flows' (activation, reset) call: the injected member change-password actor. */
export const memberChangePassword = injectedActor<ResponseEnvelope, MemberPasswordCall>('changePassword');

/** The member link flows' form: the member change-password call with the common rules; it uses up the link's key. */
export const memberPasswordForm = <TContext extends NewPasswordContext & { key: string; memberid: string | undefined }, TEvent extends EventObject>(
  machine: string,
) =>
  newPasswordForm<TContext, TEvent, 'changePassword', MemberPasswordCall>({
    machine,
    actor: 'changePassword',
    call: memberPasswordCall,
    rules: newPasswordFieldErrors,
    keyed: true,
    successMessage: true,
  });
