// Mailing orders (spec 001 §3.6 and §4.4): card_order (0011) becomes every mailed order's row
// (a card from enrollment, a tier change or a reorder; a product a member bought), with its product, the
// vendor region it ships in and its current status's date and SLA verdict; each reached status is an
// order_tracking entry (status, reordernumber, date, isoversla) and each address it was sent to an
// order_destination row (the first is the default; a reorder's is the current one).
import type { Kysely } from 'kysely';
import { addSerialKey } from '../../../platform/db/columnTypes';

export async function up(db: Kysely<unknown>): Promise<void> {
  const add = (column: string, type: 'varchar(20)' | 'varchar(30)' | 'varchar(40)' | 'varchar(60)' | 'text' | 'integer' | 'bigint', dflt?: string | number) =>
    db.schema.alterTable('card_order').addColumn(column, type, (c) => (dflt === undefined ? c : c.notNull().defaultTo(dflt))).execute();
  // CARD or PRODUCT.
  await add('ordertype', 'varchar(20)', 'CARD');
  await add('mailingproductcode', 'varchar(20)');
  await add('regioncode', 'varchar(20)');
  // The member product purchase (or other source record) the order fulfils.
  await add('referenceid', 'varchar(40)');
  await add('quantity', 'bigint', 1);
  await add('statusdate', 'varchar(30)');
  // When the current SLA step (printing, packaging, delivery) began: the SLA's days count from here.
  await add('stepstartdate', 'varchar(30)');
  await add('isoversla', 'integer', 0);
  await add('worknotes', 'text');
  await add('updatedby', 'varchar(60)');
  await add('updateddate', 'varchar(30)');

  await addSerialKey(db, db.schema.createTable('order_tracking'), 'trackingid')
    .addColumn('orderid', 'integer', (c) => c.notNull().references('card_order.orderid'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('reordernumber', 'integer', (c) => c.notNull())
    .addColumn('date', 'varchar(30)', (c) => c.notNull())
    .addColumn('isoversla', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdby', 'varchar(60)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_tracking_order_idx').on('order_tracking').columns(['orderid', 'trackingid']).execute();

  await addSerialKey(db, db.schema.createTable('order_destination'), 'destinationid')
    .addColumn('orderid', 'integer', (c) => c.notNull().references('card_order.orderid'))
    .addColumn('reordernumber', 'integer', (c) => c.notNull())
    .addColumn('createddate', 'varchar(30)', (c) => c.notNull())
    // BO (a branch office to pick up at) or the member's own address (MEMBER).
    .addColumn('sendto', 'varchar(20)', (c) => c.notNull())
    .addColumn('address', 'varchar(255)')
    .addColumn('branchcode', 'varchar(20)')
    .addColumn('ticketoffice', 'varchar(20)')
    .addColumn('city', 'varchar(100)')
    .addColumn('state', 'varchar(100)')
    .addColumn('country', 'varchar(100)')
    .addColumn('postalcode', 'varchar(20)')
    .addColumn('isdefault', 'integer', (c) => c.notNull().defaultTo(0))
    // CURRENT while the order ships to it, else PREVIOUS.
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_destination_order_idx').on('order_destination').columns(['orderid', 'destinationid']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_destination').ifExists().execute();
  await db.schema.dropTable('order_tracking').ifExists().execute();
}
