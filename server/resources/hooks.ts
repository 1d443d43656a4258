// What a definition-built resource cannot say as data: a domain module hooks into the generic resource
// API for its resource (a new user gets an unusable password and a link by e-mail; a role's grants live
// in their own table). Every hook runs inside the write's transaction; throwing an ApiError rolls it back.
import type { Kysely } from 'kysely';
import type { ActionContext } from '../core/action';
import type { Schema } from '../db/schema';
import type { Row } from './records';

export interface ResourceHooks {
  /** Column values of a new row beyond the definition's fields. */
  createColumns?(ctx: ActionContext): Promise<Row> | Row;
  /** The `stored: false` fields of a record, for the detail answer and the user log's before and after. */
  loadUnstored?(db: Kysely<Schema>, record: Row): Promise<Row>;
  /** Validates and saves the `stored: false` fields sent with a create or update. */
  saveUnstored?(ctx: ActionContext, trx: Kysely<Schema>, record: Row, values: Row): Promise<void>;
  /** After a new record is written (e.g. the e-mail that lets a new user set a password). */
  afterCreate?(ctx: ActionContext, trx: Kysely<Schema>, record: Row): Promise<void>;
  /**
   * After a record is updated, activated, deactivated, changed by a custom action (`after` set) or deleted
   * (`after` undefined), in its transaction, with the change visible: a rule about the resulting state
   * (someone must still be able to manage users) throws an ApiError and the change is rolled back.
   */
  checkChange?(ctx: ActionContext, trx: Kysely<Schema>, change: { before: Row; after?: Row }): Promise<void>;
}

export type HookRegistry = Readonly<Record<string, ResourceHooks>>;
