// The wizard machine built from the real corporate enrollment definition: every state reached (@xstate/graph),
// Next checked by the step's rules and the server's check, Back keeping the draft, rows added, edited and
// removed, Reset to the defaults, and the Submit's refusals going back to the step they name.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import type { ResponseEnvelope } from '../../../engine/api/envelope';
import type { WizardPage } from '../../../engine/definition/screen';
import { compileWizard, type Draft, type FormValues } from '../../../engine/definition/wizardPage';
import { loadCatalogue } from '../../../server/platform/definitions';
import { createWizardMachine, wizardPosition, type StepCheckInput, type SubmitInput, type WizardContext } from '../../../workflows/wizardMachine';
import { WIZARD_MACHINES, WIZARD_MACHINE_NAMES } from '../../../workflows/wizardMachines';
import { allStatePaths, reachableStatePaths } from './statePaths';

const catalogue = loadCatalogue();
const page = catalogue.pageByMenu.get('ENROLLCORP') as WizardPage;
const wizard = compileWizard(page, catalogue);

const envelope = (responsecode: string, responsemessage: string, result?: unknown): ResponseEnvelope => ({ status: { responsecode, responsemessage }, ...(result === undefined ? {} : { result }) });
const OK = envelope('0000', 'Success');
const STORED = envelope('0000', 'Corporate has been enrolled', { corporatecode: 'QZCORP', cardnumber: '5400000014' });
const CODE_TAKEN = envelope('1009', 'Corporate Code "QZCORP" already exists', { step: 'corporatedetail', fields: { corporatecode: 'Corporate Code "QZCORP" already exists' } });
const TOUR_TAKEN = envelope('1009', 'Tour Code 1: Tour Code "QZTC1" already exists', { step: 'tourcode', row: 0, fields: { tourcode: 'Tour Code "QZTC1" already exists' } });
const FAULT = envelope('9000', 'Something went wrong, Please try again');

const DETAIL: FormValues = {
  corporatecode: 'QZCORP',
  corporatename: 'Qz Nusantara Energi',
  corporatetype: 'SOE',
  businessfield: 'ENERGY',
  tradebusinesslicense: '503/SIUP/2026',
  taxnumber: '01.234.567.8-901.000',
  corporateemail: 'travel@qz-energi.co.id',
  phonenum: '+62215550100',
  langcode: 'id',
  address: 'Jl. Jend. Sudirman Kav. 52-53',
  countrycode: 'ID',
  statecode: 'ID-JK',
  citycode: 'IDJKT',
  startdate: '2026-01-01',
  enddate: '2027-12-31',
  unlimited: false,
  maxmember: 100,
  username: 'qz.corp',
  contactname: 'Rahmat Hidayat',
  contactidtype: 'IDCARD',
  contactidnum: '3174012345670001',
  contactemail: 'rahmat@qz-energi.co.id',
  contactphonenum: '+628121234567',
};
const TOUR: FormValues = { tourcode: 'QZTC1', startdate: '2026-01-01', enddate: '2026-12-31' };
const COORDINATOR: FormValues = { name: 'Dewi Anggraini', email: 'dewi@qz-energi.co.id', phonenum: '+628129876543' };

function fakes(answers: { check?: ResponseEnvelope; submit?: ResponseEnvelope } = {}) {
  return {
    checkStep: vi.fn(async (_call: { input: StepCheckInput }) => answers.check ?? OK),
    submitDraft: vi.fn(async (_call: { input: SubmitInput }) => answers.submit ?? STORED),
  };
}
const provided = (calls: ReturnType<typeof fakes>) =>
  createWizardMachine('corporateEnrollment', wizard).provide({ actors: { checkStep: fromPromise(calls.checkStep), submitDraft: fromPromise(calls.submitDraft) } });

function start(answers: Parameters<typeof fakes>[0] = {}) {
  const calls = fakes(answers);
  const actor = createActor(provided(calls)).start();
  return { actor, calls };
}
type Actor = ReturnType<typeof start>['actor'];
const context = (actor: Actor) => actor.getSnapshot().context as WizardContext;
const position = (actor: Actor) => wizardPosition(actor.getSnapshot().value);
const settled = (actor: Actor) => waitFor(actor, (s) => !['checking', 'submitting'].includes(wizardPosition(s.value).inner ?? ''));

