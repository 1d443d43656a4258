// The shared new-password form: the factory on a machine of its own, then each of the five flows built with it,
// through the same success and failure transitions; spec words retyped.
import { getStateNodes } from '@xstate/graph';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, setup, waitFor, type AnyEventObject, type AnyStateMachine, type StateValue } from 'xstate';
import type { ResponseEnvelope } from '../../../engine/api/envelope';
import { activationMachine } from '../../../workflows/activationMachine';
import { changePasswordMachine } from '../../../workflows/changePasswordMachine';
import { forgotPasswordMachine } from '../../../workflows/forgotPasswordMachine';
import { memberResetMachine } from '../../../workflows/memberResetMachine';
import { CHECKING_KEY, newPasswordFieldErrors, newPasswordForm, type NewPasswordContext, type NewPasswordEvent } from '../../../workflows/newPasswordForm';
import { staffResetMachine } from '../../../workflows/staffResetMachine';
import { injectedActor } from '../../../workflows/injectedActor';

const envelope = (responsecode: string, responsemessage: string, result?: unknown): ResponseEnvelope => ({
  status: { responsecode, responsemessage },
  ...(result === undefined ? {} : { result }),
});

const KEY = 'n'.repeat(43);
const PASSWORD = { type: 'SUBMIT_PASSWORD', currentpassword: 'Garuda#2023', newpassword: 'Garuda#2024x', confirmation: 'Garuda#2024x' } as const;
const REFUSED = envelope('9003', 'Password rules not met');
const USED = envelope('9011', 'This link has already been used');
const offline = async (): Promise<ResponseEnvelope> => {
  throw new Error('offline');
};

describe('newPasswordForm on a machine of its own', () => {
  interface Context extends NewPasswordContext {
    key: string;
    /** What the form's call also waits for in the test of `requires`. */
    ready: boolean;
  }
  const setPassword = injectedActor<ResponseEnvelope, { key: string; newpassword: string }>('setPassword');

  function machineOf(keyed: boolean, ready = true) {
    const form = newPasswordForm<Context, NewPasswordEvent, 'setPassword', { key: string; newpassword: string }>({
      machine: 'own',
      actor: 'setPassword',
      call: (context, event) => ({ key: context.key, newpassword: event.newpassword }),
      rules: newPasswordFieldErrors,
      keyed,
      successMessage: true,
      requires: { holds: (context) => context.ready, message: 'Not ready yet' },
    });
    return setup({ types: { context: {} as Context, events: {} as NewPasswordEvent }, actors: { setPassword } })
      .extend(form.implementations)
      .createMachine({
        id: 'own',
        context: { key: KEY, ready, fieldErrors: {}, message: undefined },
        initial: 'editing',
        states: { ...form.states, done: { type: 'final' }, failed: { type: 'final' } },
      });
  }

  function start(keyed: boolean, answer: () => Promise<ResponseEnvelope>, ready = true) {
    const setPasswordCall = vi.fn(async (_call: { input: { key: string; newpassword: string } }) => answer());
    const actor = createActor(machineOf(keyed, ready).provide({ actors: { setPassword: fromPromise(setPasswordCall) } })).start();
    return { actor, setPasswordCall };
  }
  const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (snapshot) => !snapshot.matches('submitting'));

  it('calls the injected actor with the built input and ends with the server message; the passwords stay out of the context', async () => {
    const { actor, setPasswordCall } = start(true, async () => envelope('0000', 'Your password has been set'));
    actor.send(PASSWORD);
    expect(actor.getSnapshot().value).toBe('submitting');
    await settled(actor);
    expect(setPasswordCall.mock.calls[0][0].input).toEqual({ key: KEY, newpassword: 'Garuda#2024x' });
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.message).toBe('Your password has been set');
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('Garuda#2024x');
  });

  it('checks the given rules before calling, and clears their messages on the next attempt', async () => {
    const { actor, setPasswordCall } = start(true, async () => REFUSED);
    actor.send({ type: 'SUBMIT_PASSWORD', newpassword: 'garuda', confirmation: '' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      newpassword: ['At least 1 uppercase character.', 'At least 1 digit number.', 'At least 1 special character.', 'Minimum 8 characters.'],
      confirmation: ['Required'],
    });
    expect(setPasswordCall).not.toHaveBeenCalled();
    actor.send(PASSWORD);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.message).toBe('Password rules not met');
  });

  it('sends nothing while what the call requires does not hold: the valid form shows the given message', () => {
    const { actor, setPasswordCall } = start(true, async () => REFUSED, false);
    actor.send({ type: 'SUBMIT_PASSWORD', newpassword: 'garuda', confirmation: '' });
    expect(actor.getSnapshot().context.fieldErrors.confirmation).toEqual(['Required']);
    expect(actor.getSnapshot().context.message).toBeUndefined();
    actor.send(PASSWORD);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ fieldErrors: {}, message: 'Not ready yet' });
    expect(setPasswordCall).not.toHaveBeenCalled();
  });

  it('keeps the form with the generic message when the call fails outright', async () => {
    const { actor } = start(true, offline);
    actor.send(PASSWORD);
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.message).toBe('Something went wrong, Please try again');
  });

  it.each([
    ['9010', 'This link is not valid'],
    ['9011', 'This link has already been used'],
    ['9012', 'This link has expired, please ask for a new one'],
  ])('ends a keyed form in failed on a key the server refuses (%s); an unkeyed one keeps the form', async (code, message) => {
    const keyed = start(true, async () => envelope(code, message));
    keyed.actor.send(PASSWORD);
    await settled(keyed.actor);
    expect(keyed.actor.getSnapshot().value).toBe('failed');
    expect(keyed.actor.getSnapshot().context.message).toBe(message);

    const unkeyed = start(false, async () => envelope(code, message));
    unkeyed.actor.send(PASSWORD);
    await settled(unkeyed.actor);
    expect(unkeyed.actor.getSnapshot().value).toBe('editing');
    expect(unkeyed.actor.getSnapshot().context.message).toBe(message);
  });
});

