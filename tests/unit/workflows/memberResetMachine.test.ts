// The member reset page's machine: the request form without a key; validation, form and message with one; spec words retyped.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ResponseEnvelope } from '../../../engine/api/envelope';
import { memberResetMachine } from '../../../workflows/memberResetMachine';
import type { MemberPasswordCall } from '../../../workflows/newPasswordForm';
import { allStatePaths, reachableStatePaths } from './statePaths';

const envelope = (responsecode: string, responsemessage: string, result?: unknown): ResponseEnvelope => ({
  status: { responsecode, responsemessage },
  ...(result === undefined ? {} : { result }),
});

const KEY = 'r'.repeat(43);
const REQUESTED = envelope('0000', 'If the account exists, a reset link has been sent to its e-mail');
const VALID = envelope('0000', 'Success', { memberid: 'M0002' });
const PASSWORD_SET = envelope('0000', 'Your password has been reset');
const PASSWORD = { type: 'SUBMIT_PASSWORD', newpassword: 'Garuda#2024', confirmation: 'Garuda#2024' } as const;

interface Answers {
  requestReset?: () => Promise<ResponseEnvelope>;
  validateKey?: () => Promise<ResponseEnvelope>;
  changePassword?: () => Promise<ResponseEnvelope>;
}

function start(key: string | undefined, answers: Answers = {}) {
  const calls = {
    requestReset: vi.fn(async (_call: { input: { username: string; recaptcha: string } }) => (answers.requestReset ?? (async () => REQUESTED))()),
    validateKey: vi.fn(async (_call: { input: { key: string } }) => (answers.validateKey ?? (async () => VALID))()),
    changePassword: vi.fn(async (_call: { input: MemberPasswordCall }) => (answers.changePassword ?? (async () => PASSWORD_SET))()),
  };
  const machine = memberResetMachine.provide({
    actors: { requestReset: fromPromise(calls.requestReset), validateKey: fromPromise(calls.validateKey), changePassword: fromPromise(calls.changePassword) },
  });
  const actor = createActor(machine, { input: { key } }).start();
  return { actor, calls };
}

type Actor = ReturnType<typeof start>['actor'];
const settled = (actor: Actor) =>
  waitFor(actor, (s) => !s.matches('validating') && !s.matches({ request: 'submitting' }) && !s.matches({ form: 'submitting' }));

describe('memberResetMachine reachability', () => {
  it('reaches every state with deterministic fakes, with and without a key', () => {
    const events = [
      PASSWORD,
      { type: 'SUBMIT_PASSWORD', newpassword: '', confirmation: '' },
      { type: 'SUBMIT_REQUEST', username: '1234567890' },
      { type: 'CAPTCHA_VERIFIED', payload: 'solved' },
      { type: 'SUBMIT_REQUEST', username: '1234567890' },
      { type: 'SUBMIT_REQUEST', username: ' ' },
      { type: 'xstate.done.actor.requestReset', output: REQUESTED },
      { type: 'xstate.done.actor.requestReset', output: envelope('4290', 'Too many requests, please try again later') },
      { type: 'xstate.error.actor.requestReset', error: 'network down' },
      { type: 'xstate.done.actor.validateKey', output: VALID },
      { type: 'xstate.done.actor.validateKey', output: envelope('9012', 'This link has expired, please ask for a new one') },
      { type: 'xstate.done.actor.changePassword', output: PASSWORD_SET },
      { type: 'xstate.done.actor.changePassword', output: envelope('9003', 'Password rules not met') },
      { type: 'xstate.done.actor.changePassword', output: envelope('9011', 'This link has already been used') },
    ];
    const reached = new Set([
      ...reachableStatePaths(memberResetMachine, { input: { key: KEY }, events }),
      ...reachableStatePaths(memberResetMachine, { input: { key: undefined }, events }),
    ]);
    expect([...reached].sort()).toEqual(allStatePaths(memberResetMachine));
    expect(allStatePaths(memberResetMachine)).toEqual([
      'done',
      'failed',
      'form',
      'form.editing',
      'form.submitting',
      'request',
      'request.editing',
      'request.submitting',
      'requested',
      'validating',
    ]);
  });
});

