// The login machine: captcha gate, answers of authenticate, 9004, the maintenance window; spec words retyped.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ResponseEnvelope } from '../../../engine/api/envelope';
import { isInMaintenanceWindow, loginMachine, type AuthenticateInput, type LoginInput } from '../../../workflows/loginMachine';
import { allStatePaths, reachableStatePaths } from './statePaths';

const envelope = (responsecode: string, responsemessage: string, result?: unknown): ResponseEnvelope => ({
  status: { responsecode, responsemessage },
  ...(result === undefined ? {} : { result }),
});

const ACCEPTED = envelope('0000', 'Success', { bearer: 'token-1', user: { username: 'agent', rolename: 'BOD' } });
const EXPIRED = envelope('9004', 'Password expired', { changeticket: 'change-ticket-1' });
const REFUSED = envelope('9001', 'Invalid username or password');

const DURING_MAINTENANCE = Date.parse('2022-12-08T00:00:00+07:00');
const AFTER_MAINTENANCE = Date.parse('2022-12-08T00:31:00+07:00');

const CREDENTIALS = { type: 'SUBMIT', username: 'agent', password: 'Secret#2024' } as const;
const CAPTCHA = { type: 'CAPTCHA_VERIFIED', payload: 'altcha-solution' } as const;

function start(answer: () => Promise<ResponseEnvelope>, input: LoginInput = { now: () => AFTER_MAINTENANCE }) {
  const authenticate = vi.fn(async (_call: { input: AuthenticateInput }) => answer());
  const resetCaptcha = vi.fn();
  const actor = createActor(
    loginMachine.provide({ actors: { authenticate: fromPromise(authenticate) }, actions: { resetCaptcha } }),
    { input },
  );
  actor.start();
  return { actor, authenticate, resetCaptcha };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (snapshot) => !snapshot.matches('submitting'));

describe('loginMachine reachability', () => {
  it('reaches every state with deterministic fakes for authenticate, inside and outside the maintenance window', () => {
    const events = [
      CAPTCHA,
      { type: 'CAPTCHA_RESET' },
      CREDENTIALS,
      { type: 'SUBMIT', username: '', password: '' },
      { type: 'FIELD_CHANGED', field: 'username', value: '' },
      { type: 'PASSWORD_CHANGED' },
      { type: 'CLOSE_MODAL' },
      { type: 'xstate.done.actor.authenticate', output: ACCEPTED },
      { type: 'xstate.done.actor.authenticate', output: EXPIRED },
      { type: 'xstate.done.actor.authenticate', output: REFUSED },
      { type: 'xstate.error.actor.authenticate', error: 'network down' },
    ];
    const machine = loginMachine.provide({ actors: { authenticate: fromPromise(async () => ACCEPTED) } });
    const reached = new Set([
      ...reachableStatePaths(machine, { input: { now: () => DURING_MAINTENANCE }, events }),
      ...reachableStatePaths(machine, { input: { now: () => AFTER_MAINTENANCE }, events }),
    ]);
    expect([...reached].sort()).toEqual(allStatePaths(loginMachine));
    expect(allStatePaths(loginMachine)).toEqual(['editing', 'failed', 'maintenance', 'passwordExpired', 'ready', 'submitting', 'success']);
  });
});

describe('loginMachine captcha gate', () => {
  it('enables Log in only in ready, once the captcha is passed', () => {
    const { actor } = start(async () => ACCEPTED);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().can(CREDENTIALS)).toBe(false);
    actor.send(CAPTCHA);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().can(CREDENTIALS)).toBe(true);
  });

  it('goes back to editing when the captcha expires', () => {
    const { actor } = start(async () => ACCEPTED);
    actor.send(CAPTCHA);
    actor.send({ type: 'CAPTCHA_RESET' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.captcha).toBeUndefined();
    expect(actor.getSnapshot().can(CREDENTIALS)).toBe(false);
  });

  it('ignores SUBMIT while the captcha is not passed', () => {
    const { actor, authenticate } = start(async () => ACCEPTED);
    actor.send(CREDENTIALS);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(authenticate).not.toHaveBeenCalled();
  });

  it('asks for username and password before calling the server', () => {
    const { actor, authenticate } = start(async () => ACCEPTED);
    actor.send(CAPTCHA);
    actor.send({ type: 'SUBMIT', username: ' ', password: '' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      username: 'Please input your username!',
      password: 'Please input your Password!',
    });
    expect(authenticate).not.toHaveBeenCalled();
  });

  it("shows and clears a field's required message as it is edited, in any state, leaving the other field's alone", () => {
    const { actor } = start(async () => ACCEPTED);
    actor.send({ type: 'FIELD_CHANGED', field: 'username', value: 'x' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'FIELD_CHANGED', field: 'username', value: '  ' });
    actor.send({ type: 'FIELD_CHANGED', field: 'password', value: '' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ username: 'Please input your username!', password: 'Please input your Password!' });
    actor.send(CAPTCHA);
    actor.send({ type: 'FIELD_CHANGED', field: 'password', value: ' ' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ username: 'Please input your username!' });
  });
});

