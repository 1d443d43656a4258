// The ledger's outbound events: every posting through the ledger (credit, debit, reverse, transfer) is heard here,
// inside its transaction, and each row that moved award miles becomes miles.credited or miles.debited for the
// webhooks that want them. One listener, so every route that posts miles tells of it without a line of its own.
import type { LedgerListener } from '../platform/core/ledgerListeners';
import { definitionDb } from '../platform/db/definitionDb';
import { anyoneWants, publishEvents } from '../platform/webhooks/webhookEvents';
import { WEBHOOK_EVENTS } from '../platform/webhooks/webhookRules';

export const ledgerEventListener: LedgerListener = {
  name: 'ledger-events',
  async onWrite(trx, write) {
    const moved = write.rows.filter((row) => Number(row.awardmiles) !== 0);
    if (moved.length === 0 || !(await anyoneWants(trx, [WEBHOOK_EVENTS.milesCredited, WEBHOOK_EVENTS.milesDebited]))) return;
    const members = (await definitionDb(trx)
      .selectFrom('member')
      .select(['memberid', 'cardnumber', 'awardmiles'])
      .where('memberid', 'in', [...new Set(moved.map((row) => row.memberid))])
      .execute()) as { memberid: string; cardnumber: string | null; awardmiles: unknown }[];
    const byId = new Map(members.map((m) => [m.memberid, m]));
    await publishEvents(
      trx,
      moved.map((row) => {
        const member = byId.get(row.memberid);
        const miles = Number(row.awardmiles);
        return {
          type: miles > 0 ? WEBHOOK_EVENTS.milesCredited : WEBHOOK_EVENTS.milesDebited,
          payload: {
            trxid: Number(row.trxid),
            memberid: row.memberid,
            cardnumber: member?.cardnumber ?? null,
            operation: write.operation,
            trxtype: row.trxtype,
            activitydate: row.activitydate,
            miles: Math.abs(miles),
            tiermiles: Number(row.tiermiles),
            // The member's award miles once the whole posting is written.
            balance: member ? Number(member.awardmiles) : null,
            source: row.source,
          },
        };
      }),
      write.now,
    );
  },
};
