// The change-expired-password modal: local checks, the injected call, its answers; spec words retyped.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ResponseEnvelope } from '../../../engine/api/envelope';
import { changePasswordMachine, type ChangePasswordCall } from '../../../workflows/changePasswordMachine';
import { allStatePaths, reachableStatePaths } from './statePaths';

const envelope = (responsecode: string, responsemessage: string): ResponseEnvelope => ({ status: { responsecode, responsemessage } });
const OK = envelope('0000', 'Success');

const VALID = { type: 'SUBMIT_PASSWORD', currentpassword: 'Garuda#2023', newpassword: 'Garuda#2024x', confirmation: 'Garuda#2024x' } as const;

function start(answer: () => Promise<ResponseEnvelope> = async () => OK, ticket?: string) {
  const changePassword = vi.fn(async (_call: { input: ChangePasswordCall }) => answer());
  const actor = createActor(changePasswordMachine.provide({ actors: { changePassword: fromPromise(changePassword) } }), {
    input: { username: 'agent01', ...(ticket ? { ticket } : {}) },
  }).start();
  return { actor, changePassword };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (snapshot) => !snapshot.matches('submitting'));

describe('changePasswordMachine reachability', () => {
  it('reaches every state with a deterministic fake for changePassword', () => {
    const events = [
      VALID,
      { type: 'SUBMIT_PASSWORD', currentpassword: '', newpassword: '', confirmation: '' },
      { type: 'xstate.done.actor.changePassword', output: OK },
      { type: 'xstate.done.actor.changePassword', output: envelope('9001', 'Invalid current password') },
      { type: 'xstate.error.actor.changePassword', error: 'network down' },
    ];
    const machine = changePasswordMachine.provide({ actors: { changePassword: fromPromise(async () => OK) } });
    const reached = reachableStatePaths(machine, { input: { username: 'agent01' }, events });
    expect(reached).toEqual(allStatePaths(changePasswordMachine));
    expect(reached).toEqual(['done', 'editing', 'submitting']);
  });
});

describe('changePasswordMachine', () => {
  it('sends the plain passwords with the username and ends with the changed-password messages', async () => {
    const { actor, changePassword } = start();
    actor.send(VALID);
    expect(actor.getSnapshot().value).toBe('submitting');
    await settled(actor);
    expect(changePassword.mock.calls[0][0].input).toEqual({
      username: 'agent01',
      currentpassword: 'Garuda#2023',
      newpassword: 'Garuda#2024x',
    });
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().output).toEqual({
      message: 'Data has been updated',
      description: 'Now you can use a new password to log in to your account!',
    });
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('Garuda#2024x');
  });

  it("carries the login's change ticket with the call, when it has one", async () => {
    const { actor, changePassword } = start(async () => OK, 'change-ticket-1');
    actor.send(VALID);
    await settled(actor);
    expect(changePassword.mock.calls[0][0].input).toEqual({
      username: 'agent01',
      currentpassword: 'Garuda#2023',
      newpassword: 'Garuda#2024x',
      ticket: 'change-ticket-1',
    });
    expect(actor.getSnapshot().value).toBe('done');
  });

  it('returns to editing with the server message on a refusal', async () => {
    const { actor } = start(async () => envelope('9001', 'Invalid current password'));
    actor.send(VALID);
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.message).toBe('Invalid current password');
  });

  it('returns to editing with the generic message when the call fails', async () => {
    const { actor } = start(async () => {
      throw new Error('offline');
    });
    actor.send(VALID);
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.message).toBe('Something went wrong, Please try again');
  });

  it('clears the last server message on a new attempt', async () => {
    let answer = envelope('9001', 'Invalid current password');
    const { actor } = start(async () => answer);
    actor.send(VALID);
    await settled(actor);
    answer = OK;
    actor.send(VALID);
    expect(actor.getSnapshot().context.message).toBeUndefined();
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('done');
  });

  it("requires every field ('Required'), without calling the server", () => {
    const { actor, changePassword } = start();
    actor.send({ type: 'SUBMIT_PASSWORD', currentpassword: '', newpassword: '', confirmation: '' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      currentpassword: ['Required'],
      newpassword: ['Required'],
      confirmation: ['Required'],
    });
    expect(changePassword).not.toHaveBeenCalled();
  });

  it('checks the strength of the new password', () => {
    const { actor, changePassword } = start();
    actor.send({ type: 'SUBMIT_PASSWORD', currentpassword: 'Sky#Team99', newpassword: 'garuda', confirmation: 'garuda' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      newpassword: ['At least 1 uppercase character.', 'At least 1 digit number.', 'At least 1 special character.', 'Minimum 8 characters.'],
    });
    expect(changePassword).not.toHaveBeenCalled();
  });

  it('needs 2 characters different from the current password', () => {
    const { actor } = start();
    actor.send({ type: 'SUBMIT_PASSWORD', currentpassword: 'Garuda#2023', newpassword: 'Garuda#2024', confirmation: 'Garuda#2024' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ newpassword: ['At least 2 different characters from Current Password.'] });
  });

  it('needs an equal confirmation', () => {
    const { actor } = start();
    actor.send({ ...VALID, confirmation: 'Garuda#2024y' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ confirmation: ['Two passwords that you enter is inconsistent!'] });
  });
});
