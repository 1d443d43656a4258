// What a definition-built resource cannot say as data: a domain module hooks into the generic resource
// API for its resource (a new user gets an unusable password and a link by e-mail; a role's grants live
// in their own table). Every hook runs inside the write's transaction; throwing an ApiError rolls it back.
import type { Kysely } from 'kysely';
import type { ActionContext, JsonSchema } from '../core/action';
import type { Schema } from '../db/schema';
import type { Row } from './records';

export interface ResourceHooks {
  /** Column values of a new row beyond the definition's fields. */
  createColumns?(ctx: ActionContext): Promise<Row> | Row;
  /**
   * Fields of a new record the domain derives from its checked values before its key is checked (the member of a
   * retro claim's card, a key field the form does not ask for), in the create's transaction; an ApiError refuses it.
   */
  deriveColumns?(ctx: ActionContext, trx: Kysely<Schema>, values: Row): Promise<Row>;
  /** The `stored: false` fields of a record, for the detail answer and the user log's before and after. */
  loadUnstored?(db: Kysely<Schema>, record: Row): Promise<Row>;
  /** Validates and saves the `stored: false` fields sent with a create or update. */
  saveUnstored?(ctx: ActionContext, trx: Kysely<Schema>, record: Row, values: Row): Promise<void>;
  /**
   * Column values a change of a record adds to the caller's `changes` (a full name made from the names, a
   * check's status set again), in its transaction before the row is written; an ApiError refuses the change.
   */
  changeColumns?(ctx: ActionContext, trx: Kysely<Schema>, change: { before: Row; changes: Row }): Promise<Row | undefined> | Row | undefined;
  /** After a new record is written (e.g. the e-mail that lets a new user set a password). */
  afterCreate?(ctx: ActionContext, trx: Kysely<Schema>, record: Row): Promise<void>;
  /**
   * Values the create's answer carries once, after the user log is written, that nothing keeps or logs (a new API
   * client's first secret, stored only as its hash), in the create's transaction.
   */
  revealOnCreate?(ctx: ActionContext, trx: Kysely<Schema>, record: Row): Promise<Row>;
  /**
   * The create's answer when the domain says more than that the record was made (a purchase waiting for approval
   * names who may approve it), after the create's transaction.
   */
  createdMessage?(ctx: ActionContext, record: Row): Promise<string>;
  /**
   * After a record is updated, activated, deactivated, changed by a custom action (`after` set) or deleted
   * (`after` undefined), in its transaction, with the change visible: a rule about the resulting state
   * (someone must still be able to manage users) throws an ApiError and the change is rolled back.
   */
  checkChange?(ctx: ActionContext, trx: Kysely<Schema>, change: { before: Row; after?: Row }): Promise<void>;
  /**
   * The list's Upload when a file is not new records (an activity file is kept, then processed): the hook takes
   * the file and answers as the upload action does (a refusal as { code, message, result.report }).
   */
  upload?(ctx: ActionContext, file: { filename: string; content: string }): Promise<{ code?: string; message: string; result?: unknown }>;
  /** What that upload answers on success, for the API reference. */
  uploadResult?: JsonSchema;
  /**
   * An upload's rows that passed their fields' rules and keys, checked against what only the domain knows (a
   * card no member holds): each problem names the row's index in `rows`, a field and a message, and the file
   * is then refused whole like any bad file.
   */
  checkUpload?(db: Kysely<Schema>, rows: Row[]): Promise<UploadProblem[]>;
}

export interface UploadProblem {
  index: number;
  field: string;
  message: string;
}

export type HookRegistry = Readonly<Record<string, ResourceHooks>>;

/**
 * Hook registries of several modules as one: where two name the same resource, both hooks run, in the order
 * given (column values and unstored fields merged, the later module's winning a name both set).
 */
export function combineHooks(...registries: HookRegistry[]): HookRegistry {
  const combined: Record<string, ResourceHooks> = {};
  for (const registry of registries) {
    for (const [resource, hooks] of Object.entries(registry)) combined[resource] = combined[resource] ? bothHooks(combined[resource], hooks) : hooks;
  }
  return combined;
}

function bothHooks(a: ResourceHooks, b: ResourceHooks): ResourceHooks {
  const merged = async <T extends object>(x: Promise<T | undefined> | T | undefined, y: () => Promise<T | undefined> | T | undefined): Promise<T | undefined> => {
    const first = await x;
    const second = await y();
    return first || second ? ({ ...first, ...second } as T) : undefined;
  };
  const hooks: ResourceHooks = {};
  if (a.createColumns || b.createColumns) hooks.createColumns = async (ctx) => (await merged(a.createColumns?.(ctx), () => b.createColumns?.(ctx))) ?? {};
  if (a.deriveColumns || b.deriveColumns) hooks.deriveColumns = async (ctx, trx, values) => (await merged(a.deriveColumns?.(ctx, trx, values), () => b.deriveColumns?.(ctx, trx, values))) ?? {};
  if (a.loadUnstored || b.loadUnstored) hooks.loadUnstored = async (db, record) => (await merged(a.loadUnstored?.(db, record), () => b.loadUnstored?.(db, record))) ?? {};
  if (a.saveUnstored || b.saveUnstored) {
    hooks.saveUnstored = async (ctx, trx, record, values) => {
      await a.saveUnstored?.(ctx, trx, record, values);
      await b.saveUnstored?.(ctx, trx, record, values);
    };
  }
  if (a.changeColumns || b.changeColumns) hooks.changeColumns = (ctx, trx, change) => merged(a.changeColumns?.(ctx, trx, change), () => b.changeColumns?.(ctx, trx, change));
  if (a.afterCreate || b.afterCreate) {
    hooks.afterCreate = async (ctx, trx, record) => {
      await a.afterCreate?.(ctx, trx, record);
      await b.afterCreate?.(ctx, trx, record);
    };
  }
  if (a.revealOnCreate || b.revealOnCreate) hooks.revealOnCreate = async (ctx, trx, record) => (await merged(a.revealOnCreate?.(ctx, trx, record), () => b.revealOnCreate?.(ctx, trx, record))) ?? {};
  if (a.createdMessage || b.createdMessage) hooks.createdMessage = b.createdMessage ?? a.createdMessage;
  if (a.checkUpload || b.checkUpload) hooks.checkUpload = async (db, rows) => [...((await a.checkUpload?.(db, rows)) ?? []), ...((await b.checkUpload?.(db, rows)) ?? [])];
  if (a.upload || b.upload) hooks.upload = b.upload ?? a.upload;
  if (a.uploadResult || b.uploadResult) hooks.uploadResult = b.uploadResult ?? a.uploadResult;
  if (a.checkChange || b.checkChange) {
    hooks.checkChange = async (ctx, trx, change) => {
      await a.checkChange?.(ctx, trx, change);
      await b.checkChange?.(ctx, trx, change);
    };
  }
  return hooks;
}
