// The ledger, second step: a lot use remembers how much of it a redeposit gave back, so the
// debit's record of which lots it took stays whole while the lot's remaining amount is restored; and a
// debit finds a member's open lots in expiry order without walking the ones already spent.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ledger_lot_use').addColumn('returned', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`returned >= 0`)).execute();
  await db.schema.createIndex('ledger_lot_member_open_idx').on('ledger_lot').columns(['memberid', 'expirydate', 'lotid']).where(sql.ref('remaining'), '>', 0).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ledger_lot_member_open_idx').ifExists().execute();
  await db.schema.alterTable('ledger_lot_use').dropColumn('returned').execute();
}