describe('loginMachine attempts', () => {
  it('sends username, password and captcha, and ends with the login result', async () => {
    const { actor, authenticate, resetCaptcha } = start(async () => ACCEPTED);
    actor.send(CAPTCHA);
    actor.send(CREDENTIALS);
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().can(CREDENTIALS)).toBe(false);
    await settled(actor);
    expect(authenticate).toHaveBeenCalledTimes(1);
    expect(authenticate.mock.calls[0][0].input).toEqual({ username: 'agent', password: 'Secret#2024', recaptcha: 'altcha-solution' });
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual(ACCEPTED);
    expect(resetCaptcha).toHaveBeenCalledTimes(1);
  });

  it('never keeps the password in the context', async () => {
    const { actor } = start(async () => REFUSED);
    actor.send(CAPTCHA);
    actor.send(CREDENTIALS);
    await settled(actor);
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('Secret#2024');
  });

  it('opens the change-password modal on 9004 with the expiry notice', async () => {
    const { actor, resetCaptcha } = start(async () => EXPIRED);
    actor.send(CAPTCHA);
    actor.send(CREDENTIALS);
    await settled(actor);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('passwordExpired');
    expect(snapshot.context.notice).toEqual({ message: 'Your password has expired. Please change your password now and log in again!' });
    expect(snapshot.context.username).toBe('agent');
    expect(snapshot.context.changeTicket).toBe('change-ticket-1');
    expect(snapshot.can(CREDENTIALS)).toBe(false);
    expect(resetCaptcha).toHaveBeenCalledTimes(1);
  });

  it('returns to the form with the changed-password notice after PASSWORD_CHANGED', async () => {
    const { actor } = start(async () => EXPIRED);
    actor.send(CAPTCHA);
    actor.send(CREDENTIALS);
    await settled(actor);
    actor.send({ type: 'PASSWORD_CHANGED' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.notice).toEqual({
      message: 'Data has been updated',
      description: 'Now you can use a new password to log in to your account!',
    });
  });

  it('closes the change-password modal back to the form', async () => {
    const { actor } = start(async () => EXPIRED);
    actor.send(CAPTCHA);
    actor.send(CREDENTIALS);
    await settled(actor);
    actor.send({ type: 'CLOSE_MODAL' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.notice).toBeUndefined();
    // The change ticket was for that modal only.
    expect(actor.getSnapshot().context.changeTicket).toBeUndefined();
  });

  it('shows the server message on any other code and resets the captcha', async () => {
    const { actor, resetCaptcha } = start(async () => REFUSED);
    actor.send(CAPTCHA);
    actor.send(CREDENTIALS);
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Invalid username or password');
    expect(actor.getSnapshot().context.captcha).toBeUndefined();
    expect(actor.getSnapshot().can(CREDENTIALS)).toBe(false);
    expect(resetCaptcha).toHaveBeenCalledTimes(1);
  });

  it('lets the user try again after a failure with a new captcha', async () => {
    let answer = REFUSED;
    const { actor, authenticate, resetCaptcha } = start(async () => answer);
    actor.send(CAPTCHA);
    actor.send(CREDENTIALS);
    await settled(actor);
    actor.send({ type: 'CAPTCHA_VERIFIED', payload: 'second-solution' });
    expect(actor.getSnapshot().value).toBe('ready');
    answer = ACCEPTED;
    actor.send(CREDENTIALS);
    await settled(actor);
    expect(authenticate.mock.calls[1][0].input.recaptcha).toBe('second-solution');
    expect(actor.getSnapshot().value).toBe('success');
    expect(resetCaptcha).toHaveBeenCalledTimes(2);
  });

  it('dismissing the error returns to editing', async () => {
    const { actor } = start(async () => REFUSED);
    actor.send(CAPTCHA);
    actor.send(CREDENTIALS);
    await settled(actor);
    actor.send({ type: 'CLOSE_MODAL' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });

  it('shows the generic message when the call itself fails, and resets the captcha', async () => {
    const { actor, resetCaptcha } = start(async () => {
      throw new Error('socket hang up');
    });
    actor.send(CAPTCHA);
    actor.send(CREDENTIALS);
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Something went wrong, Please try again');
    expect(resetCaptcha).toHaveBeenCalledTimes(1);
  });
});

describe('loginMachine maintenance window', () => {
  const window = { start: '2022-12-07T23:50:00+07:00', end: '2022-12-08T00:30:00+07:00' };

  it('is inside at 2022-12-08 00:00 and outside at 00:31, Asia/Jakarta', () => {
    expect(isInMaintenanceWindow(Date.parse('2022-12-08T00:00:00+07:00'), window)).toBe(true);
    expect(isInMaintenanceWindow(Date.parse('2022-12-08T00:31:00+07:00'), window)).toBe(false);
  });

  it('starts at 23:50 and ends before 00:30 (UTC+7, the same instants in UTC)', () => {
    expect(isInMaintenanceWindow(Date.parse('2022-12-07T23:49:59+07:00'), window)).toBe(false);
    expect(isInMaintenanceWindow(Date.parse('2022-12-07T23:50:00+07:00'), window)).toBe(true);
    expect(isInMaintenanceWindow(Date.parse('2022-12-08T00:29:59+07:00'), window)).toBe(true);
    expect(isInMaintenanceWindow(Date.parse('2022-12-08T00:30:00+07:00'), window)).toBe(false);
    expect(isInMaintenanceWindow(Date.parse('2022-12-07T17:00:00Z'), window)).toBe(true);
  });

  it('shows the maintenance notice instead of signing in, by the injected clock', () => {
    const { actor, authenticate, resetCaptcha } = start(async () => ACCEPTED, { now: () => DURING_MAINTENANCE });
    actor.send(CAPTCHA);
    actor.send(CREDENTIALS);
    expect(actor.getSnapshot().value).toBe('maintenance');
    expect(actor.getSnapshot().context.notice).toEqual({
      message: 'Sorry, You are not able to access ... system during database maintenance for 40 minutes ...',
    });
    expect(authenticate).not.toHaveBeenCalled();
    expect(resetCaptcha).not.toHaveBeenCalled();
  });

  it('signs in once the window has passed', async () => {
    const { actor, authenticate } = start(async () => ACCEPTED, { now: () => AFTER_MAINTENANCE });
    actor.send(CAPTCHA);
    actor.send(CREDENTIALS);
    await settled(actor);
    expect(authenticate).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('success');
  });

  it('uses the spec window when none is configured, and a configured one when given', () => {
    const spec = start(async () => ACCEPTED, { now: () => DURING_MAINTENANCE });
    expect(spec.actor.getSnapshot().context.maintenance).toEqual(window);
    const other = start(async () => ACCEPTED, {
      now: () => DURING_MAINTENANCE,
      maintenance: { start: '2030-01-01T00:00:00+07:00', end: '2030-01-01T01:00:00+07:00' },
    });
    other.actor.send(CAPTCHA);
    other.actor.send(CREDENTIALS);
    expect(other.actor.getSnapshot().value).toBe('submitting');
  });

  it('closing the notice keeps an unused captcha, but not an expired one', () => {
    const { actor } = start(async () => ACCEPTED, { now: () => DURING_MAINTENANCE });
    actor.send(CAPTCHA);
    actor.send(CREDENTIALS);
    actor.send({ type: 'CLOSE_MODAL' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send(CREDENTIALS);
    actor.send({ type: 'CAPTCHA_RESET' });
    actor.send({ type: 'CLOSE_MODAL' });
    expect(actor.getSnapshot().value).toBe('editing');
  });
});
