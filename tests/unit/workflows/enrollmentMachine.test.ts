// The individual enrollment machine built from the real definition (screens/member-management/enrollment.json):
// every state reached (@xstate/graph), the defaults of spec 001 §4.1, the optional steps (co-brand unless the
// channel is COBRAND, each address unless it is the preferred one) skipped when empty and checked once begun,
// the steps picked from the member's own fields, and a refusal of the server going back to its step.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import type { ResponseEnvelope } from '../../../engine/api/envelope';
import type { WizardPage } from '../../../engine/definition/screen';
import { compileWizard, type FormValues } from '../../../engine/definition/wizardPage';
import { loadCatalogue } from '../../../server/platform/definitions';
import { wizardPosition, type StepCheckInput, type SubmitInput, type WizardContext } from '../../../workflows/wizardMachine';
import { WIZARD_MACHINES } from '../../../workflows/wizardMachines';
import { allStatePaths, reachableStatePaths } from './statePaths';

const catalogue = loadCatalogue();
const page = catalogue.pageByMenu.get('ENROLL') as WizardPage;
const wizard = compileWizard(page, catalogue);

const envelope = (responsecode: string, responsemessage: string, result?: unknown): ResponseEnvelope => ({ status: { responsecode, responsemessage }, ...(result === undefined ? {} : { result }) });
const OK = envelope('0000', 'Success');
const STORED = envelope('0000', 'Member has been enrolled', { memberid: 'M5150000007', cardnumber: '5150000007' });
const CARD_TAKEN = envelope('1009', 'Card Number "5150000007" already exists', { step: 'membership', fields: { cardnumber: 'Card Number "5150000007" already exists' } });

const MEMBERSHIP: FormValues = { membershipid: 'FFP', enrollmentdate: '2026-11-23', enrollchannel: 'MOBILE' };
const PERSONAL: FormValues = { firstname: 'Kadek Ayu', lastname: 'Paramitha', gender: 'FEMALE', birthdate: '1994-08-17', preferredaddress: 'PRIVATE' };
const ADDRESS: FormValues = { address: 'Jl. Raya Ubud No. 12', country: 'ID' };

const machine = () =>
  WIZARD_MACHINES[page.machine]!(wizard).provide({
    actors: {
      checkStep: fromPromise(async (_: { input: StepCheckInput }) => OK),
      submitDraft: fromPromise(async ({ input }: { input: SubmitInput }) => (input.draft.membership as FormValues).cardnumber ? CARD_TAKEN : STORED),
    },
  });

function start() {
  const actor = createActor(machine()).start();
  return actor;
}
type Actor = ReturnType<typeof start>;
const context = (actor: Actor) => actor.getSnapshot().context as WizardContext;
const position = (actor: Actor) => wizardPosition(actor.getSnapshot().value);
const settled = (actor: Actor) => waitFor(actor, (s) => !['checking', 'submitting'].includes(wizardPosition(s.value).inner ?? ''));

