// The forgot-password steps: the captcha at the username step, the flow ticket carried by every later call, local
// checks, server verification per step, BACK and CANCEL; spec words retyped.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ResponseEnvelope } from '../../../engine/api/envelope';
import { forgotPasswordMachine, type ForgotPasswordContext } from '../../../workflows/forgotPasswordMachine';
import { allStatePaths, reachableStatePaths } from './statePaths';

const envelope = (responsecode: string, responsemessage: string): ResponseEnvelope => ({ status: { responsecode, responsemessage } });
const OK = envelope('0000', 'Success');
const TICKET = { ...OK, result: { ticket: 'flow-ticket-1' } };
const RESET = envelope('0000', 'Password has been set');

interface Answers {
  verifyUsername?: ResponseEnvelope;
  verifyFullname?: ResponseEnvelope;
  verifyBranch?: ResponseEnvelope;
  resetPassword?: ResponseEnvelope;
}

function fakes(answers: Answers = {}) {
  return {
    verifyUsername: vi.fn(async (_call: { input: { username: string; recaptcha: string } }) => (answers.verifyUsername ?? TICKET) as ResponseEnvelope<{ ticket: string }>),
    verifyFullname: vi.fn(async (_call: { input: { username: string; fullname: string; ticket: string } }) => answers.verifyFullname ?? OK),
    verifyBranch: vi.fn(async (_call: { input: { username: string; branchcode: string; tickoffid: string; ticket: string } }) => answers.verifyBranch ?? OK),
    resetPassword: vi.fn(async (_call: { input: { username: string; newpassword: string; ticket: string } }) => answers.resetPassword ?? RESET),
  };
}

function provided(calls: ReturnType<typeof fakes>, resetCaptcha = () => {}) {
  return forgotPasswordMachine.provide({
    actors: {
      verifyUsername: fromPromise(calls.verifyUsername),
      verifyFullname: fromPromise(calls.verifyFullname),
      verifyBranch: fromPromise(calls.verifyBranch),
      resetPassword: fromPromise(calls.resetPassword),
    },
    actions: { resetCaptcha },
  });
}

function start(answers: Answers = {}) {
  const calls = fakes(answers);
  const resetCaptcha = vi.fn();
  const actor = createActor(provided(calls, resetCaptcha)).start();
  // The widget passes at once; each username call uses it up.
  actor.send(CAPTCHA);
  return { actor, calls, resetCaptcha };
}

type Actor = ReturnType<typeof start>['actor'];
const busy = (actor: Actor) => {
  const snapshot = actor.getSnapshot();
  return ['username', 'fullname', 'branch'].some((step) => snapshot.matches({ [step]: 'verifying' } as never)) || snapshot.matches({ password: 'submitting' });
};
const settled = (actor: Actor) => waitFor(actor, (snapshot) => snapshot.status !== 'active' || !busy(actor));

const CAPTCHA = { type: 'CAPTCHA_VERIFIED', payload: 'captcha-1' } as const;
const USERNAME = { type: 'VERIFY_USERNAME', username: 'agent01' } as const;
const FULLNAME = { type: 'VERIFY_FULLNAME', fullname: 'Ayu Lestari' } as const;
const BRANCH = { type: 'VERIFY_BRANCH', branchcode: 'JKT', tickoffid: 'JKT01' } as const;
const PASSWORD = { type: 'SUBMIT_PASSWORD', newpassword: 'New-password-1', confirmation: 'New-password-1' } as const;

async function toPasswordStep(actor: Actor) {
  actor.send(USERNAME);
  await settled(actor);
  actor.send(FULLNAME);
  await settled(actor);
  actor.send(BRANCH);
  await settled(actor);
}

describe('forgotPasswordMachine reachability', () => {
  it('reaches every state with deterministic fakes for the four calls', () => {
    const FAILED = envelope('1004', 'Username not found');
    const events = [
      CAPTCHA,
      { type: 'CAPTCHA_RESET' },
      USERNAME,
      { type: 'VERIFY_USERNAME', username: '' },
      FULLNAME,
      BRANCH,
      PASSWORD,
      { type: 'SUBMIT_PASSWORD', newpassword: 'short', confirmation: 'short' },
      { type: 'BACK' },
      { type: 'CANCEL' },
      ...['verifyUsername', 'verifyFullname', 'verifyBranch', 'resetPassword'].flatMap((id) => [
        { type: `xstate.done.actor.${id}`, output: id === 'verifyUsername' ? TICKET : OK },
        { type: `xstate.done.actor.${id}`, output: FAILED },
        { type: `xstate.error.actor.${id}`, error: 'network down' },
      ]),
    ];
    const reached = reachableStatePaths(provided(fakes()), { events });
    expect(reached).toEqual(allStatePaths(forgotPasswordMachine));
    expect(reached).toEqual([
      'branch',
      'branch.editing',
      'branch.verifying',
      'cancelled',
      'done',
      'fullname',
      'fullname.editing',
      'fullname.verifying',
      'password',
      'password.editing',
      'password.submitting',
      'username',
      'username.editing',
      'username.verifying',
    ]);
  });
});

