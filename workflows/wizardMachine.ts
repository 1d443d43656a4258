// The generic wizard machine: one state per step of the definition, the draft in the context,
// Back and Next, rows added and edited one at a time, Reset to the defaults, and the final call to the
// domain action. Built from a compiled wizard (engine/definition/wizardPage); React only renders and sends.
import { assign, setup } from 'xstate';
import { isSuccess, type ResponseEnvelope } from '../engine/api/envelope';
import { MESSAGES } from '../engine/api/responseCodes';
import {
  appliedDraft,
  draftDefaults,
  formValues,
  listProblem,
  stepApplies,
  stepByKey,
  validateRow,
  validateStep,
  type Draft,
  type FormValues,
  type WizardModel,
  type WizardStepModel,
} from '../engine/definition/wizardPage';
import { injectedActor } from './injectedActor';

export interface WizardContext {
  draft: Draft;
  /** Field messages of the step's form (its rules on Next, or the server's), or of the row being edited. */
  errors: Record<string, string>;
  /** A message about the whole step (too few rows, the server's answer; once stored, its success message). */
  message: string | undefined;
  /** The row being edited on a list step; undefined while adding a new one. */
  rowIndex: number | undefined;
  /** Counts resets, so forms opened before one start again from the defaults. */
  revision: number;
  /** What the domain action answered when the draft was stored. */
  result: unknown;
  /** What each step's server check answered (values the summary shows with the step, e.g. a transfer's fee). */
  checked: Record<string, unknown>;
}

export type WizardEvent =
  /** The values of the current form step as typed (kept, not checked: Back keeps them). */
  | { type: 'EDIT'; values: FormValues }
  | { type: 'NEXT'; values?: FormValues }
  | { type: 'BACK' }
  /** To an earlier step (the steps bar, the summary's Edit links). */
  | { type: 'GOTO'; step: string }
  | { type: 'ADD_ROW' }
  | { type: 'EDIT_ROW'; index: number }
  | { type: 'SAVE_ROW'; row: FormValues }
  | { type: 'CANCEL_ROW' }
  | { type: 'REMOVE_ROW'; index: number }
  | { type: 'SUBMIT' }
  | { type: 'RESET' };

/** A step's values sent to the step's own check (`check` in the definition) before moving on. */
export interface StepCheckInput {
  path: string;
  step: string;
  values: FormValues;
  /** The step's `checkWith`: the earlier steps' values, by step key. */
  earlier?: Record<string, FormValues>;
}

export interface SubmitInput {
  path: string;
  draft: Draft;
}

/** Where the server said the draft fails: the step to go back to, its field messages, the row of a list. */
interface StepFailure {
  step?: string;
  row?: number;
  fields?: Record<string, string>;
}

const checkStep = injectedActor<ResponseEnvelope, StepCheckInput>('checkStep');
const submitDraft = injectedActor<ResponseEnvelope, SubmitInput>('submitDraft');

type Answer = { response: ResponseEnvelope };
const answerOf = ({ event }: { event: { output: ResponseEnvelope } }): Answer => ({ response: event.output });
const failureOf = (response: ResponseEnvelope): StepFailure => (response.result && typeof response.result === 'object' ? (response.result as StepFailure) : {});

/** The draft with the current form step's values replaced by these (only the fields it edits). */
const withValues = (draft: Draft, step: WizardStepModel, values: FormValues): Draft => ({ ...draft, [step.key]: formValues(step.form!, values) });
const rowsOf = (draft: Draft, step: WizardStepModel): FormValues[] => {
  const rows = draft[step.key];
  return Array.isArray(rows) ? rows : [];
};
const valuesOf = (draft: Draft, step: WizardStepModel): FormValues => {
  const values = draft[step.key];
  return values && !Array.isArray(values) ? values : {};
};
const QUIET = { errors: {}, message: undefined } as const;