describe('individual enrollment machine', () => {
  it('is registered, and its steps are picked from the member, member-cobrand and member-address fields', () => {
    expect(page.machine).toBe('individualEnrollment');
    expect(wizard.steps.map((s) => s.key)).toEqual(['membership', 'cobrand', 'personal', 'privateaddress', 'businessaddress', 'summary']);
    const member = catalogue.screenByResource.get('member')!;
    const personal = wizard.steps[2]!.form!;
    // The same field definitions, each in the form: label, rules, options come from member.json.
    for (const field of personal.fields) expect({ ...field, form: undefined }).toEqual({ ...member.fields.find((f) => f.name === field.name), form: undefined });
    expect(wizard.steps[0]!.form!.fields.find((f) => f.name === 'membershipid')!.source!.selector).toBe('enrollment-membership');
  });

  it('starts at the defaults of spec 001 §4.1: channel MOBILE, gender MALE, preferred address Private, enroll date today', () => {
    const { draft } = context(start());
    expect(draft.membership).toEqual({ enrollchannel: 'MOBILE', enrollmentdate: new Date().toISOString().slice(0, 10) });
    expect(draft.personal).toMatchObject({ gender: 'MALE', preferredaddress: 'PRIVATE' });
  });

  it('skips the optional steps left empty, requires the preferred address and the co-brand card of a COBRAND enrollment', async () => {
    const actor = start();
    actor.send({ type: 'NEXT', values: MEMBERSHIP });
    await settled(actor);
    expect(position(actor).step).toBe('cobrand');
    actor.send({ type: 'NEXT', values: {} });
    expect(position(actor).step).toBe('personal');
    actor.send({ type: 'NEXT', values: PERSONAL });
    await settled(actor);
    // The preferred address may not be left empty.
    actor.send({ type: 'NEXT', values: {} });
    expect(position(actor).step).toBe('privateaddress');
    expect(context(actor).errors.address).toBe('Address is Required');
    actor.send({ type: 'NEXT', values: ADDRESS });
    // The other one may; begun, it is checked whole.
    actor.send({ type: 'NEXT', values: { companyname: 'PT Maju' } });
    expect(position(actor).step).toBe('businessaddress');
    expect(context(actor).errors.address).toBe('Address is Required');
    actor.send({ type: 'NEXT', values: {} });
    expect(position(actor).step).toBe('summary');

    // Back to the membership: a COBRAND channel makes the co-brand step required.
    actor.send({ type: 'GOTO', step: 'membership' });
    actor.send({ type: 'NEXT', values: { ...MEMBERSHIP, enrollchannel: 'COBRAND' } });
    await settled(actor);
    actor.send({ type: 'NEXT', values: {} });
    expect(position(actor).step).toBe('cobrand');
    expect(context(actor).errors.partnercode).toBe('Partner is Required');
  });

  it('goes back to the step the server names (a card number already taken) and stores once accepted', async () => {
    const actor = start();
    for (const values of [{ ...MEMBERSHIP, cardnumber: '5150000007' }, {}, PERSONAL, ADDRESS, {}]) {
      actor.send({ type: 'NEXT', values });
      await settled(actor);
    }
    expect(position(actor).step).toBe('summary');
    actor.send({ type: 'SUBMIT' });
    await settled(actor);
    expect(position(actor).step).toBe('membership');
    expect(context(actor).errors).toEqual({ cardnumber: 'Card Number "5150000007" already exists' });
    actor.send({ type: 'NEXT', values: MEMBERSHIP });
    await settled(actor);
    actor.send({ type: 'GOTO', step: 'membership' });
    for (const values of [MEMBERSHIP, {}, PERSONAL, ADDRESS, {}]) {
      actor.send({ type: 'NEXT', values });
      await settled(actor);
    }
    actor.send({ type: 'SUBMIT' });
    await settled(actor);
    expect(position(actor).step).toBe('done');
    expect(context(actor).result).toEqual(STORED.result);
  });

  it('reaches every state', () => {
    const events = [
      { type: 'NEXT', values: MEMBERSHIP },
      { type: 'NEXT', values: {} },
      { type: 'NEXT', values: PERSONAL },
      { type: 'NEXT', values: ADDRESS },
      { type: 'xstate.done.actor.checkStep', output: OK },
      { type: 'xstate.error.actor.checkStep', error: 'network down' },
      { type: 'BACK' },
      { type: 'SUBMIT' },
      { type: 'xstate.done.actor.submitDraft', output: STORED },
      { type: 'xstate.done.actor.submitDraft', output: CARD_TAKEN },
      { type: 'RESET' },
    ];
    const serializeState = (snapshot: AnyMachineSnapshot) => JSON.stringify([snapshot.value, Object.keys((snapshot.context as WizardContext).draft.personal as FormValues).length > 2]);
    const reached = reachableStatePaths(machine(), { events, serializeState });
    expect(reached).toEqual(allStatePaths(machine()).filter((path) => !path.endsWith('.leaving')));
  });
});
