// The transaction lots view's data: the lots one ledger row created or consumed, and its accrual detail.
import { TRANSACTION_LOTS_PATH, type TransactionLots } from '../../engine/definition/views';
import { useResultQuery } from '../../engine/render/controllers/useResultQuery';

type Row = Record<string, unknown>;

export function useTransactionLotsController(record: Row) {
  const { result: lots, error } = useResultQuery<TransactionLots>(TRANSACTION_LOTS_PATH, { memberid: record.memberid, trxid: Number(record.trxid) });
  return { lots, error };
}