describe('forgotPasswordMachine steps', () => {
  it('goes username -> full name -> branch and ticket office -> create password -> done', async () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().value).toEqual({ username: 'editing' });
    actor.send(USERNAME);
    expect(actor.getSnapshot().value).toEqual({ username: 'verifying' });
    await settled(actor);
    expect(actor.getSnapshot().value).toEqual({ fullname: 'editing' });
    actor.send(FULLNAME);
    await settled(actor);
    expect(actor.getSnapshot().value).toEqual({ branch: 'editing' });
    actor.send(BRANCH);
    await settled(actor);
    expect(actor.getSnapshot().value).toEqual({ password: 'editing' });
    expect(actor.getSnapshot().context.verified).toEqual({ username: true, fullname: true, branchcode: true, tickoffid: true });
    actor.send(PASSWORD);
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'done', message: 'Password has been set' });

    expect(calls.verifyUsername.mock.calls[0][0].input).toEqual({ username: 'agent01', recaptcha: 'captcha-1' });
    expect(calls.verifyFullname.mock.calls[0][0].input).toEqual({ username: 'agent01', fullname: 'Ayu Lestari', ticket: 'flow-ticket-1' });
    expect(calls.verifyBranch.mock.calls[0][0].input).toEqual({ username: 'agent01', branchcode: 'JKT', tickoffid: 'JKT01', ticket: 'flow-ticket-1' });
    expect(calls.resetPassword.mock.calls[0][0].input).toEqual({ username: 'agent01', newpassword: 'New-password-1', ticket: 'flow-ticket-1' });
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('New-password-1');
  });

  it.each([
    ['username', { verifyUsername: envelope('1004', 'Username not found') }, 'Username not found', { username: 'editing' }],
    ['full name', { verifyFullname: envelope('1002', 'Fullname not match') }, 'Fullname not match', { fullname: 'editing' }],
    ['branch code', { verifyBranch: envelope('1002', 'Branch code not match') }, 'Branch code not match', { branch: 'editing' }],
    ['ticket office', { verifyBranch: envelope('1002', 'Ticket Office ID not match') }, 'Ticket Office ID not match', { branch: 'editing' }],
  ] as const)('stays on the %s step with the server message', async (_step, answers: Answers, message, value) => {
    const { actor } = start(answers);
    await toPasswordStep(actor);
    expect(actor.getSnapshot().value).toEqual(value);
    expect(actor.getSnapshot().context.message).toBe(message);
  });

  it('shows the server message when the reset itself is refused', async () => {
    const { actor } = start({ resetPassword: envelope('9003', 'Password rules not met') });
    await toPasswordStep(actor);
    actor.send(PASSWORD);
    await settled(actor);
    expect(actor.getSnapshot().value).toEqual({ password: 'editing' });
    expect(actor.getSnapshot().context.message).toBe('Password rules not met');
  });

  it('shows the generic message when a call fails outright', async () => {
    const { actor, calls } = start();
    calls.verifyUsername.mockRejectedValueOnce(new Error('offline'));
    actor.send(USERNAME);
    await settled(actor);
    expect(actor.getSnapshot().value).toEqual({ username: 'editing' });
    expect(actor.getSnapshot().context.message).toBe('Something went wrong, Please try again');
  });
});

describe('forgotPasswordMachine captcha', () => {
  it('sends nothing at the username step until the captcha has passed', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'CAPTCHA_RESET' });
    actor.send(USERNAME);
    expect(actor.getSnapshot().value).toEqual({ username: 'editing' });
    expect(calls.verifyUsername).not.toHaveBeenCalled();
    actor.send({ type: 'CAPTCHA_VERIFIED', payload: 'captcha-2' });
    actor.send(USERNAME);
    await settled(actor);
    expect(calls.verifyUsername.mock.calls[0][0].input.recaptcha).toBe('captcha-2');
  });

  it('uses the captcha up with every username call and resets the widget', async () => {
    const { actor, calls, resetCaptcha } = start({ verifyUsername: envelope('9007', 'Username not found') });
    actor.send(USERNAME);
    await settled(actor);
    expect(actor.getSnapshot().context.message).toBe('Username not found');
    expect(actor.getSnapshot().context.captcha).toBeUndefined();
    expect(resetCaptcha).toHaveBeenCalledTimes(1);
    actor.send(USERNAME);
    expect(calls.verifyUsername).toHaveBeenCalledTimes(1);
  });

  it('forgets the old ticket when the username is verified again', async () => {
    const { actor, calls } = start();
    actor.send(USERNAME);
    await settled(actor);
    expect(actor.getSnapshot().context.ticket).toBe('flow-ticket-1');
    actor.send({ type: 'BACK' });
    calls.verifyUsername.mockResolvedValueOnce(envelope('9007', 'Username not found') as never);
    actor.send({ type: 'CAPTCHA_VERIFIED', payload: 'captcha-2' });
    actor.send({ type: 'VERIFY_USERNAME', username: 'agent02' });
    await settled(actor);
    expect(actor.getSnapshot().context.ticket).toBeUndefined();
  });
});

