// The ledger's rows computed in memory, for the volume seed's bulk inserts: the same rows server/ledger
// writes for a credit, a debit, a transfer and the expiry job (lots taken soonest expiry first, then the
// oldest: ledgerRules.planLotUse), so `npm run ledger:check` holds on what the volume seed writes.
import type { Selectable } from 'kysely';
import type { LedgerTransactionRow } from '../platform/db/schema';
import { TRX_TYPES, planLotUse, type OpenLot } from '../ledger/ledgerRules';
import { addMonths, type MilesEvent } from './memberPopulation';

/** A ledger row as the volume seed writes it: the table's own row type. */
export type BookTransaction = Selectable<LedgerTransactionRow>;

export interface BookLot {
  lotid: number;
  memberid: string;
  expirydate: string;
  awardmiles: number;
  remaining: number;
}

/** What a credit or debit needs of an event. */
type BookEntry = Pick<MilesEvent, 'date' | 'awardmiles' | 'tiermiles' | 'segments' | 'source' | 'reason'> & { trxtype: string };

export interface BookBalance {
  awardmiles: number;
  tiermiles: number;
  frequency: number;
}

/** Rows of members' ledgers, trxids counted from `firstTrxid`. */
export class LedgerBook {
  readonly transactions: BookTransaction[] = [];
  readonly lots = new Map<number, BookLot>();
  readonly uses: { trxid: number; lotid: number; amount: number }[] = [];
  readonly balances = new Map<string, BookBalance>();
  private readonly open = new Map<string, BookLot[]>();
  /** Members with a lot expiring in a month ('YYYY-MM'), so an expiry run looks only at those. */
  private readonly dueByMonth = new Map<string, Set<string>>();
  private nextTrxid: number;

  constructor(
    firstTrxid: number,
    private readonly settings: { expiryMonths: number; transferExpiryMonths: number; user: string },
  ) {
    this.nextTrxid = firstTrxid;
  }

  get lastTrxid(): number {
    return this.nextTrxid - 1;
  }

  addMember(memberid: string): void {
    this.balances.set(memberid, { awardmiles: 0, tiermiles: 0, frequency: 0 });
    this.open.set(memberid, []);
  }

  has(memberid: string): boolean {
    return this.balances.has(memberid);
  }

  private row(memberid: string, trxtype: string, activitydate: string, award: number, tier: number, segments: number, extra: Partial<BookTransaction>, at: string): BookTransaction {
    const trx: BookTransaction = {
      trxid: this.nextTrxid++,
      memberid,
      trxtype,
      activitydate,
      awardmiles: award,
      tiermiles: tier,
      segments,
      expirydate: null,
      source: null,
      reason: null,
      relatedtrxid: null,
      mergedfrom: null,
      createdby: this.settings.user,
      createddate: at,
      ...extra,
    };
    this.transactions.push(trx);
    const balance = this.balances.get(memberid)!;
    balance.awardmiles += award;
    balance.tiermiles += tier;
    balance.frequency += segments;
    return trx;
  }

  credit(memberid: string, e: BookEntry, at: string, expirydate = addMonths(e.date, this.settings.expiryMonths), relatedtrxid: number | null = null): BookTransaction {
    const trx = this.row(memberid, e.trxtype, e.date, e.awardmiles, e.tiermiles, e.segments, { expirydate, source: e.source || null, reason: e.reason || null, relatedtrxid }, at);
    if (e.awardmiles > 0) {
      const lot = { lotid: trx.trxid, memberid, expirydate, awardmiles: e.awardmiles, remaining: e.awardmiles };
      this.lots.set(lot.lotid, lot);
      this.open.get(memberid)!.push(lot);
      const month = expirydate.slice(0, 7);
      let due = this.dueByMonth.get(month);
      if (!due) this.dueByMonth.set(month, (due = new Set()));
      due.add(memberid);
    }
    return trx;
  }

