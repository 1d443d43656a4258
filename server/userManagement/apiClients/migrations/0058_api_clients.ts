// API clients' secrets (only their SHA-256 is kept), the bearer tokens the secrets buy (hashed too), and each
// client's count of calls in the current minute (its rate limit). The clients themselves are the API Client
// screen's resource (api_client, made from its definition).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_client_secret')
    .addColumn('secretid', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('clientid', 'varchar(40)', (c) => c.notNull())
    .addColumn('secrethash', 'varchar(64)', (c) => c.notNull())
    .addColumn('createdat', 'varchar(30)', (c) => c.notNull())
    .addColumn('createdby', 'varchar(60)', (c) => c.notNull())
    // Set when a newer secret is issued: the overlap during which the old one still works.
    .addColumn('validuntil', 'varchar(30)')
    .addColumn('revokedat', 'varchar(30)')
    .execute();
  await db.schema.createIndex('api_client_secret_client_idx').on('api_client_secret').columns(['clientid']).execute();
  await db.schema
    .createTable('api_client_token')
    .addColumn('tokenhash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('clientid', 'varchar(40)', (c) => c.notNull())
    .addColumn('secretid', 'varchar(20)', (c) => c.notNull())
    .addColumn('createdat', 'varchar(30)', (c) => c.notNull())
    .addColumn('expiresat', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_client_token_client_idx').on('api_client_token').columns(['clientid', 'expiresat']).execute();
  await db.schema
    .createTable('api_client_rate')
    .addColumn('clientid', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('windowstart', 'varchar(30)', (c) => c.notNull())
    .addColumn('calls', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['api_client_rate', 'api_client_token', 'api_client_secret']) await db.schema.dropTable(table).ifExists().execute();
}