describe('forgotPasswordMachine local checks', () => {
  it('requires the username, without calling the server', () => {
    const { actor, calls } = start();
    actor.send({ type: 'VERIFY_USERNAME', username: '  ' });
    expect(actor.getSnapshot().value).toEqual({ username: 'editing' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ username: ['Required'] });
    expect(calls.verifyUsername).not.toHaveBeenCalled();
  });

  it("requires the full name ('Required')", async () => {
    const { actor, calls } = start();
    actor.send(USERNAME);
    await settled(actor);
    actor.send({ type: 'VERIFY_FULLNAME', fullname: '' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ fullname: ['Required'] });
    expect(calls.verifyFullname).not.toHaveBeenCalled();
  });

  it("requires branch code and ticket office ID (each 'Required')", async () => {
    const { actor, calls } = start();
    actor.send(USERNAME);
    await settled(actor);
    actor.send(FULLNAME);
    await settled(actor);
    actor.send({ type: 'VERIFY_BRANCH', branchcode: '', tickoffid: '' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ branchcode: ['Required'], tickoffid: ['Required'] });
    actor.send({ type: 'VERIFY_BRANCH', branchcode: 'JKT', tickoffid: '' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ tickoffid: ['Required'] });
    expect(calls.verifyBranch).not.toHaveBeenCalled();
  });

  it.each([
    ['Pass#12', 'Pass#12', { newpassword: ['Minimum 8 characters'] }],
    [`Aa#1${'x'.repeat(42)}`, `Aa#1${'x'.repeat(42)}`, { newpassword: ['Maximum 45 characters'] }],
    ['Pass#123', 'Pass#124', { confirmation: ['Invalid confirm password'] }],
    ['12345678', '12345678', { newpassword: ['At least 1 lowercase character.', 'At least 1 uppercase character.', 'At least 1 special character.'] }],
    ['', '', { newpassword: ['Required'] }],
  ])('checks the new password %j / %j', async (newpassword, confirmation, errors) => {
    const { actor, calls } = start();
    await toPasswordStep(actor);
    actor.send({ type: 'SUBMIT_PASSWORD', newpassword, confirmation });
    expect(actor.getSnapshot().value).toEqual({ password: 'editing' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual(errors);
    expect(calls.resetPassword).not.toHaveBeenCalled();
  });

  it('accepts 8 and 45 characters', async () => {
    for (const password of ['Pass#123', `Aa#1${'x'.repeat(41)}`]) {
      const { actor, calls } = start();
      await toPasswordStep(actor);
      actor.send({ type: 'SUBMIT_PASSWORD', newpassword: password, confirmation: password });
      await settled(actor);
      expect(calls.resetPassword).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().value).toBe('done');
    }
  });

  it('refuses the final step unless all four are verified', () => {
    const calls = fakes();
    const machine = provided(calls);
    const context: ForgotPasswordContext = {
      captcha: undefined,
      ticket: 'flow-ticket-1',
      username: 'agent01',
      fullname: 'Ayu Lestari',
      branchcode: 'JKT',
      tickoffid: '',
      verified: { username: true, fullname: true, branchcode: true, tickoffid: false },
      fieldErrors: {},
      message: undefined,
    };
    const snapshot = machine.resolveState({ value: { password: 'editing' }, context });
    const actor = createActor(machine, { snapshot }).start();
    actor.send(PASSWORD);
    expect(actor.getSnapshot().value).toEqual({ password: 'editing' });
    expect(actor.getSnapshot().context.message).toBe('Please verify username, fullname, branch and ticket office data');
    expect(calls.resetPassword).not.toHaveBeenCalled();
  });
});

describe('forgotPasswordMachine BACK and CANCEL', () => {
  it('BACK goes to the previous step, one at a time', async () => {
    const { actor } = start();
    await toPasswordStep(actor);
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toEqual({ branch: 'editing' });
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toEqual({ fullname: 'editing' });
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toEqual({ username: 'editing' });
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toEqual({ username: 'editing' });
  });

  it('verifying a step again forgets the later verifications', async () => {
    const { actor } = start();
    await toPasswordStep(actor);
    actor.send({ type: 'BACK' });
    actor.send({ type: 'BACK' });
    actor.send({ type: 'VERIFY_FULLNAME', fullname: 'Ayu' });
    expect(actor.getSnapshot().context.verified).toEqual({ username: true, fullname: false, branchcode: false, tickoffid: false });
    await settled(actor);
    expect(actor.getSnapshot().value).toEqual({ branch: 'editing' });
  });

  it.each([
    ['username', 0],
    ['fullname', 1],
    ['password', 3],
  ] as const)('CANCEL from the %s step ends as cancelled', async (_step, verified) => {
    const { actor } = start();
    const steps = [USERNAME, FULLNAME, BRANCH];
    for (const event of steps.slice(0, verified)) {
      actor.send(event);
      await settled(actor);
    }
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'cancelled' });
  });
});
