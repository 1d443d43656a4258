// Outbound events (webhooks): the subscriptions staff configure, each event written in the transaction of the change
// it tells of, and one delivery row per subscription that wanted the event when it happened. The Webhook screen's
// definitions read the subscription and delivery columns (types as server/platform/resources/schemaSync.ts makes them);
// the signing secret is a column no definition names, so no list or detail answer ever carries it.
import type { CreateTableBuilder, Kysely } from 'kysely';

/** The audit columns every definition-built table has. */
const audit = (table: CreateTableBuilder<string, any>): CreateTableBuilder<string, any> =>
  table.addColumn('createdby', 'varchar(60)').addColumn('createddate', 'varchar(30)').addColumn('updatedby', 'varchar(60)').addColumn('updateddate', 'varchar(30)');

export async function up(db: Kysely<unknown>): Promise<void> {
  await audit(
    db.schema
      .createTable('webhook_subscription')
      .addColumn('webhookcode', 'varchar(23)', (c) => c.notNull())
      .addColumn('url', 'varchar(500)')
      .addColumn('eventtypes', 'text')
      .addColumn('active', 'integer')
      .addColumn('signingsecret', 'varchar(200)'),
  )
    .addPrimaryKeyConstraint('webhook_subscription_pk', ['webhookcode'])
    .execute();
  await db.schema
    .createTable('webhook_event')
    .addColumn('eventid', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('eventtype', 'varchar(40)', (c) => c.notNull())
    .addColumn('occurredat', 'varchar(30)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .execute();
  await audit(
    db.schema
      .createTable('webhook_delivery')
      .addColumn('webhookcode', 'varchar(23)', (c) => c.notNull())
      .addColumn('deliveryid', 'varchar(23)', (c) => c.notNull())
      .addColumn('eventid', 'varchar(36)')
      .addColumn('eventtype', 'varchar(40)')
      .addColumn('occurredat', 'varchar(30)')
      .addColumn('status', 'varchar(20)')
      .addColumn('attempts', 'bigint')
      .addColumn('nextattemptat', 'varchar(30)')
      .addColumn('lastresponsecode', 'bigint')
      .addColumn('lasterror', 'varchar(255)')
      .addColumn('deliveredat', 'varchar(30)'),
  )
    .addPrimaryKeyConstraint('webhook_delivery_pk', ['webhookcode', 'deliveryid'])
    .execute();
  // The delivery job's look for what is due.
  await db.schema.createIndex('webhook_delivery_due_idx').on('webhook_delivery').columns(['status', 'nextattemptat']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_delivery').ifExists().execute();
  await db.schema.dropTable('webhook_event').ifExists().execute();
  await db.schema.dropTable('webhook_subscription').ifExists().execute();
}
