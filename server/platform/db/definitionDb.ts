// The database as the definition-built tables see it. Their columns come from screens/*.json at run time, so
// the Schema type (server/platform/db/schema.ts) lists only the core tables and a query on any other goes through an
// untyped Kysely: this is that one widening, named for what it is, instead of a cast at every query.
import type { Kysely } from 'kysely';
import type { Schema } from './schema';

/** The same connection or transaction, untyped, for the tables the screen definitions build. */
export const definitionDb = (db: Kysely<Schema>): Kysely<any> => db;
