// Segment keys read the flight number as the rating engine does (domain/flightIdentity.ts): 'XK101', '0101'
// and '101' of carrier XK are one flight. Keys stored before kept a carrier prefix, so they are rewritten; where two
// stored keys are now one flight (the same segment credited twice under both spellings), the earlier claim keeps it.
import type { Kysely } from 'kysely';
import { normalisedSegmentKey } from '../../../../domain/flightIdentity';

const PAGE = 5000;

interface SegmentRow {
  segmentkey: string;
  createddate: string;
}

export async function up(db: Kysely<any>): Promise<void> {
  let after = '';
  for (;;) {
    // Keyset pages: a rewritten key sorts before its old spelling ('101' < 'XK101'), so no row is read twice for nothing.
    const rows = (await db.selectFrom('accrual_segment').select(['segmentkey', 'createddate']).where('segmentkey', '>', after).orderBy('segmentkey').limit(PAGE).execute()) as SegmentRow[];
    if (rows.length === 0) return;
    after = rows[rows.length - 1].segmentkey;
    for (const row of rows) {
      const key = normalisedSegmentKey(row.segmentkey);
      if (key === undefined || key === row.segmentkey) continue;
      // The migrator holds the transaction (PostgreSQL) or the only connection (SQLite).
      const holder = (await db.selectFrom('accrual_segment').select(['segmentkey', 'createddate']).where('segmentkey', '=', key).executeTakeFirst()) as SegmentRow | undefined;
      if (!holder) await db.updateTable('accrual_segment').set({ segmentkey: key }).where('segmentkey', '=', row.segmentkey).execute();
      else if (row.createddate < holder.createddate) {
        // Both spellings were claimed: the earlier claim holds the one key.
        await db.deleteFrom('accrual_segment').where('segmentkey', '=', key).execute();
        await db.updateTable('accrual_segment').set({ segmentkey: key }).where('segmentkey', '=', row.segmentkey).execute();
      } else await db.deleteFrom('accrual_segment').where('segmentkey', '=', row.segmentkey).execute();
    }
  }
}

/** The rewrite is not undone: the old keys spelled one flight two ways, which is what it corrects. */
export async function down(): Promise<void> {}