/** One flow built with the factory: how to reach its form, and what its password call should receive. */
interface Flow {
  machine: AnyStateMachine;
  input: unknown;
  /** The actors before the form, each answering success. */
  steps: Record<string, ResponseEnvelope>;
  /** What the user sends before the form, one event at a time (the forgot-password steps). */
  events?: AnyEventObject[];
  /** The injected actor that sets the password. */
  actor: string;
  editing: StateValue;
  call: unknown;
  /** Where a refused key leaves the flow. */
  keyRefused: StateValue;
  /** The server's message of a success, as the flow keeps it for its page. */
  successMessage: string | undefined;
}

const FLOWS: Record<string, Flow> = {
  activation: {
    machine: activationMachine,
    input: { key: KEY },
    steps: { retrieveKey: envelope('0000', 'Success', { keytype: 'ACTIVATION', memberid: 'M0001' }), activate: envelope('0000', 'Success', { memberid: 'M0001' }) },
    actor: 'changePassword',
    editing: { form: 'editing' },
    call: { key: KEY, memberid: 'M0001', forceupdate: true, currentpassword: 'DEFAULT', newpassword: 'Garuda#2024x' },
    keyRefused: 'failed',
    successMessage: 'Your password has been set',
  },
  'member reset': {
    machine: memberResetMachine,
    input: { key: KEY },
    steps: { validateKey: envelope('0000', 'Success', { memberid: 'M0002' }) },
    actor: 'changePassword',
    editing: { form: 'editing' },
    call: { key: KEY, memberid: 'M0002', forceupdate: true, currentpassword: 'DEFAULT', newpassword: 'Garuda#2024x' },
    keyRefused: 'failed',
    successMessage: 'Your password has been set',
  },
  'staff reset': {
    machine: staffResetMachine,
    input: { key: KEY },
    steps: { validateKey: envelope('0000', 'Success', { username: 'agent01' }) },
    actor: 'resetPassword',
    editing: { form: 'editing' },
    call: { key: KEY, newpassword: 'Garuda#2024x' },
    keyRefused: 'failed',
    successMessage: 'Your password has been set',
  },
  'expired password change': {
    machine: changePasswordMachine,
    input: { username: 'agent01', ticket: 'change-ticket-1' },
    steps: {},
    actor: 'changePassword',
    editing: 'editing',
    call: { username: 'agent01', currentpassword: 'Garuda#2023', newpassword: 'Garuda#2024x', ticket: 'change-ticket-1' },
    // The login's ticket is no link key: the form stays.
    keyRefused: 'editing',
    // The modal closes; its output says what the caller shows.
    successMessage: undefined,
  },
  'forgot password': {
    machine: forgotPasswordMachine,
    input: undefined,
    steps: { verifyUsername: envelope('0000', 'Success', { ticket: 'flow-ticket-1' }), verifyFullname: envelope('0000', 'Success'), verifyBranch: envelope('0000', 'Success') },
    events: [
      { type: 'CAPTCHA_VERIFIED', payload: 'captcha-1' },
      { type: 'VERIFY_USERNAME', username: 'agent01' },
      { type: 'VERIFY_FULLNAME', fullname: 'Ayu Lestari' },
      { type: 'VERIFY_BRANCH', branchcode: 'JKT', tickoffid: 'JKT01' },
    ],
    actor: 'resetPassword',
    editing: { password: 'editing' },
    call: { username: 'agent01', newpassword: 'Garuda#2024x', ticket: 'flow-ticket-1' },
    // The flow ticket is no link key: the form stays.
    keyRefused: { password: 'editing' },
    // Kept for the machine's output, which the login page shows.
    successMessage: 'Your password has been set',
  },
};