/** The wizard machine of a compiled wizard page, under the registry name `id`. */
export function createWizardMachine(id: string, wizard: WizardModel) {
  const steps = wizard.steps;
  const fresh = (revision: number): WizardContext => ({ draft: draftDefaults(wizard), ...QUIET, rowIndex: undefined, revision, result: undefined, checked: {} });
  const at = (key: string) => stepByKey(wizard, key)!;
  const target = (key: string) => `#${id}.${key}`;

  const machine = setup({
    types: {
      context: {} as WizardContext,
      events: {} as WizardEvent,
    },
    actors: { checkStep, submitDraft },
    guards: {
      /** The NEXT of a form step whose values break a rule (also checked by the form before it sends). */
      stepInvalid: ({ context, event }, params: { step: string }) => {
        const step = at(params.step);
        const values = event.type === 'NEXT' && event.values ? event.values : valuesOf(context.draft, step);
        return Object.keys(validateStep(step, values, context.draft)).length > 0;
      },
      listInvalid: ({ context }, params: { step: string }) => listProblem(at(params.step), rowsOf(context.draft, at(params.step))) !== undefined,
      listFull: ({ context }, params: { step: string }) => rowsOf(context.draft, at(params.step)).length >= at(params.step).list!.max,
      rowInvalid: ({ context, event }, params: { step: string }) =>
        event.type === 'SAVE_ROW' && Object.keys(validateRow(at(params.step), event.row, rowsOf(context.draft, at(params.step)), context.rowIndex)).length > 0,
      rowExists: ({ context, event }, params: { step: string }) =>
        (event.type === 'EDIT_ROW' || event.type === 'REMOVE_ROW') && Number.isInteger(event.index) && event.index >= 0 && event.index < rowsOf(context.draft, at(params.step)).length,
      isStep: ({ event }, params: { step: string }) => event.type === 'GOTO' && event.step === params.step,
      /** The step is part of the flow as the checks so far make it. */
      applies: ({ context }, params: { step: string }) => stepApplies(at(params.step), context.checked),
      /** A preview step's values changed and pass their rules: worth asking its check again. */
      previewWanted: ({ context, event }, params: { step: string }) => {
        if (event.type !== 'EDIT') return false;
        const step = at(params.step);
        const before = valuesOf(context.draft, step);
        const changed = step.form!.fields.some((f) => JSON.stringify(event.values[f.name] ?? null) !== JSON.stringify(before[f.name] ?? null));
        return changed && Object.keys(validateStep(step, event.values, context.draft)).length === 0;
      },
      accepted: (_, params: Answer) => isSuccess(params.response.status.responsecode),
      failedAt: (_, params: Answer & { step: string }) => failureOf(params.response).step === params.step,
    },
    actions: {
      clearMessages: assign(QUIET),
      takeValues: assign(({ context, event }, params: { step: string }) =>
        (event.type === 'EDIT' || event.type === 'NEXT') && event.values ? { draft: withValues(context.draft, at(params.step), event.values) } : {},
      ),
      showStepErrors: assign(({ context, event }, params: { step: string }) => {
        const step = at(params.step);
        const values = event.type === 'NEXT' && event.values ? event.values : valuesOf(context.draft, step);
        return { errors: validateStep(step, values, context.draft), message: undefined };
      }),
      showListProblem: assign(({ context }, params: { step: string }) => ({ errors: {}, message: listProblem(at(params.step), rowsOf(context.draft, at(params.step)))?.message })),
      showListFull: assign(({ context }, params: { step: string }) => ({ message: listProblem(at(params.step), [...rowsOf(context.draft, at(params.step)), {}])?.message })),
      openNewRow: assign({ rowIndex: undefined, ...QUIET }),
      openRow: assign(({ event }) => ({ rowIndex: event.type === 'EDIT_ROW' ? event.index : undefined, ...QUIET })),
      showRowErrors: assign(({ context, event }, params: { step: string }) =>
        event.type === 'SAVE_ROW' ? { errors: validateRow(at(params.step), event.row, rowsOf(context.draft, at(params.step)), context.rowIndex) } : {},
      ),
      saveRow: assign(({ context, event }, params: { step: string }) => {
        if (event.type !== 'SAVE_ROW') return {};
        const step = at(params.step);
        const rows = [...rowsOf(context.draft, step)];
        const row = formValues(step.form!, event.row);
        if (context.rowIndex === undefined) rows.push(row);
        else rows[context.rowIndex] = row;
        return { draft: { ...context.draft, [step.key]: rows }, rowIndex: undefined, ...QUIET };
      }),
      removeRow: assign(({ context, event }, params: { step: string }) => {
        if (event.type !== 'REMOVE_ROW') return {};
        const step = at(params.step);
        return { draft: { ...context.draft, [step.key]: rowsOf(context.draft, step).filter((_, i) => i !== event.index) }, ...QUIET };
      }),
      showServerAnswer: assign((_, params: Answer) => ({
        errors: failureOf(params.response).fields ?? {},
        message: params.response.status.responsemessage,
      })),
      showMessage: assign((_, params: { message: string }) => ({ errors: {}, message: params.message })),
      keepResult: assign((_, params: Answer) => ({ result: params.response.result, errors: {}, message: params.response.status.responsemessage })),
      keepChecked: assign(({ context }, params: Answer & { step: string }) => ({ checked: { ...context.checked, [params.step]: params.response.result } })),
      forgetChecked: assign(({ context }, params: { step: string }) => ({ checked: Object.fromEntries(Object.entries(context.checked).filter(([key]) => key !== params.step)) })),
      reset: assign(({ context }) => fresh(context.revision + 1)),
    },
  });

  const reset = { RESET: { target: target(steps[0]!.key), actions: 'reset' as const } };
  /** To the first later (or the nearest earlier) step that is part of the flow: a step's `when` is read on the way. */
  const toApplied = (candidates: WizardStepModel[], actions?: 'clearMessages') =>
    candidates.map((s) => ({ guard: { type: 'applies' as const, params: { step: s.key } }, target: target(s.key), ...(actions ? { actions } : {}) }));
  const stepState = (step: WizardStepModel, index: number) => {
    const params = { step: step.key };
    const next = steps[index + 1];
    const moves = {
      ...(index > 0 ? { BACK: toApplied(steps.slice(0, index).reverse(), 'clearMessages') } : {}),
      ...(index > 0
        ? { GOTO: steps.slice(0, index).map((earlier) => ({ guard: { type: 'isStep' as const, params: { step: earlier.key } }, target: target(earlier.key), actions: 'clearMessages' as const })) }
        : {}),
    };
    // Leaving forward goes through 'leaving', whose guards read the checks' answers as they now stand.
    const leaving = next ? { leaving: { always: toApplied(steps.slice(index + 1)) } } : {};

    if (step.kind === 'form') {
      const go = { target: 'leaving', actions: [{ type: 'takeValues' as const, params }, 'clearMessages' as const] };
      const onNext = {
        NEXT: [
          { guard: { type: 'stepInvalid' as const, params }, actions: [{ type: 'takeValues' as const, params }, { type: 'showStepErrors' as const, params }] },
          step.check ? { target: 'checking', actions: [{ type: 'takeValues' as const, params }, 'clearMessages' as const] } : go,
        ],
      };
      // A preview step asks its check again as its values change, and shows the answer under the form.
      const onEdit = step.preview
        ? { EDIT: [{ guard: { type: 'previewWanted' as const, params }, target: 'previewing', actions: { type: 'takeValues' as const, params } }, { actions: { type: 'takeValues' as const, params } }] }
        : {};
      const checkInput = ({ context }: { context: WizardContext }): StepCheckInput => ({
        path: step.check!,
        step: step.key,
        values: valuesOf(context.draft, step),
        ...(step.checkWith ? { earlier: Object.fromEntries(step.checkWith.map((key) => [key, valuesOf(context.draft, at(key))])) } : {}),
      });
      return {
        initial: 'editing',
        on: { ...moves, ...reset, EDIT: { actions: { type: 'takeValues' as const, params } } },
        states: {
          ...leaving,
          editing: { on: { ...onNext, ...onEdit } },
          ...(step.preview
            ? {
                previewing: {
                  on: { ...onNext, ...onEdit },
                  invoke: {
                    id: 'previewStep',
                    src: 'checkStep' as const,
                    input: checkInput,
                    onDone: [
                      {
                        guard: { type: 'accepted' as const, params: answerOf },
                        target: 'editing',
                        actions: [{ type: 'keepChecked' as const, params: ({ event }: { event: { output: ResponseEnvelope } }) => ({ ...answerOf({ event }), step: step.key }) }, 'clearMessages' as const],
                      },
                      { target: 'editing', actions: [{ type: 'forgetChecked' as const, params }, { type: 'showServerAnswer' as const, params: answerOf }] },
                    ],
                    onError: { target: 'editing', actions: { type: 'forgetChecked' as const, params } },
                  },
                },
              }
            : {}),
          ...(step.check
            ? {
                checking: {
                  invoke: {
                    id: 'checkStep',
                    src: 'checkStep' as const,
                    input: checkInput,
                    onDone: [
                      {
                        guard: { type: 'accepted' as const, params: answerOf },
                        target: 'leaving',
                        actions: { type: 'keepChecked' as const, params: ({ event }: { event: { output: ResponseEnvelope } }) => ({ ...answerOf({ event }), step: step.key }) },
                      },
                      { target: 'editing', actions: { type: 'showServerAnswer' as const, params: answerOf } },
                    ],
                    onError: { target: 'editing', actions: { type: 'showMessage' as const, params: { message: MESSAGES.SOMETHING_WENT_WRONG } } },
                  },
                },
              }
            : {}),
        },
      };
    }

    if (step.kind === 'list') {
      return {
        initial: 'rows',
        on: { ...moves, ...reset },
        states: {
          ...leaving,
          rows: {
            on: {
              ADD_ROW: [{ guard: { type: 'listFull' as const, params }, actions: { type: 'showListFull' as const, params } }, { target: 'row', actions: 'openNewRow' as const }],
              EDIT_ROW: { guard: { type: 'rowExists' as const, params }, target: 'row', actions: 'openRow' as const },
              REMOVE_ROW: { guard: { type: 'rowExists' as const, params }, actions: { type: 'removeRow' as const, params } },
              NEXT: [{ guard: { type: 'listInvalid' as const, params }, actions: { type: 'showListProblem' as const, params } }, { target: 'leaving', actions: 'clearMessages' as const }],
            },
          },
          row: {
            on: {
              SAVE_ROW: [{ guard: { type: 'rowInvalid' as const, params }, actions: { type: 'showRowErrors' as const, params } }, { target: 'rows', actions: { type: 'saveRow' as const, params } }],
              CANCEL_ROW: { target: 'rows', actions: 'clearMessages' as const },
            },
          },
        },
      };
    }

    // The summary: its check (the quote) asked on arrival with the whole draft; Submit sends the draft; a refusal
    // goes back to the step it names, with its messages.
    const draftOf = (context: WizardContext) => appliedDraft(wizard, context.draft, context.checked);
    const refusals = steps
      .filter((s) => s.kind !== 'summary')
      .map((s) => ({
        guard: { type: 'failedAt' as const, params: ({ event }: { event: { output: ResponseEnvelope } }) => ({ ...answerOf({ event }), step: s.key }) },
        target: target(s.key),
        actions: { type: 'showServerAnswer' as const, params: answerOf },
      }));
    return {
      initial: step.check ? 'quoting' : 'reviewing',
      on: moves,
      states: {
        ...(step.check
          ? {
              quoting: {
                entry: { type: 'forgetChecked' as const, params },
                on: reset,
                invoke: {
                  id: 'quoteDraft',
                  src: 'checkStep' as const,
                  input: ({ context }: { context: WizardContext }): StepCheckInput => ({ path: step.check!, step: step.key, values: draftOf(context) as FormValues }),
                  onDone: [
                    {
                      guard: { type: 'accepted' as const, params: answerOf },
                      target: 'reviewing',
                      actions: [{ type: 'keepChecked' as const, params: ({ event }: { event: { output: ResponseEnvelope } }) => ({ ...answerOf({ event }), step: step.key }) }, 'clearMessages' as const],
                    },
                    ...refusals,
                    { target: 'reviewing', actions: { type: 'showServerAnswer' as const, params: answerOf } },
                  ],
                  onError: { target: 'reviewing', actions: { type: 'showMessage' as const, params: { message: MESSAGES.SOMETHING_WENT_WRONG } } },
                },
              },
            }
          : {}),
        reviewing: { on: { ...reset, SUBMIT: 'submitting' } },
        submitting: {
          invoke: {
            id: 'submitDraft',
            src: 'submitDraft' as const,
            input: ({ context }: { context: WizardContext }): SubmitInput => ({ path: wizard.submit, draft: draftOf(context) }),
            onDone: [
              { guard: { type: 'accepted' as const, params: answerOf }, target: target('done'), actions: { type: 'keepResult' as const, params: answerOf } },
              ...refusals,
              { target: 'reviewing', actions: { type: 'showServerAnswer' as const, params: answerOf } },
            ],
            onError: { target: 'reviewing', actions: { type: 'showMessage' as const, params: { message: MESSAGES.SOMETHING_WENT_WRONG } } },
          },
        },
      },
    };
  };

  return machine.createMachine({
    id,
    context: fresh(0),
    initial: steps[0]!.key,
    states: {
      ...Object.fromEntries(steps.map((step, index) => [step.key, stepState(step, index)])),
      // Stored: the answer shows; Reset starts a new draft.
      done: { on: reset },
    },
    // The states come from the definition, so their names are not known to the type system.
  } as unknown as Parameters<typeof machine.createMachine>[0]);
}

export type WizardMachine = ReturnType<typeof createWizardMachine>;

/** The step the machine is on ('done' once stored), and its inner state ('editing', 'rows', 'row', ...). */
export function wizardPosition(value: unknown): { step: string; inner: string | undefined } {
  if (typeof value === 'string') return { step: value, inner: undefined };
  const [step, inner] = Object.entries(value as Record<string, unknown>)[0] ?? ['', undefined];
  return { step, inner: typeof inner === 'string' ? inner : undefined };
}
