// The OTP page's machine under fake timers: time limit, countdown, verification, profile update, expiry and failures;
// spec words retyped.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ResponseEnvelope } from '../../../engine/api/envelope';
import { encodeOtpLink, type OtpLinkData } from '../../../domain/memberFlows';
import { formatCountdown, otpLinkFromSearch, otpMachine, type OtpVerifyCall } from '../../../workflows/otpMachine';
import { allStatePaths, reachableStatePaths } from './statePaths';

const envelope = (responsecode: string, responsemessage: string, result?: unknown): ResponseEnvelope => ({
  status: { responsecode, responsemessage },
  ...(result === undefined ? {} : { result }),
});

const OTPID = 'otp-1';
const PROFILE: OtpLinkData = { memberid: 'M0003', transactiontype: 'PROFILE' };
const REDEMPTION: OtpLinkData = { memberid: 'M0003', transactiontype: 'REDEMPTION' };
const limit = (secondstimelimit?: number | null) => envelope('0000', 'Success', { secondstimelimit });
const OK = envelope('0000', 'Success');
const INVALID = envelope('9009', 'The OTP code has invalid, please generate new or check latest OTP code we send to you, or contact customer service');
const EXPIRED = envelope('9008', 'The OTP code has expired, please retry for a new code');
const USED = envelope('9011', 'This link has already been used');
const BAD_GATEWAY = envelope('502', '502 - Bad Gateway');

type Answer = () => Promise<ResponseEnvelope>;
interface Answers {
  loadTimeLimit?: Answer;
  verifyCode?: Answer;
  updateProfile?: Answer;
}

function start(link: OtpLinkData | undefined, answers: Answers = {}) {
  const calls = {
    loadTimeLimit: vi.fn(async (_call: { input: { otpid: string } }) => (answers.loadTimeLimit ?? (async () => limit(120)))()),
    verifyCode: vi.fn(async (_call: { input: OtpVerifyCall }) => (answers.verifyCode ?? (async () => OK))()),
    updateProfile: vi.fn(async (_call: { input: { otpid: string } }) => (answers.updateProfile ?? (async () => OK))()),
  };
  const machine = otpMachine.provide({
    actors: { loadTimeLimit: fromPromise(calls.loadTimeLimit), verifyCode: fromPromise(calls.verifyCode), updateProfile: fromPromise(calls.updateProfile) },
  });
  const actor = createActor(machine, { input: { otpid: OTPID, link } }).start();
  return { actor, calls };
}

type Actor = ReturnType<typeof start>['actor'];
const settle = () => vi.advanceTimersByTimeAsync(0);
const value = (actor: Actor) => actor.getSnapshot().value;
const onForm = (actor: Actor) => actor.getSnapshot().matches({ active: { code: 'editing' } });

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('otpMachine reachability', () => {
  it('reaches every state with deterministic fakes and a two-second limit; the ticks come from the traversal', () => {
    const events = [
      { type: 'VERIFY', code: '012345' },
      { type: 'VERIFY', code: '0123' },
      { type: 'xstate.done.actor.loadTimeLimit', output: limit(2) },
      { type: 'xstate.done.actor.loadTimeLimit', output: limit(0) },
      { type: 'xstate.done.actor.loadTimeLimit', output: envelope('1004', 'OTP session not found') },
      { type: 'xstate.done.actor.loadTimeLimit', output: BAD_GATEWAY },
      { type: 'xstate.done.actor.verifyCode', output: OK },
      { type: 'xstate.done.actor.verifyCode', output: INVALID },
      { type: 'xstate.done.actor.verifyCode', output: USED },
      { type: 'xstate.error.actor.verifyCode', error: 'network down' },
      { type: 'xstate.done.actor.updateProfile', output: OK },
      { type: 'xstate.done.actor.updateProfile', output: envelope('1002', 'Invalid data') },
    ];
    const reached = new Set(
      [PROFILE, REDEMPTION, undefined].flatMap((link) => reachableStatePaths(otpMachine, { input: { otpid: OTPID, link }, events })),
    );
    expect([...reached].sort()).toEqual(allStatePaths(otpMachine));
    expect(allStatePaths(otpMachine)).toEqual([
      'active',
      'active.clock',
      'active.clock.ticking',
      'active.code',
      'active.code.editing',
      'active.code.verifying',
      'connectionIssue',
      'expired',
      'invalid',
      'loading',
      'refused',
      'updating',
      'verified',
    ]);
  });
});

