// The activation page's machine: no key, key check, activation, the create-password form, key failures; spec words retyped.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ResponseEnvelope } from '../../../engine/api/envelope';
import { activationMachine, type RetrievedKey } from '../../../workflows/activationMachine';
import type { MemberPasswordCall } from '../../../workflows/newPasswordForm';
import { allStatePaths, reachableStatePaths } from './statePaths';

const envelope = <T,>(responsecode: string, responsemessage: string, result?: T): ResponseEnvelope<T> => ({
  status: { responsecode, responsemessage },
  ...(result === undefined ? {} : { result }),
});

const KEY = 'k'.repeat(43);
const RETRIEVED = envelope<RetrievedKey>('0000', 'Success', { keytype: 'ACTIVATION', memberid: 'M0001' });
const ACTIVATED = envelope('0000', 'Success', { memberid: 'M0001' });
const PASSWORD_SET = envelope('0000', 'Your password has been created');
const USED = envelope('9011', 'This link has already been used');
const PASSWORD = { type: 'SUBMIT_PASSWORD', newpassword: 'Garuda#2024', confirmation: 'Garuda#2024' } as const;

interface Answers {
  retrieveKey?: () => Promise<ResponseEnvelope>;
  activate?: () => Promise<ResponseEnvelope>;
  changePassword?: () => Promise<ResponseEnvelope>;
}

function start(key: string | undefined = KEY, answers: Answers = {}) {
  const calls = {
    retrieveKey: vi.fn(async (_call: { input: { key: string } }): Promise<ResponseEnvelope> => (answers.retrieveKey ?? (async () => RETRIEVED))()),
    activate: vi.fn(async (_call: { input: { key: string } }) => (answers.activate ?? (async () => ACTIVATED))()),
    changePassword: vi.fn(async (_call: { input: MemberPasswordCall }) => (answers.changePassword ?? (async () => PASSWORD_SET))()),
  };
  const machine = activationMachine.provide({
    actors: { retrieveKey: fromPromise(calls.retrieveKey), activate: fromPromise(calls.activate), changePassword: fromPromise(calls.changePassword) },
  });
  const actor = createActor(machine, { input: { key } }).start();
  return { actor, calls };
}

type Actor = ReturnType<typeof start>['actor'];
const settled = (actor: Actor) =>
  waitFor(actor, (snapshot) => !snapshot.matches('checking') && !snapshot.matches('activating') && !snapshot.matches({ form: 'submitting' }));

describe('activationMachine reachability', () => {
  it('reaches every state with deterministic fakes for the three calls, with and without a key', () => {
    const events = [
      PASSWORD,
      { type: 'SUBMIT_PASSWORD', newpassword: 'weak', confirmation: '' },
      { type: 'xstate.done.actor.retrieveKey', output: RETRIEVED },
      { type: 'xstate.done.actor.retrieveKey', output: envelope('9012', 'This link has expired, please ask for a new one') },
      { type: 'xstate.error.actor.retrieveKey', error: 'network down' },
      { type: 'xstate.done.actor.activate', output: ACTIVATED },
      { type: 'xstate.done.actor.activate', output: envelope('9999', 'Member ID not found') },
      { type: 'xstate.done.actor.changePassword', output: PASSWORD_SET },
      { type: 'xstate.done.actor.changePassword', output: envelope('9003', 'Password rules not met') },
      { type: 'xstate.error.actor.changePassword', error: 'network down' },
    ];
    const reached = new Set([
      ...reachableStatePaths(activationMachine, { input: { key: KEY }, events }),
      ...reachableStatePaths(activationMachine, { input: { key: undefined }, events }),
      ...reachableStatePaths(activationMachine, { input: { key: '' }, events }),
    ]);
    expect([...reached].sort()).toEqual(allStatePaths(activationMachine));
    expect(allStatePaths(activationMachine)).toEqual([
      'activating',
      'checking',
      'done',
      'failed',
      'form',
      'form.editing',
      'form.submitting',
      'noKey',
    ]);
  });
});

