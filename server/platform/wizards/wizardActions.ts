// The server side of every wizard page: its Submit (and each step's check on Next) guarded by the page's
// function code, the draft's shape and types checked, then every step checked with the same rules the
// browser ran, before domain code stores the draft in one transaction. Refusals name the step to go back to.
import type { Kysely } from 'kysely';
import { CODES } from '../../../engine/api/responseCodes';
import type { Catalogue } from '../../../engine/definition/catalogue';
import { WIZARD_SUBMIT_FUNCTION, resourceModel, type ResourceModel } from '../../../engine/definition/compile';
import type { ScreenDefinition, WizardPage } from '../../../engine/definition/screen';
import { WIZARD_TEXTS, compileWizard, draftProblem, stepByKey, validateStep, type Draft, type FormValues, type WizardModel, type WizardStepModel } from '../../../engine/definition/wizardPage';
import { formatMessage } from '../../../engine/rules';
import { defineAction, type Action, type ActionContext, type ActionResult, type JsonSchema } from '../core/action';
import { shownFieldsSchema, valuesData } from '../resources/resourceReference';
import { ApiError } from '../core/apiError';
import { groupCommitOf, type Transact } from '../db/groupCommit';
import type { Schema } from '../db/schema';
import { checkDataTypes } from '../resources/fieldValues';
import { toDb } from '../resources/records';
import { checkReferences } from '../resources/resourceActions';
import type { ResourceServices } from '../resources/resourceServices';

/** A domain refusal of a step (a code already taken): the answer names the step, the row and the fields. */
export class StepRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly step: string,
    readonly fields: Record<string, string> = {},
    readonly row?: number,
  ) {
    super(message);
    this.name = 'StepRefusal';
  }
}

export interface WizardServer {
  /** The wizard page's menu code. */
  menucode: string;
  /** Stores the checked draft in the submit's transaction; throws a StepRefusal to refuse, which stores nothing. */
  submit(ctx: ActionContext, trx: Kysely<Schema>, draft: Draft, wizard: WizardModel): Promise<ActionResult>;
  /**
   * Domain checks of a step's values on Next, by step key (the step's rules and references have passed). Values
   * a check answers (a transfer's names, balances and fee) are shown with the step on the summary.
   */
  checks?: Record<string, (ctx: ActionContext, values: FormValues, earlier: Record<string, FormValues>) => Promise<void | FormValues>>;
  /**
   * The summary's check (its quote): the whole draft, checked as Submit checks it, priced by the same domain code
   * Submit stores with, nothing stored. What it answers is what the clerk sees before Submit.
   */
  quote?(ctx: ActionContext, draft: Draft): Promise<FormValues>;
  /**
   * Submits share SQLite's commits (server/platform/db/groupCommit.ts): each submit still all or nothing, in a savepoint of
   * its own inside the shared transaction, answered once that has committed. For a wizard whose Submit is a hot path
   * (Redemption's Confirm); on PostgreSQL each submit keeps its own transaction.
   */
  groupCommit?: boolean;
  /** What Submit answers, for the API reference, where the page shows no result fields (a redemption and its certificates). */
  result?: JsonSchema;
  /** What a step's check answers, by step key, for the API reference, where the page shows no answer fields of it. */
  checkResults?: Record<string, JsonSchema>;
}

const DRAFT_OBJECT = { type: 'object', maxProperties: 50 };

const refused = (code: string, message: string, step: string, fields: Record<string, string>, row?: number): ActionResult => ({
  code,
  message,
  result: { step, ...(row === undefined ? {} : { row }), fields },
});

const isObject = (value: unknown): value is FormValues => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A step's form compiled once (compiling a model per call cost a sixth of a redemption's CPU). */
const formModels = new WeakMap<ScreenDefinition, ResourceModel>();
function formModel(form: ScreenDefinition): ResourceModel {
  let model = formModels.get(form);
  if (!model) formModels.set(form, (model = resourceModel(form)));
  return model;
}

/** One form's values: an object of the form's own fields, each of its type (a 1001 names the path otherwise). */
function checkedValues(step: WizardStepModel, value: unknown, path: string): FormValues {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw new ApiError(CODES.BAD_REQUEST, `Invalid request: ${path} must be an object`, 400);
  const known = new Set(step.form!.fields.map((f) => f.name));
  for (const name of Object.keys(value)) {
    if (!known.has(name)) throw new ApiError(CODES.BAD_REQUEST, `Invalid request: unknown field "${path}.${name}"`, 400);
  }
  checkDataTypes(formModel(step.form!), value, path);
  return value;
}