describe('otpMachine countdown', () => {
  it('starts from secondstimelimit and counts down once a second', async () => {
    const { actor, calls } = start(PROFILE);
    expect(value(actor)).toBe('loading');
    await settle();
    expect(calls.loadTimeLimit.mock.calls[0][0].input).toEqual({ otpid: OTPID });
    expect(onForm(actor)).toBe(true);
    expect(formatCountdown(actor.getSnapshot().context.remaining)).toBe('02:00');
    await vi.advanceTimersByTimeAsync(1000);
    expect(formatCountdown(actor.getSnapshot().context.remaining)).toBe('01:59');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(formatCountdown(actor.getSnapshot().context.remaining)).toBe('00:59');
  });

  it.each([undefined, null])('counts down from 5 minutes when secondstimelimit is %s', async (secondstimelimit) => {
    const { actor } = start(PROFILE, { loadTimeLimit: async () => limit(secondstimelimit) });
    await settle();
    expect(formatCountdown(actor.getSnapshot().context.remaining)).toBe('05:00');
  });

  it.each([0, -5])('shows the expired page at once when secondstimelimit is %s', async (secondstimelimit) => {
    const { actor } = start(PROFILE, { loadTimeLimit: async () => limit(secondstimelimit) });
    await settle();
    expect(value(actor)).toBe('expired');
  });

  it('expires when the countdown reaches zero', async () => {
    const { actor } = start(PROFILE, { loadTimeLimit: async () => limit(3) });
    await settle();
    await vi.advanceTimersByTimeAsync(2999);
    expect(onForm(actor)).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(value(actor)).toBe('expired');
  });

  it('answers a code already sent before expiring', async () => {
    let release!: (answer: ResponseEnvelope) => void;
    const { actor } = start(PROFILE, {
      loadTimeLimit: async () => limit(1),
      verifyCode: () => new Promise((resolve) => (release = resolve)),
    });
    await settle();
    actor.send({ type: 'VERIFY', code: '123456' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().matches({ active: { code: 'verifying' } })).toBe(true);
    release(INVALID);
    await settle();
    expect(value(actor)).toBe('expired');
  });

  it('formats mm:ss', () => {
    expect([300, 61, 59, 0, -3].map(formatCountdown)).toEqual(['05:00', '01:01', '00:59', '00:00', '00:00']);
  });
});

describe('otpMachine verification', () => {
  it('verifies the six digits as a number with channel BO, then applies the profile update and shows success', async () => {
    const { actor, calls } = start(PROFILE);
    await settle();
    actor.send({ type: 'VERIFY', code: '012345' });
    expect(actor.getSnapshot().matches({ active: { code: 'verifying' } })).toBe(true);
    await settle();
    expect(calls.verifyCode.mock.calls[0][0].input).toEqual({
      otpid: OTPID,
      memberid: 'M0003',
      transactiontype: 'PROFILE',
      otpcode: 12345,
      channel: 'BO',
    });
    expect(calls.updateProfile.mock.calls[0][0].input).toEqual({ otpid: OTPID });
    expect(value(actor)).toBe('verified');
    expect(actor.getSnapshot().context.updateMessage).toBeUndefined();
  });

  it('does not update the profile for a REDEMPTION', async () => {
    const { actor, calls } = start(REDEMPTION);
    await settle();
    actor.send({ type: 'VERIFY', code: '123456' });
    await settle();
    expect(value(actor)).toBe('verified');
    expect(calls.updateProfile).not.toHaveBeenCalled();
  });

  it("needs '0000' exactly: another 0-code is not a verified code", async () => {
    const { actor, calls } = start(PROFILE, { verifyCode: async () => envelope('0001', 'Pending') });
    await settle();
    actor.send({ type: 'VERIFY', code: '123456' });
    await settle();
    expect(onForm(actor)).toBe(true);
    expect(actor.getSnapshot().context.message).toBe('Pending');
    expect(calls.updateProfile).not.toHaveBeenCalled();
  });

  it('ignores a code that is not six digits', async () => {
    const { actor, calls } = start(PROFILE);
    await settle();
    for (const code of ['12345', '1234567', '12a456', '']) actor.send({ type: 'VERIFY', code });
    expect(onForm(actor)).toBe(true);
    expect(calls.verifyCode).not.toHaveBeenCalled();
  });

  it('shows the invalid-code message on the form and lets the member try again until the server gives up', async () => {
    const answers = [INVALID, INVALID, USED];
    const { actor } = start(PROFILE, { verifyCode: async () => answers.shift()! });
    await settle();
    actor.send({ type: 'VERIFY', code: '111111' });
    await settle();
    expect(onForm(actor)).toBe(true);
    expect(actor.getSnapshot().context.message).toBe(
      'The OTP code has invalid, please generate new or check latest OTP code we send to you, or contact customer service',
    );
    actor.send({ type: 'VERIFY', code: '222222' });
    expect(actor.getSnapshot().context.message).toBeUndefined();
    await settle();
    actor.send({ type: 'VERIFY', code: '333333' });
    await settle();
    expect(value(actor)).toBe('refused');
    expect(actor.getSnapshot().context.message).toBe('This link has already been used');
  });

  it("keeps the server's expired message on a locked form", async () => {
    const { actor } = start(PROFILE, { verifyCode: async () => EXPIRED });
    await settle();
    actor.send({ type: 'VERIFY', code: '123456' });
    await settle();
    expect(value(actor)).toBe('refused');
    expect(actor.getSnapshot().context.message).toBe('The OTP code has expired, please retry for a new code');
  });

  it('still shows success when the profile update fails, keeping its message', async () => {
    const { actor } = start(PROFILE, { updateProfile: async () => envelope('1002', 'Invalid data') });
    await settle();
    actor.send({ type: 'VERIFY', code: '123456' });
    await settle();
    expect(value(actor)).toBe('verified');
    expect(actor.getSnapshot().context.updateMessage).toBe('Invalid data');
    const thrown = start(PROFILE, {
      updateProfile: async () => {
        throw new Error('offline');
      },
    });
    await settle();
    thrown.actor.send({ type: 'VERIFY', code: '123456' });
    await settle();
    expect(value(thrown.actor)).toBe('verified');
    expect(thrown.actor.getSnapshot().context.updateMessage).toBe('Something went wrong, Please try again');
  });
});

describe('otpMachine failures', () => {
  it('shows the connection issue for a transport failure on loading or verifying, or a call that throws', async () => {
    const loading = start(PROFILE, { loadTimeLimit: async () => BAD_GATEWAY });
    await settle();
    expect(value(loading.actor)).toBe('connectionIssue');

    const thrown = start(PROFILE, {
      loadTimeLimit: async () => {
        throw new Error('offline');
      },
    });
    await settle();
    expect(value(thrown.actor)).toBe('connectionIssue');

    const verifying = start(PROFILE, { verifyCode: async () => envelope('', 'Something went wrong, Please try again') });
    await settle();
    verifying.actor.send({ type: 'VERIFY', code: '123456' });
    await settle();
    expect(value(verifying.actor)).toBe('connectionIssue');
  });

  it('shows the connection issue for an unreadable link, calling nothing', async () => {
    const { actor, calls } = start(undefined);
    await settle();
    expect(value(actor)).toBe('connectionIssue');
    expect(calls.loadTimeLimit).not.toHaveBeenCalled();
  });

  it('shows the expired page when the server says the session expired, and the invalid page otherwise', async () => {
    const expired = start(PROFILE, { loadTimeLimit: async () => EXPIRED });
    await settle();
    expect(value(expired.actor)).toBe('expired');
    const unknown = start(PROFILE, { loadTimeLimit: async () => envelope('1004', 'OTP session not found') });
    await settle();
    expect(value(unknown.actor)).toBe('invalid');
    expect(unknown.actor.getSnapshot().context.message).toBe('OTP session not found');
  });
});

describe('otpLinkFromSearch', () => {
  it("reads everything after the first '=' of /otp/{id}?={encoded}", () => {
    expect(otpLinkFromSearch(`?=${encodeOtpLink(PROFILE)}`)).toEqual(PROFILE);
    expect(otpLinkFromSearch(`?data=${encodeOtpLink(REDEMPTION)}`)).toEqual(REDEMPTION);
  });

  it('gives undefined for a missing or undecodable query', () => {
    expect(otpLinkFromSearch('')).toBeUndefined();
    expect(otpLinkFromSearch('?abc')).toBeUndefined();
    expect(otpLinkFromSearch('?=not-base64!')).toBeUndefined();
    expect(otpLinkFromSearch(`?=${btoa(JSON.stringify({ memberid: 1 }))}`)).toBeUndefined();
  });
});
