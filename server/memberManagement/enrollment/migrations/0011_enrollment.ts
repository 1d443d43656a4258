// Individual enrollment: the card orders a new card makes (one per enrolled member, reason
// ENROLLMENT, reorder 0, paid: PAYMENT_SUCCESS), for the mailing issue's printing, packing and delivery to
// pick up. The card number ranges and the suspect duplicates are definition-built tables (Card Inventory,
// Suspect Duplicate); their tables are made from their screens.
import type { Kysely } from 'kysely';
import { addSerialKey } from '../../../platform/db/columnTypes';

export async function up(db: Kysely<unknown>): Promise<void> {
  await addSerialKey(db, db.schema.createTable('card_order'), 'orderid')
    .addColumn('memberid', 'varchar(20)', (c) => c.notNull().references('member.memberid'))
    .addColumn('cardnumber', 'varchar(45)', (c) => c.notNull())
    .addColumn('membershipid', 'varchar(20)', (c) => c.notNull())
    .addColumn('tierid', 'varchar(20)', (c) => c.notNull())
    .addColumn('nameoncard', 'varchar(255)')
    // ENROLLMENT; later REPLACEMENT, TIERCHANGE, REORDER ...
    .addColumn('reason', 'varchar(20)', (c) => c.notNull())
    // The order tracking states of spec 001 §4.4, from PAYMENT_SUCCESS.
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('reordernumber', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdby', 'varchar(60)', (c) => c.notNull())
    .addColumn('createddate', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('card_order_member_idx').on('card_order').column('memberid').execute();
  await db.schema.createIndex('card_order_status_idx').on('card_order').columns(['status', 'orderid']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('card_order').ifExists().execute();
}
