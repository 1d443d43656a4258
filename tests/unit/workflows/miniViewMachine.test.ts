// The mini-view's machine: the card number rule, found, not found (1004), other failures, Reset; spec words retyped.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ResponseEnvelope } from '../../../engine/api/envelope';
import type { MemberSummary } from '../../../domain/memberFlows';
import { cardNumberError, miniViewMachine } from '../../../workflows/miniViewMachine';
import { allStatePaths, reachableStatePaths } from './statePaths';

const envelope = (responsecode: string, responsemessage: string, result?: unknown): ResponseEnvelope => ({
  status: { responsecode, responsemessage },
  ...(result === undefined ? {} : { result }),
});

const MEMBER: MemberSummary = {
  firstname: 'Ayu',
  lastname: 'Lestari',
  status: 'ACTIVE',
  membercards: [{ cardnumber: '1234567890', membershipname: 'GarudaMiles', tiername: 'Gold' }],
  memberaccount: { startperiod: '2024-01-01', endperiod: '2026-12-31' },
};
const FOUND = envelope('0000', 'Success', MEMBER);
const NOT_FOUND = envelope('1004', 'Member not found');

function start(answer: () => Promise<ResponseEnvelope> = async () => FOUND) {
  const findMember = vi.fn(async (_call: { input: { cardnumber: string } }) => answer());
  const actor = createActor(miniViewMachine.provide({ actors: { findMember: fromPromise(findMember) } })).start();
  return { actor, findMember };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (snapshot) => !snapshot.matches('searching'));

describe('miniViewMachine reachability', () => {
  it('reaches every state with a deterministic fake for findMember', () => {
    const events = [
      { type: 'SEARCH', cardnumber: '1234567890' },
      { type: 'SEARCH', cardnumber: 'abc' },
      { type: 'RESET' },
      { type: 'xstate.done.actor.findMember', output: FOUND },
      { type: 'xstate.done.actor.findMember', output: NOT_FOUND },
      { type: 'xstate.done.actor.findMember', output: envelope('4290', 'Too many requests, please try again later') },
    ];
    const reached = reachableStatePaths(miniViewMachine, { events });
    expect(reached).toEqual(allStatePaths(miniViewMachine));
    expect(reached).toEqual(['failed', 'found', 'idle', 'notFound', 'searching']);
  });
});

describe('cardNumberError', () => {
  it("gives 'Required', 'Only numeric' and the 45-character maximum, on the trimmed value", () => {
    expect(cardNumberError('')).toBe('Required');
    expect(cardNumberError('   ')).toBe('Required');
    expect(cardNumberError('12a4')).toBe('Only numeric');
    expect(cardNumberError('12 34')).toBe('Only numeric');
    expect(cardNumberError('1'.repeat(46))).toBe('Maximum 45 characters');
    expect(cardNumberError(` ${'1'.repeat(45)} `)).toBeUndefined();
  });
});

describe('miniViewMachine', () => {
  it('searches the trimmed card number and shows the member', async () => {
    const { actor, findMember } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'SEARCH', cardnumber: ' 1234567890 ' });
    await settled(actor);
    expect(findMember.mock.calls[0][0].input).toEqual({ cardnumber: '1234567890' });
    expect(actor.getSnapshot().value).toBe('found');
    expect(actor.getSnapshot().context.member).toEqual(MEMBER);
  });

  it('shows nothing found for code 1004', async () => {
    const { actor } = start(async () => NOT_FOUND);
    actor.send({ type: 'SEARCH', cardnumber: '999' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('notFound');
    expect(actor.getSnapshot().context.member).toBeUndefined();
  });

  it('shows the server message for any other refusal, and the generic one when the call fails', async () => {
    const refused = start(async () => envelope('4290', 'Too many requests, please try again later'));
    refused.actor.send({ type: 'SEARCH', cardnumber: '1' });
    await settled(refused.actor);
    expect(refused.actor.getSnapshot().value).toBe('failed');
    expect(refused.actor.getSnapshot().context.message).toBe('Too many requests, please try again later');
    const thrown = start(async () => {
      throw new Error('offline');
    });
    thrown.actor.send({ type: 'SEARCH', cardnumber: '1' });
    await settled(thrown.actor);
    expect(thrown.actor.getSnapshot().context.message).toBe('Something went wrong, Please try again');
  });

  it('refuses letters without calling, clearing the last result; Reset clears everything', async () => {
    const { actor, findMember } = start();
    actor.send({ type: 'SEARCH', cardnumber: '1234567890' });
    await settled(actor);
    actor.send({ type: 'SEARCH', cardnumber: '12AB' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ fieldError: 'Only numeric', member: undefined });
    expect(findMember).toHaveBeenCalledTimes(1);
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().context).toEqual({ cardnumber: '', fieldError: undefined, member: undefined, message: undefined });
  });
});