/** The draft as its steps expect it (form steps objects, list steps arrays of rows), or a 1001. */
export function checkedDraft(wizard: WizardModel, data: unknown): Draft {
  if (!isObject(data)) throw new ApiError(CODES.BAD_REQUEST, 'Invalid request: data must be an object', 400);
  for (const key of Object.keys(data)) {
    const step = stepByKey(wizard, key);
    if (!step || step.kind === 'summary') throw new ApiError(CODES.BAD_REQUEST, formatMessage(WIZARD_TEXTS.unknownStep, { step: key }), 400);
  }
  const draft: Draft = {};
  for (const step of wizard.steps) {
    const value = data[step.key];
    const path = `data.${step.key}`;
    // A step with a condition left out is not part of this flow (draftProblem and the domain decide).
    if (step.when && (value === undefined || value === null)) continue;
    if (step.kind === 'form') draft[step.key] = checkedValues(step, value, path);
    if (step.kind === 'list') {
      if (value !== undefined && value !== null && !Array.isArray(value)) throw new ApiError(CODES.BAD_REQUEST, `Invalid request: ${path} must be a list`, 400);
      const rows = (value ?? []) as unknown[];
      // More rows than the list takes is the rule's message; far more is not worth reading.
      if (rows.length > step.list!.max * 2) throw new ApiError(CODES.BAD_REQUEST, `Invalid request: ${path} has too many rows`, 400);
      draft[step.key] = rows.map((row, i) => {
        if (!isObject(row)) throw new ApiError(CODES.BAD_REQUEST, `Invalid request: ${path}.${i} must be an object`, 400);
        return checkedValues(step, row, `${path}.${i}`);
      });
    }
  }
  return draft;
}

/** Every reference field of a step's form (or of each row) names an existing record, or a StepRefusal says which. */
async function checkStepReferences(db: Kysely<Schema>, catalogue: Catalogue, step: WizardStepModel, draft: Draft): Promise<void> {
  const model = formModel(step.form!);
  if (!model.fields.some((f) => f.source)) return;
  const value = draft[step.key];
  const rows = Array.isArray(value) ? value : [value ?? {}];
  for (const [i, row] of rows.entries()) {
    const stored = Object.fromEntries(model.fields.map((field) => [field.name, toDb(field, row[field.name])]));
    try {
      await checkReferences(db, { catalogue } as ResourceServices, model, stored);
    } catch (error) {
      if (!(error instanceof ApiError) || !error.fields) throw error;
      const message = Array.isArray(value) ? formatMessage(WIZARD_TEXTS.rowProblem, { item: step.list!.itemLabel, row: i + 1, message: error.message }) : error.message;
      throw new StepRefusal(error.code, message, step.key, error.fields, Array.isArray(value) ? i : undefined);
    }
  }
}

/** The refusal of a draft some step of which is incomplete or wrong (draftProblem), naming the step and its fields. */
function incompleteDraft(wizard: WizardModel, draft: Draft): ActionResult | undefined {
  const problem = draftProblem(wizard, draft);
  return problem && refused(CODES.VALIDATION, problem.message, problem.step, problem.fields, problem.row);
}

/** Runs a domain step and answers a StepRefusal as a refusal envelope (its transaction has rolled back). */
async function refusing(run: () => Promise<ActionResult>): Promise<ActionResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof StepRefusal) return refused(error.code, error.message, error.step, error.fields, error.row);
    throw error;
  }
}