describe('memberResetMachine without a key', () => {
  it('shows the request form and replaces it with the server message, sending the trimmed card number or e-mail', async () => {
    const { actor, calls } = start(undefined);
    expect(actor.getSnapshot().matches({ request: 'editing' })).toBe(true);
    actor.send({ type: 'CAPTCHA_VERIFIED', payload: 'solved' });
    actor.send({ type: 'SUBMIT_REQUEST', username: '  ayu@example.com ' });
    await settled(actor);
    expect(calls.requestReset.mock.calls[0][0].input).toEqual({ username: 'ayu@example.com', recaptcha: 'solved' });
    expect(calls.validateKey).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('requested');
    expect(actor.getSnapshot().context.message).toBe('If the account exists, a reset link has been sent to its e-mail');
  });

  it("requires the card number or e-mail ('Required')", () => {
    const { actor, calls } = start(undefined);
    actor.send({ type: 'SUBMIT_REQUEST', username: '   ' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ username: ['Required'] });
    expect(calls.requestReset).not.toHaveBeenCalled();
  });

  it('sends nothing before the captcha is passed, and uses each captcha for one request', async () => {
    const { actor, calls } = start(undefined, { requestReset: async () => envelope('4290', 'Too many requests, please try again later') });
    actor.send({ type: 'SUBMIT_REQUEST', username: '1234567890' });
    expect(calls.requestReset).not.toHaveBeenCalled();
    actor.send({ type: 'CAPTCHA_VERIFIED', payload: 'solved' });
    actor.send({ type: 'SUBMIT_REQUEST', username: '1234567890' });
    await settled(actor);
    expect(calls.requestReset).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.captcha).toBeUndefined();
    actor.send({ type: 'SUBMIT_REQUEST', username: '1234567890' });
    expect(calls.requestReset).toHaveBeenCalledTimes(1);
  });

  it('keeps the form with the server message when the request is refused or fails', async () => {
    const { actor } = start(undefined, { requestReset: async () => envelope('4290', 'Too many requests, please try again later') });
    actor.send({ type: 'CAPTCHA_VERIFIED', payload: 'solved' });
    actor.send({ type: 'SUBMIT_REQUEST', username: '1234567890' });
    await settled(actor);
    expect(actor.getSnapshot().matches({ request: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.message).toBe('Too many requests, please try again later');

    const failing = start('', {
      requestReset: async () => {
        throw new Error('offline');
      },
    });
    failing.actor.send({ type: 'CAPTCHA_VERIFIED', payload: 'solved' });
    failing.actor.send({ type: 'SUBMIT_REQUEST', username: '1234567890' });
    await settled(failing.actor);
    expect(failing.actor.getSnapshot().context.message).toBe('Something went wrong, Please try again');
  });
});

describe('memberResetMachine with a key', () => {
  it('validates the key, then sets the password with the key and shows the server message', async () => {
    const { actor, calls } = start(KEY);
    expect(actor.getSnapshot().value).toBe('validating');
    await settled(actor);
    expect(calls.validateKey.mock.calls[0][0].input).toEqual({ key: KEY });
    expect(actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    actor.send(PASSWORD);
    await settled(actor);
    expect(calls.changePassword.mock.calls[0][0].input).toEqual({
      key: KEY,
      memberid: 'M0002',
      forceupdate: true,
      currentpassword: 'DEFAULT',
      newpassword: 'Garuda#2024',
    });
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.message).toBe('Your password has been reset');
  });

  it.each([
    ['9010', 'This link is not valid'],
    ['9011', 'This link has already been used'],
    ['9012', 'This link has expired, please ask for a new one'],
  ])('stops with the server message for a refused key (%s)', async (code, message) => {
    const { actor } = start(KEY, { validateKey: async () => envelope(code, message) });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.message).toBe(message);
  });

  it('says something went wrong when the validation fails outright', async () => {
    const { actor } = start(KEY, {
      validateKey: async () => {
        throw new Error('offline');
      },
    });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.message).toBe('Something went wrong, Please try again');
  });

  it('checks the strength rules before calling, and keeps the form on a refused password', async () => {
    const { actor, calls } = start(KEY, { changePassword: async () => envelope('9003', 'Password rules not met') });
    await settled(actor);
    actor.send({ type: 'SUBMIT_PASSWORD', newpassword: 'Garuda 2024!', confirmation: 'Garuda 2024!' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ newpassword: ['There is no blank space allowed.'] });
    expect(calls.changePassword).not.toHaveBeenCalled();
    actor.send(PASSWORD);
    await settled(actor);
    expect(actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.message).toBe('Password rules not met');
  });

  it('replaces the form with the message when the key was used meanwhile', async () => {
    const { actor } = start(KEY, { changePassword: async () => envelope('9011', 'This link has already been used') });
    await settled(actor);
    actor.send(PASSWORD);
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.message).toBe('This link has already been used');
  });
});
