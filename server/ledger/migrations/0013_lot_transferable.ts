// The ledger, transfers: a lot says whether its award miles may be transferred to another member.
// Miles a custom transaction type not valid for transfer credited (Custom Transaction's validfortransfer) stay
// with the member: a transfer takes only transferable lots, and the transferable balance is the balance less
// what is left of the others. Every lot before this migration was transferable.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ledger_lot').addColumn('transferable', 'integer', (c) => c.notNull().defaultTo(1).check(sql`transferable in (0, 1)`)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ledger_lot').dropColumn('transferable').execute();
}