/** The Submit and the steps' checks of one wizard page, served under its paths and guarded by <menucode>_CREATE. */
export function wizardActions(catalogue: Catalogue, server: WizardServer): Action[] {
  const page = catalogue.pageByMenu.get(server.menucode);
  // A catalogue without the page (a test's own) serves none of its actions.
  if (!page) return [];
  if (page.kind !== 'wizard') throw new Error(`${server.menucode} is not a wizard page`);
  const wizard = compileWizard(page as WizardPage, catalogue);
  const guard = { function: `${wizard.menucode}_${WIZARD_SUBMIT_FUNCTION}` };

  // The draft as checkedDraft takes it: each step's values under its key, a list step's as rows.
  const draftReference = {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(
      wizard.steps.flatMap((step) => {
        if (!step.form || (step.kind !== 'form' && step.kind !== 'list')) return [];
        const values = valuesData(step.form);
        return [[step.key, { anyOf: [step.kind === 'form' ? values : { type: 'array', maxItems: step.list!.max, items: values }, { type: 'null' }] }]];
      }),
    ),
  };

  /** What an answer of the page holds, from the fields its definition shows of it. */
  const answered = (fields: WizardStepModel['answer'], what: string) => (fields ? { result: shownFieldsSchema(fields, `${wizard.menucode} ${what}`) } : {});

  /** An action on the whole draft: checked (a 1001 when malformed) and complete (a 1002 naming the step otherwise). */
  const draftAction = (path: string, shown: WizardStepModel['answer'], run: (ctx: ActionContext, draft: Draft) => Promise<ActionResult>) =>
    defineAction({
      path,
      guard,
      data: DRAFT_OBJECT,
      reference: {
        summary: `${page.title}: ${path === wizard.submit ? 'submit' : 'check'} the whole draft`,
        data: draftReference,
        description: "parameter.data holds each step's values under the step's key (a form's fields, a list's rows).",
        codes: [CODES.VALIDATION],
        ...(path === wizard.submit && !shown && server.result ? { result: server.result } : answered(shown, path === wizard.submit ? 'result' : 'quote')),
      },
      handler: async (ctx) => {
        const draft = checkedDraft(wizard, ctx.parameter.data);
        return incompleteDraft(wizard, draft) ?? run(ctx, draft);
      },
    });

  const submit = draftAction(wizard.submit, wizard.resultFields, async (ctx, draft) => {
    const transact: Transact = server.groupCommit ? groupCommitOf(ctx.db) : (work) => ctx.db.transaction().execute(work);
    const answer = await refusing(() =>
      transact(async (trx: Kysely<Schema>) => {
        for (const step of wizard.steps) if (step.kind !== 'summary') await checkStepReferences(trx, catalogue, step, draft);
        return server.submit(ctx, trx, draft, wizard);
      }),
    );
    // Mail the domain code queued in the transaction goes out once it has committed.
    ctx.mail.deliverSoon();
    return answer;
  });

  const checks = wizard.steps.flatMap((step) => {
    if (!step.check) return [];
    if (step.kind === 'summary') {
      return [
        draftAction(step.check, step.answer, async (ctx, draft) => {
          if (!server.quote) throw new Error(`${wizard.menucode}: the summary's check ${step.check} has no quote`);
          const quote = server.quote;
          return refusing(async () => {
            for (const each of wizard.steps) if (each.kind !== 'summary') await checkStepReferences(ctx.db, catalogue, each, draft);
            return { result: await quote(ctx, draft) };
          });
        }),
      ];
    }
    return [
      defineAction({
        path: step.check,
        guard,
        data: DRAFT_OBJECT,
        reference: {
          // A check neither the page nor the domain says an answer of answers success alone.
          summary: `${page.title}: check the step ${step.key}${step.answer || server.checkResults?.[step.key] ? '' : '; answers no result'}`,
          codes: [CODES.VALIDATION],
          ...(server.checkResults?.[step.key] ? { result: server.checkResults[step.key] } : answered(step.answer, `${step.key} answer`)),
        },
        handler: async (ctx) => {
          // A step with checkWith sends { values, earlier: { <step>: values } }: each part checked as its step's form.
          const sent = ctx.parameter.data;
          if (step.checkWith && !isObject(sent)) throw new ApiError(CODES.BAD_REQUEST, 'Invalid request: data must be an object', 400);
          const values = checkedValues(step, step.checkWith ? (sent as FormValues).values : sent, step.checkWith ? 'data.values' : 'data');
          const earlier: Record<string, FormValues> = {};
          for (const key of step.checkWith ?? []) {
            const given = (sent as { earlier?: unknown }).earlier;
            earlier[key] = checkedValues(stepByKey(wizard, key)!, isObject(given) ? given[key] : undefined, `data.earlier.${key}`);
          }
          const fields = validateStep(step, values);
          const first = Object.values(fields)[0];
          if (first) return refused(CODES.VALIDATION, first, step.key, fields);
          return refusing(async () => {
            await checkStepReferences(ctx.db, catalogue, step, { [step.key]: values });
            const answered = await server.checks?.[step.key]?.(ctx, values, earlier);
            return answered ? { result: answered } : {};
          });
        },
      }),
    ];
  });
  return [submit, ...checks];
}

/** Every wizard page's Submit and checks must be served, guarded by its CREATE code: the problems, one line each. */
export function unservedWizards(catalogue: Catalogue, actions: readonly Action[]): string[] {
  const byPath = new Map(actions.map((a) => [a.path, a]));
  const problems: string[] = [];
  for (const page of catalogue.pages) {
    if (page.kind !== 'wizard') continue;
    const code = `${page.menucode}_${WIZARD_SUBMIT_FUNCTION}`;
    const paths = [page.submit, ...page.steps.flatMap((step) => (step.check ? [step.check] : []))];
    for (const path of paths) {
      const served = byPath.get(path);
      if (!served) problems.push(`${page.menucode}: wizard action ${path} is not served (server/platform/wizards/wizardActions.ts)`);
      else if (typeof served.guard !== 'object' || served.guard.function !== code) problems.push(`${page.menucode}: ${path} must be guarded by ${code}`);
    }
  }
  return problems;
}
