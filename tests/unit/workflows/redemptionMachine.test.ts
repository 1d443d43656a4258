// The redemption machine built from the real definition (screens/member-management/redemption.json, spec 001
// §3.3, §4.2): named steps from step1, each step's server check sent with the earlier steps it names
// (checkWith), a step's refusal kept on its field, the passengers' rows, the summary, Submit, a refusal of the
// server going back to its step, and RESET back to step1 with every default (one passenger) at any time.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ResponseEnvelope } from '../../../engine/api/envelope';
import type { WizardPage } from '../../../engine/definition/screen';
import { compileWizard, type FormValues } from '../../../engine/definition/wizardPage';
import { loadCatalogue } from '../../../server/platform/definitions';
import { wizardPosition, type StepCheckInput, type SubmitInput, type WizardContext } from '../../../workflows/wizardMachine';
import { WIZARD_MACHINES } from '../../../workflows/wizardMachines';

const catalogue = loadCatalogue();
const page = catalogue.pageByMenu.get('REDEEM') as WizardPage;
const wizard = compileWizard(page, catalogue);

const envelope = (responsecode: string, responsemessage: string, result?: unknown): ResponseEnvelope => ({ status: { responsecode, responsemessage }, ...(result === undefined ? {} : { result }) });
const BLACKOUT = 'Award AWD-DOM-Y is not available on 2026-12-25: blackout BO-CGK-DPS-NYE';
const MEMBER: FormValues = { cardnumber: '5100000016' };
const AWARD: FormValues = { awardcode: 'AWD-DOM-Y' };
const SEARCH: FormValues = { origin: 'CGK', destination: 'DPS', departuredate: '2027-02-10', isreturn: false, compartmentcode: 'Y', passenger: 1 };
const SELF: FormValues = { name: 'Budi', familyname: 'Santoso', birthdate: '1979-05-20', selfusage: true };