function startFlow(flow: Flow, answer: () => Promise<ResponseEnvelope>) {
  const passwordCall = vi.fn(async (_call: { input: unknown }) => answer());
  const steps = Object.fromEntries(Object.entries(flow.steps).map(([name, output]) => [name, fromPromise(async () => output)]));
  const actor = createActor(flow.machine.provide({ actors: { ...steps, [flow.actor]: fromPromise(passwordCall) } }), { input: flow.input }).start();
  return { actor, passwordCall };
}

/** Sends the flow's events, each once the call of the one before has answered, then waits for the flow to rest: at its form, or in a state after it. */
async function resting(flow: Flow, actor: ReturnType<typeof startFlow>['actor']) {
  for (const event of flow.events ?? []) {
    actor.send(event);
    await waitFor(actor, (snapshot) => Object.keys(snapshot.children).length === 0);
  }
  return waitFor(actor, (snapshot) => snapshot.matches(flow.editing) || snapshot.matches('done') || snapshot.matches('failed'));
}

describe.each(Object.entries(FLOWS))('the %s flow with the shared form', (_name, flow) => {
  it('sends its own call and reaches done', async () => {
    const { actor, passwordCall } = startFlow(flow, async () => envelope('0000', 'Your password has been set'));
    await resting(flow, actor);
    expect(actor.getSnapshot().matches(flow.editing)).toBe(true);
    actor.send(PASSWORD);
    await waitFor(actor, (snapshot) => snapshot.matches('done'));
    expect(passwordCall.mock.calls[0][0].input).toEqual(flow.call);
    expect(actor.getSnapshot().context.message).toBe(flow.successMessage);
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('Garuda#2024x');
  });

  it('refuses a weak password without calling', async () => {
    const { actor, passwordCall } = startFlow(flow, async () => envelope('0000', 'Success'));
    await resting(flow, actor);
    actor.send({ ...PASSWORD, newpassword: 'garuda 2024', confirmation: 'garuda 2024' });
    expect(actor.getSnapshot().matches(flow.editing)).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors.newpassword).toEqual([
      'At least 1 uppercase character.',
      'At least 1 special character.',
      'There is no blank space allowed.',
    ]);
    expect(passwordCall).not.toHaveBeenCalled();
  });

  it("keeps the form with the server's refusal, and with the generic message when the call fails", async () => {
    let answer: () => Promise<ResponseEnvelope> = async () => REFUSED;
    const { actor } = startFlow(flow, () => answer());
    await resting(flow, actor);
    actor.send(PASSWORD);
    await waitFor(actor, (snapshot) => snapshot.context.message !== undefined);
    expect(actor.getSnapshot().matches(flow.editing)).toBe(true);
    expect(actor.getSnapshot().context.message).toBe('Password rules not met');
    answer = offline;
    actor.send(PASSWORD);
    await waitFor(actor, (snapshot) => snapshot.context.message !== undefined);
    expect(actor.getSnapshot().matches(flow.editing)).toBe(true);
    expect(actor.getSnapshot().context.message).toBe('Something went wrong, Please try again');
  });

  it('stops on a used link only where the call uses up a key', async () => {
    const { actor } = startFlow(flow, async () => USED);
    await resting(flow, actor);
    actor.send(PASSWORD);
    await waitFor(actor, (snapshot) => snapshot.context.message !== undefined);
    expect(actor.getSnapshot().matches(flow.keyRefused)).toBe(true);
    expect(actor.getSnapshot().context.message).toBe('This link has already been used');
  });
});

describe('the key checks before the form', () => {
  it.each([
    ['activation', activationMachine, ['checking', 'activating']],
    ['member reset', memberResetMachine, ['validating']],
    ['staff reset', staffResetMachine, ['validating']],
  ] as const)('the %s flow tags its key checks, and only them, for the waiting text', (_name, machine, states) => {
    const tagged = getStateNodes(machine as AnyStateMachine)
      .filter((node) => node.tags.includes(CHECKING_KEY))
      .map((node) => node.path.join('.'));
    expect(tagged.sort()).toEqual([...states].sort());
  });
});