async function toSummary(actor: Actor) {
  actor.send({ type: 'NEXT', values: DETAIL });
  await settled(actor);
  actor.send({ type: 'ADD_ROW' });
  actor.send({ type: 'SAVE_ROW', row: TOUR });
  actor.send({ type: 'NEXT' });
  actor.send({ type: 'ADD_ROW' });
  actor.send({ type: 'SAVE_ROW', row: COORDINATOR });
  actor.send({ type: 'NEXT' });
}

describe('the wizard machine registry', () => {
  it('names every machine a wizard definition may give, and the corporate enrollment is one', () => {
    expect(WIZARD_MACHINE_NAMES).toEqual(Object.keys(WIZARD_MACHINES));
    expect(WIZARD_MACHINE_NAMES).toContain(page.machine);
    expect(WIZARD_MACHINES[page.machine]!(wizard).id).toBe('corporateEnrollment');
  });
});

describe('corporate enrollment machine reachability', () => {
  it('reaches every state with deterministic fakes for the check and the submit', () => {
    const events = [
      { type: 'EDIT', values: DETAIL },
      { type: 'NEXT', values: {} },
      { type: 'NEXT' },
      { type: 'xstate.done.actor.checkStep', output: OK },
      { type: 'xstate.done.actor.checkStep', output: CODE_TAKEN },
      { type: 'xstate.error.actor.checkStep', error: 'network down' },
      { type: 'ADD_ROW' },
      { type: 'SAVE_ROW', row: TOUR },
      { type: 'SAVE_ROW', row: COORDINATOR },
      { type: 'SAVE_ROW', row: {} },
      { type: 'CANCEL_ROW' },
      { type: 'EDIT_ROW', index: 0 },
      { type: 'REMOVE_ROW', index: 0 },
      { type: 'BACK' },
      { type: 'GOTO', step: 'corporatedetail' },
      { type: 'SUBMIT' },
      { type: 'xstate.done.actor.submitDraft', output: STORED },
      { type: 'xstate.done.actor.submitDraft', output: TOUR_TAKEN },
      { type: 'xstate.done.actor.submitDraft', output: CODE_TAKEN },
      { type: 'xstate.done.actor.submitDraft', output: FAULT },
      { type: 'xstate.error.actor.submitDraft', error: 'network down' },
      { type: 'RESET' },
    ];
    // Rows can be added without end: a node is the state plus whether each part of the draft would pass.
    const serializeState = (snapshot: AnyMachineSnapshot) => {
      const { draft } = snapshot.context as WizardContext;
      const rows = (key: string) => Math.min((draft[key] as FormValues[]).length, 2);
      const detail = Object.keys(draft.corporatedetail as FormValues).length > 1;
      return JSON.stringify([snapshot.value, detail, rows('tourcode'), rows('travelcoordinator')]);
    };
    const reached = reachableStatePaths(provided(fakes()), { events, serializeState });
    // A step's 'leaving' only passes on to the next step of the flow: never at rest.
    expect(reached).toEqual(allStatePaths(provided(fakes())).filter((path) => !path.endsWith('.leaving')));
    expect(reached).toEqual([
      'corporatedetail',
      'corporatedetail.checking',
      'corporatedetail.editing',
      'done',
      'summary',
      'summary.reviewing',
      'summary.submitting',
      'tourcode',
      'tourcode.row',
      'tourcode.rows',
      'travelcoordinator',
      'travelcoordinator.row',
      'travelcoordinator.rows',
    ]);
  });
});