function start() {
  const checks: StepCheckInput[] = [];
  const submits: SubmitInput[] = [];
  const machine = WIZARD_MACHINES[page.machine]!(wizard).provide({
    actors: {
      checkStep: fromPromise(async ({ input }: { input: StepCheckInput }) => {
        checks.push(input);
        if (input.step === 'step3' && input.values.departuredate === '2026-12-25') return envelope('1002', BLACKOUT, { step: 'step3', fields: { departuredate: BLACKOUT } });
        if (input.step === 'step3') return envelope('0000', 'Success', { pricedeparture: 7500, pricereturn: 0, totalmileage: 7500 });
        if (input.step === 'step2') return envelope('0000', 'Success', { categorytype: input.values.awardcode === 'HTL-HILTON' ? 'NON_AIR' : 'AIR' });
        if (input.step === 'summary') return envelope('0000', 'Success', { totalmileage: 7500 });
        return envelope('0000', 'Success', {});
      }),
      submitDraft: fromPromise(async ({ input }: { input: SubmitInput }) => {
        submits.push(input);
        return submits.length === 1
          ? envelope('1002', 'Enter 2 passengers: the search is for 2', { step: 'step4', fields: { name: 'Enter 2 passengers: the search is for 2' } })
          : envelope('0000', 'Redemption X is confirmed', { redemptionid: 'X' });
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, checks, submits };
}
type Actor = ReturnType<typeof start>['actor'];
const context = (actor: Actor) => actor.getSnapshot().context as WizardContext;
const position = (actor: Actor) => wizardPosition(actor.getSnapshot().value);
const settled = (actor: Actor) => waitFor(actor, (s) => !['checking', 'submitting', 'quoting'].includes(wizardPosition(s.value).inner ?? ''));

describe('redemption machine', () => {
  it('is registered under its own name, with named steps from step1 and the spec default of one passenger', () => {
    expect(page.machine).toBe('redemption');
    expect(wizard.steps.map((s) => s.key)).toEqual(['step1', 'step2', 'step3', 'usage', 'step4', 'summary']);
    const { actor } = start();
    expect(position(actor).step).toBe('step1');
    expect(context(actor).draft.step3).toMatchObject({ passenger: 1, isreturn: false });
  });

  it('sends each check the earlier steps it names, keeps a refusal on its field, and submits the whole draft', async () => {
    const { actor, checks, submits } = start();
    actor.send({ type: 'NEXT', values: MEMBER });
    await settled(actor);
    expect(position(actor).step).toBe('step2');
    actor.send({ type: 'NEXT', values: AWARD });
    await settled(actor);
    expect(checks[1]).toMatchObject({ step: 'step2', values: AWARD, earlier: { step1: MEMBER } });
    // A date in a blackout: the message stays on the step's field.
    actor.send({ type: 'NEXT', values: { ...SEARCH, departuredate: '2026-12-25' } });
    await settled(actor);
    expect(position(actor).step).toBe('step3');
    expect(context(actor).errors.departuredate).toBe(BLACKOUT);
    actor.send({ type: 'NEXT', values: SEARCH });
    await settled(actor);
    expect(checks[3]).toMatchObject({ step: 'step3', earlier: { step1: MEMBER, step2: AWARD } });
    expect(position(actor).step).toBe('step4');
    expect(context(actor).checked.step3).toEqual({ pricedeparture: 7500, pricereturn: 0, totalmileage: 7500 });
    actor.send({ type: 'ADD_ROW' });
    actor.send({ type: 'SAVE_ROW', row: SELF });
    actor.send({ type: 'NEXT' });
    expect(position(actor).step).toBe('summary');
    // The summary asks its quote with the whole draft before Submit is taken.
    await settled(actor);
    expect(checks.at(-1)).toMatchObject({ step: 'summary', values: { step1: MEMBER, step2: AWARD, step3: SEARCH, step4: [SELF] } });
    expect(context(actor).checked.summary).toEqual({ totalmileage: 7500 });
    // The server's refusal goes back to the passengers' step; then it is stored.
    actor.send({ type: 'SUBMIT' });
    await settled(actor);
    expect(position(actor).step).toBe('step4');
    expect(context(actor).message).toBe('Enter 2 passengers: the search is for 2');
    actor.send({ type: 'NEXT' });
    await settled(actor);
    actor.send({ type: 'SUBMIT' });
    await settled(actor);
    expect(submits[1]!.draft).toMatchObject({ step1: MEMBER, step2: AWARD, step3: SEARCH, step4: [SELF] });
    expect(context(actor).result).toMatchObject({ redemptionid: 'X' });
  });

  it('takes a non-air award through its Date of Use, not Search Flight, and leaves the flight search out of the draft', async () => {
    const { actor, checks } = start();
    actor.send({ type: 'NEXT', values: MEMBER });
    await settled(actor);
    actor.send({ type: 'NEXT', values: { awardcode: 'HTL-HILTON' } });
    await settled(actor);
    expect(position(actor).step).toBe('usage');
    actor.send({ type: 'NEXT', values: { departuredate: '2027-02-10', passenger: 1 } });
    await settled(actor);
    expect(position(actor).step).toBe('step4');
    actor.send({ type: 'BACK' });
    expect(position(actor).step).toBe('usage');
    actor.send({ type: 'NEXT', values: { departuredate: '2027-02-10', passenger: 1 } });
    await settled(actor);
    actor.send({ type: 'ADD_ROW' });
    actor.send({ type: 'SAVE_ROW', row: SELF });
    actor.send({ type: 'NEXT' });
    await settled(actor);
    const quoted = checks.at(-1)!;
    expect(quoted.step).toBe('summary');
    expect(Object.keys(quoted.values)).toEqual(['step1', 'step2', 'usage', 'step4']);
  });

  it('resets to step1 with every default at any time', async () => {
    const { actor } = start();
    actor.send({ type: 'NEXT', values: MEMBER });
    await settled(actor);
    actor.send({ type: 'NEXT', values: AWARD });
    await settled(actor);
    actor.send({ type: 'RESET' });
    expect(position(actor).step).toBe('step1');
    expect(context(actor).draft.step1).toEqual({});
    expect(context(actor).draft.step3).toMatchObject({ passenger: 1 });
    expect(context(actor).checked).toEqual({});
  });
});