describe('activationMachine', () => {
  it('explains itself on /activation without a key, calling nothing', () => {
    const { actor, calls } = start('');
    expect(actor.getSnapshot().value).toBe('noKey');
    expect(calls.retrieveKey).not.toHaveBeenCalled();
    expect(createActor(activationMachine, { input: { key: undefined } }).start().getSnapshot().value).toBe('noKey');
  });

  it('checks the key, activates, then sets the password with the default current password and shows the server message', async () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().value).toBe('checking');
    await settled(actor);
    expect(calls.retrieveKey.mock.calls[0][0].input).toEqual({ key: KEY });
    expect(calls.activate.mock.calls[0][0].input).toEqual({ key: KEY });
    expect(actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    actor.send(PASSWORD);
    await settled(actor);
    expect(calls.changePassword.mock.calls[0][0].input).toEqual({
      key: KEY,
      memberid: 'M0001',
      forceupdate: true,
      currentpassword: 'DEFAULT',
      newpassword: 'Garuda#2024',
    });
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.message).toBe('Your password has been created');
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('Garuda#2024');
  });

  it("gives 'Member ID not found' for a key without a member, without activating", async () => {
    const { actor, calls } = start(KEY, { retrieveKey: async () => envelope<RetrievedKey>('0000', 'Success', { keytype: 'ACTIVATION', memberid: null }) });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.message).toBe('Member ID not found');
    expect(calls.activate).not.toHaveBeenCalled();
  });

  it("shows the server's 9999 'Member ID not found' from the activation", async () => {
    const { actor } = start(KEY, { activate: async () => envelope('9999', 'Member ID not found') });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.message).toBe('Member ID not found');
  });

  it.each([
    ['9010', 'This link is not valid'],
    ['9011', 'This link has already been used'],
    ['9012', 'This link has expired, please ask for a new one'],
  ])('stops with the server message for a key the server refuses (%s)', async (code, message) => {
    const { actor, calls } = start(KEY, { retrieveKey: async () => envelope<RetrievedKey>(code, message) });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.message).toBe(message);
    expect(calls.activate).not.toHaveBeenCalled();
  });

  it('refuses a valid key of another page as not an activation link', async () => {
    const { actor } = start(KEY, { retrieveKey: async () => envelope<RetrievedKey>('0000', 'Success', { keytype: 'MEMBER_RESET', memberid: 'M0001' }) });
    await settled(actor);
    expect(actor.getSnapshot().context.message).toBe('This link is not valid');
  });

  it('says something went wrong when a call fails outright', async () => {
    const { actor } = start(KEY, {
      activate: async () => {
        throw new Error('offline');
      },
    });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.message).toBe('Something went wrong, Please try again');
  });

  it('checks the strength rules of spec 000 §5 before calling the server', async () => {
    const { actor, calls } = start();
    await settled(actor);
    actor.send({ type: 'SUBMIT_PASSWORD', newpassword: 'garuda 1', confirmation: 'garuda' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      newpassword: ['At least 1 uppercase character.', 'At least 1 special character.', 'There is no blank space allowed.'],
      confirmation: ['Two passwords that you enter is inconsistent!'],
    });
    actor.send({ type: 'SUBMIT_PASSWORD', newpassword: '', confirmation: '' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ newpassword: ['Required'], confirmation: ['Required'] });
    actor.send({ type: 'SUBMIT_PASSWORD', newpassword: 'GARUDA', confirmation: 'GARUDA' });
    expect(actor.getSnapshot().context.fieldErrors.newpassword).toEqual([
      'At least 1 lowercase character.',
      'At least 1 digit number.',
      'At least 1 special character.',
      'Minimum 8 characters.',
    ]);
    expect(calls.changePassword).not.toHaveBeenCalled();
  });

  it('keeps the form with the server message when the password is refused, and clears it on the next try', async () => {
    let answer = envelope('9003', 'Password rules not met');
    const { actor } = start(KEY, { changePassword: async () => answer });
    await settled(actor);
    actor.send(PASSWORD);
    await settled(actor);
    expect(actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.message).toBe('Password rules not met');
    answer = PASSWORD_SET;
    actor.send(PASSWORD);
    expect(actor.getSnapshot().context.message).toBeUndefined();
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('done');
  });

  it('replaces the form with the message when the key was used meanwhile', async () => {
    const { actor } = start(KEY, { changePassword: async () => USED });
    await settled(actor);
    actor.send(PASSWORD);
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.message).toBe('This link has already been used');
  });

  it('keeps the form with the generic message when the password call fails outright', async () => {
    const { actor } = start(KEY, {
      changePassword: async () => {
        throw new Error('offline');
      },
    });
    await settled(actor);
    actor.send(PASSWORD);
    await settled(actor);
    expect(actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.message).toBe('Something went wrong, Please try again');
  });
});