describe('corporate enrollment machine steps', () => {
  it('starts on the first step with the definition defaults (Unlimited No) and empty lists', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toEqual({ corporatedetail: 'editing' });
    expect(context(actor).draft).toEqual({ corporatedetail: { unlimited: false }, tourcode: [], travelcoordinator: [] });
  });

  it('keeps Next on the step with the rules messages, keeping what was typed', () => {
    const { actor, calls } = start();
    actor.send({ type: 'NEXT', values: { ...DETAIL, corporateemail: 'travel.qz-energi.co.id', maxmember: undefined } });
    expect(position(actor)).toEqual({ step: 'corporatedetail', inner: 'editing' });
    expect(context(actor).errors).toEqual({
      corporateemail: 'Corporate Email format is not valid (e.g. name@example.com)',
      maxmember: 'Max Member is Required',
    });
    expect((context(actor).draft.corporatedetail as FormValues).corporateemail).toBe('travel.qz-energi.co.id');
    expect(calls.checkStep).not.toHaveBeenCalled();
  });

  it("asks the step's check on Next and stays with the server's field messages when refused", async () => {
    const { actor, calls } = start({ check: CODE_TAKEN });
    actor.send({ type: 'NEXT', values: DETAIL });
    expect(position(actor)).toEqual({ step: 'corporatedetail', inner: 'checking' });
    await settled(actor);
    expect(calls.checkStep.mock.calls[0]![0].input).toEqual({ path: '/api/corporate-enrollment/check', step: 'corporatedetail', values: DETAIL });
    expect(position(actor)).toEqual({ step: 'corporatedetail', inner: 'editing' });
    expect(context(actor).errors).toEqual({ corporatecode: 'Corporate Code "QZCORP" already exists' });
    expect(context(actor).message).toBe('Corporate Code "QZCORP" already exists');
  });

  it("keeps what an accepted check answered for the summary, and forgets it on Reset", async () => {
    const quote = { corporatename: 'Qz Energi', accountnumber: '9000001' };
    const { actor } = start({ check: { status: { responsecode: '0000', responsemessage: 'Success' }, result: quote } });
    expect(context(actor).checked).toEqual({});
    actor.send({ type: 'NEXT', values: DETAIL });
    await settled(actor);
    expect(position(actor).step).toBe('tourcode');
    expect(context(actor).checked).toEqual({ corporatedetail: quote });
    actor.send({ type: 'RESET' });
    expect(context(actor).checked).toEqual({});
  });

  it('says the generic message when the check fails outright', async () => {
    const { actor, calls } = start();
    calls.checkStep.mockRejectedValueOnce(new Error('offline'));
    actor.send({ type: 'NEXT', values: DETAIL });
    await settled(actor);
    expect(context(actor).message).toBe('Something went wrong, Please try again');
  });

  it('Back keeps every step as entered, one step at a time; the steps bar goes back to any earlier step', async () => {
    const { actor } = start();
    await toSummary(actor);
    expect(position(actor)).toEqual({ step: 'summary', inner: 'reviewing' });
    actor.send({ type: 'BACK' });
    expect(position(actor).step).toBe('travelcoordinator');
    actor.send({ type: 'BACK' });
    actor.send({ type: 'BACK' });
    expect(position(actor).step).toBe('corporatedetail');
    actor.send({ type: 'BACK' });
    expect(position(actor).step).toBe('corporatedetail');
    expect(context(actor).draft).toEqual({ corporatedetail: DETAIL, tourcode: [TOUR], travelcoordinator: [COORDINATOR] });
    // An edit not yet confirmed by Next is kept too.
    actor.send({ type: 'EDIT', values: { ...DETAIL, corporatename: 'Qz Energi Baru' } });
    actor.send({ type: 'NEXT' });
    await settled(actor);
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'GOTO', step: 'tourcode' });
    expect(position(actor).step).toBe('tourcode');
    actor.send({ type: 'GOTO', step: 'summary' });
    expect(position(actor).step).toBe('tourcode');
    expect((context(actor).draft.corporatedetail as FormValues).corporatename).toBe('Qz Energi Baru');
  });

  it('adds, edits and removes rows; a list needs its rows and refuses a repeated code', async () => {
    const { actor } = start();
    actor.send({ type: 'NEXT', values: DETAIL });
    await settled(actor);
    actor.send({ type: 'NEXT' });
    expect(context(actor).message).toBe('Add at least 1 Tour Code');
    expect(position(actor).step).toBe('tourcode');

    actor.send({ type: 'ADD_ROW' });
    expect(position(actor)).toEqual({ step: 'tourcode', inner: 'row' });
    actor.send({ type: 'SAVE_ROW', row: { ...TOUR, enddate: '2025-12-31' } });
    expect(context(actor).errors).toEqual({ enddate: 'End Date must not be before Start Date' });
    actor.send({ type: 'SAVE_ROW', row: TOUR });
    actor.send({ type: 'ADD_ROW' });
    actor.send({ type: 'SAVE_ROW', row: { ...TOUR, tourcode: 'qztc1' } });
    expect(context(actor).errors).toEqual({ tourcode: 'Tour Code can be filled with uppercase letters and numbers only' });
    actor.send({ type: 'SAVE_ROW', row: { ...TOUR, tourcode: 'QZTC1' } });
    expect(context(actor).errors).toEqual({ tourcode: 'Tour Code "QZTC1" is already in the list' });
    actor.send({ type: 'SAVE_ROW', row: { ...TOUR, tourcode: 'QZTC2' } });
    expect((context(actor).draft.tourcode as FormValues[]).map((r) => r.tourcode)).toEqual(['QZTC1', 'QZTC2']);

    // Editing a row may keep its own code; another row's is refused.
    actor.send({ type: 'EDIT_ROW', index: 1 });
    expect(context(actor).rowIndex).toBe(1);
    actor.send({ type: 'SAVE_ROW', row: { ...TOUR, tourcode: 'QZTC1' } });
    expect(context(actor).errors.tourcode).toBe('Tour Code "QZTC1" is already in the list');
    actor.send({ type: 'SAVE_ROW', row: { ...TOUR, tourcode: 'QZTC2', enddate: '2026-06-30' } });
    expect((context(actor).draft.tourcode as FormValues[])[1]).toEqual({ ...TOUR, tourcode: 'QZTC2', enddate: '2026-06-30' });
    actor.send({ type: 'EDIT_ROW', index: 7 });
    expect(position(actor).inner).toBe('rows');
    actor.send({ type: 'REMOVE_ROW', index: 0 });
    expect((context(actor).draft.tourcode as FormValues[]).map((r) => r.tourcode)).toEqual(['QZTC2']);
    actor.send({ type: 'ADD_ROW' });
    actor.send({ type: 'CANCEL_ROW' });
    expect((context(actor).draft.tourcode as FormValues[])).toHaveLength(1);
    actor.send({ type: 'NEXT' });
    expect(position(actor).step).toBe('travelcoordinator');
  });

  it('submits the draft and keeps the answer; Reset then starts a fresh draft', async () => {
    const { actor, calls } = start();
    await toSummary(actor);
    actor.send({ type: 'SUBMIT' });
    expect(position(actor)).toEqual({ step: 'summary', inner: 'submitting' });
    await settled(actor);
    expect(calls.submitDraft.mock.calls[0]![0].input).toEqual({
      path: '/api/corporate-enrollment/create',
      draft: { corporatedetail: DETAIL, tourcode: [TOUR], travelcoordinator: [COORDINATOR] } satisfies Draft,
    });
    expect(actor.getSnapshot().value).toBe('done');
    expect(context(actor).result).toEqual(STORED.result);
    expect(context(actor).message).toBe('Corporate has been enrolled');
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().value).toEqual({ corporatedetail: 'editing' });
    expect(context(actor).draft).toEqual({ corporatedetail: { unlimited: false }, tourcode: [], travelcoordinator: [] });
    expect(context(actor).revision).toBe(1);
  });

  it.each([
    ['tour code taken', TOUR_TAKEN, { step: 'tourcode', inner: 'rows' }, 'Tour Code 1: Tour Code "QZTC1" already exists'],
    ['corporate code taken', CODE_TAKEN, { step: 'corporatedetail', inner: 'editing' }, 'Corporate Code "QZCORP" already exists'],
    ['a fault naming no step', FAULT, { step: 'summary', inner: 'reviewing' }, 'Something went wrong, Please try again'],
  ])('a refused Submit (%s) goes back to the step it names, with the message, keeping the draft', async (_case, answer, at, message) => {
    const { actor } = start({ submit: answer });
    await toSummary(actor);
    actor.send({ type: 'SUBMIT' });
    await settled(actor);
    expect(position(actor)).toEqual(at);
    expect(context(actor).message).toBe(message);
    expect(context(actor).draft.tourcode).toEqual([TOUR]);
  });

  it('Reset from any step brings back the defaults, and is not taken while the Submit is on its way', async () => {
    const { actor, calls } = start();
    await toSummary(actor);
    actor.send({ type: 'BACK' });
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().value).toEqual({ corporatedetail: 'editing' });
    expect(context(actor).draft).toEqual({ corporatedetail: { unlimited: false }, tourcode: [], travelcoordinator: [] });

    let release: (answer: ResponseEnvelope) => void = () => undefined;
    calls.submitDraft.mockImplementationOnce(() => new Promise<ResponseEnvelope>((resolve) => (release = resolve)));
    await toSummary(actor);
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'RESET' });
    expect(position(actor)).toEqual({ step: 'summary', inner: 'submitting' });
    release(STORED);
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('done');
  });
});
