// The staff reset link's machine under fake timers: validation, form, message, redirect after 3 seconds; spec words retyped.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ResponseEnvelope } from '../../../engine/api/envelope';
import { staffResetMachine, type StaffResetCall } from '../../../workflows/staffResetMachine';
import { allStatePaths, reachableStatePaths } from './statePaths';

const envelope = (responsecode: string, responsemessage: string, result?: unknown): ResponseEnvelope => ({
  status: { responsecode, responsemessage },
  ...(result === undefined ? {} : { result }),
});

const KEY = 's'.repeat(43);
const VALID = envelope('0000', 'Success', { username: 'agent01' });
const RESET = envelope('0000', 'Your password has been reset');
const PASSWORD = { type: 'SUBMIT_PASSWORD', newpassword: 'Garuda#2024', confirmation: 'Garuda#2024' } as const;

function start(answers: { validateKey?: () => Promise<ResponseEnvelope>; resetPassword?: () => Promise<ResponseEnvelope> } = {}) {
  const calls = {
    validateKey: vi.fn(async (_call: { input: { key: string } }) => (answers.validateKey ?? (async () => VALID))()),
    resetPassword: vi.fn(async (_call: { input: StaffResetCall }) => (answers.resetPassword ?? (async () => RESET))()),
  };
  const machine = staffResetMachine.provide({ actors: { validateKey: fromPromise(calls.validateKey), resetPassword: fromPromise(calls.resetPassword) } });
  const actor = createActor(machine, { input: { key: KEY } }).start();
  return { actor, calls };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('staffResetMachine reachability', () => {
  it('reaches every state with deterministic fakes; the redirect comes from the traversal of the delay', () => {
    const events = [
      PASSWORD,
      { type: 'SUBMIT_PASSWORD', newpassword: 'x', confirmation: 'y' },
      { type: 'xstate.done.actor.validateKey', output: VALID },
      { type: 'xstate.done.actor.validateKey', output: envelope('9010', 'This link is not valid') },
      { type: 'xstate.error.actor.validateKey', error: 'network down' },
      { type: 'xstate.done.actor.resetPassword', output: RESET },
      { type: 'xstate.done.actor.resetPassword', output: envelope('9003', 'Password rules not met') },
      { type: 'xstate.error.actor.resetPassword', error: 'network down' },
    ];
    const reached = reachableStatePaths(staffResetMachine, { input: { key: KEY }, events });
    expect(reached).toEqual(allStatePaths(staffResetMachine));
    expect(reached).toEqual(['done', 'failed', 'form', 'form.editing', 'form.submitting', 'redirect', 'validating']);
  });
});

describe('staffResetMachine', () => {
  it('validates the key, resets with it, shows the message for 3 seconds, then redirects', async () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().value).toBe('validating');
    await settle();
    expect(calls.validateKey.mock.calls[0][0].input).toEqual({ key: KEY });
    expect(actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.username).toBe('agent01');
    actor.send(PASSWORD);
    await settle();
    expect(calls.resetPassword.mock.calls[0][0].input).toEqual({ key: KEY, newpassword: 'Garuda#2024' });
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.message).toBe('Your password has been reset');
    await vi.advanceTimersByTimeAsync(2999);
    expect(actor.getSnapshot().value).toBe('done');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('redirect');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it.each([
    ['9010', 'This link is not valid'],
    ['9011', 'This link has already been used'],
    ['9012', 'This link has expired, please ask for a new one'],
  ])('stops with the server message for a refused key (%s) and never redirects', async (code, message) => {
    const { actor } = start({ validateKey: async () => envelope(code, message) });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.message).toBe(message);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(actor.getSnapshot().value).toBe('failed');
  });

  it('checks the strength rules before calling the server', async () => {
    const { actor, calls } = start();
    await settle();
    actor.send({ type: 'SUBMIT_PASSWORD', newpassword: 'abcdefgh', confirmation: 'abcdefgh' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      newpassword: ['At least 1 uppercase character.', 'At least 1 digit number.', 'At least 1 special character.'],
    });
    actor.send({ type: 'SUBMIT_PASSWORD', newpassword: `Aa1#${'x'.repeat(42)}`, confirmation: `Aa1#${'x'.repeat(42)}` });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ newpassword: ['Maximum 45 characters'] });
    expect(calls.resetPassword).not.toHaveBeenCalled();
  });

  it('keeps the form with the server message on a refusal or failure; a used key replaces the form', async () => {
    let answer: () => Promise<ResponseEnvelope> = async () => envelope('9003', 'Password rules not met');
    const { actor } = start({ resetPassword: () => answer() });
    await settle();
    actor.send(PASSWORD);
    await settle();
    expect(actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.message).toBe('Password rules not met');
    answer = async () => {
      throw new Error('offline');
    };
    actor.send(PASSWORD);
    await settle();
    expect(actor.getSnapshot().context.message).toBe('Something went wrong, Please try again');
    answer = async () => envelope('9011', 'This link has already been used');
    actor.send(PASSWORD);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.message).toBe('This link has already been used');
  });
});