  /** A debit, or undefined (nothing written) when the balance does not cover it: the store refuses those too. */
  debit(memberid: string, e: BookEntry, at: string): BookTransaction | undefined {
    const balance = this.balances.get(memberid)!;
    if (balance.awardmiles < e.awardmiles || balance.tiermiles < e.tiermiles || balance.frequency < e.segments) return undefined;
    const trx = this.row(memberid, e.trxtype, e.date, -e.awardmiles, -e.tiermiles, -e.segments, { source: e.source || null, reason: e.reason || null }, at);
    this.take(memberid, trx.trxid, planLotUse(this.open.get(memberid)! as OpenLot[], e.awardmiles).takes);
    return trx;
  }

  private take(memberid: string, trxid: number, takes: { lotid: number; amount: number }[]) {
    for (const { lotid, amount } of takes) {
      this.lots.get(lotid)!.remaining -= amount;
      this.uses.push({ trxid, lotid, amount });
    }
    this.open.set(memberid, this.open.get(memberid)!.filter((l) => l.remaining > 0));
  }

  /** ledgerStore.transfer: TRANSFEROUT from one member, TRANSFERIN to the other, each naming the other. */
  transfer(from: string, to: string, e: MilesEvent, at: string): boolean {
    const out = this.debit(from, { ...e, trxtype: TRX_TYPES.TRANSFEROUT, tiermiles: 0, segments: 0 }, at);
    if (!out) return false;
    const into = this.credit(to, { ...e, trxtype: TRX_TYPES.TRANSFERIN, tiermiles: 0, segments: 0 }, at, addMonths(e.date, this.settings.transferExpiryMonths), out.trxid);
    out.relatedtrxid = into.trxid;
    return true;
  }

  /** ledgerStore.expireDue: per member (in memberid order), one EXPIRATION row taking every lot that expired before `today`. */
  expire(today: string, at: string): void {
    const month = today.slice(0, 7);
    const candidates = new Set<string>();
    for (const [key, members] of this.dueByMonth) {
      if (key > month) continue;
      for (const memberid of members) candidates.add(memberid);
      // Every lot of an earlier month is due now; the current month's may still hold lots due later.
      if (key < month) this.dueByMonth.delete(key);
    }
    for (const memberid of [...candidates].sort()) {
      const lots = this.open.get(memberid)!.filter((l) => l.expirydate < today).sort((a, b) => (a.expirydate < b.expirydate ? -1 : a.expirydate > b.expirydate ? 1 : a.lotid - b.lotid));
      const amount = lots.reduce((sum, l) => sum + l.remaining, 0);
      if (amount === 0) continue;
      const trx = this.row(memberid, TRX_TYPES.EXPIRATION, today, -amount, 0, 0, { source: 'expiry', reason: `Miles that expired before ${today}` }, at);
      this.take(memberid, trx.trxid, lots.map((l) => ({ lotid: l.lotid, amount: l.remaining })));
    }
  }
}

/**
 * The members' events in the order the demo seed writes them through the ledger: by date (then member,
 * then the member's order), the expiry run at the start of each month and once more today. `credited`
 * hears each credit's ledger row (the volume seed links an activity to the row that credited it).
 */
export function bookHistories(
  book: LedgerBook,
  members: readonly { memberid: string; index: number; events: readonly MilesEvent[] }[],
  today: string,
  credited?: (event: MilesEvent, trx: BookTransaction) => void,
): void {
  const events = members.flatMap((m) => m.events.map((event, n) => ({ memberid: m.memberid, index: m.index, n, event })));
  events.sort((a, b) => (a.event.date < b.event.date ? -1 : a.event.date > b.event.date ? 1 : a.index - b.index || a.n - b.n));
  let month = '';
  for (const { memberid, n, event } of events) {
    if (event.date.slice(0, 7) !== month) {
      month = event.date.slice(0, 7);
      book.expire(`${month}-01`, `${month}-01T00:30:00.000Z`);
    }
    const at = new Date(Date.parse(`${event.date}T02:00:00Z`) + (n % 600) * 60_000).toISOString();
    if (event.kind === 'credit') {
      const trx = book.credit(memberid, event, at);
      credited?.(event, trx);
    } else if (event.kind === 'debit') book.debit(memberid, event, at);
    else if (event.to && book.has(event.to)) book.transfer(memberid, event.to, event, at);
  }
  book.expire(today, `${today}T00:30:00.000Z`);
}
