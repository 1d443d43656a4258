// Registered view "transaction-lots" (the member's transaction detail page, /member/form/{ID}/transaction/
// detail/{trxid}): below the ledger row itself, the lot a credit created (what is left of it, and which
// debits took from it) or the lots a debit consumed, soonest expiry first, who or what produced it, and an
// accrual's criteria (each rule and the miles it gave).
import { Alert, Descriptions, Divider, Empty, Spin, Table, Tag } from 'antd';
import { formatDate, formatDateTime, formatNumber } from '../../engine/definition/format';
import type { DetailLine } from '../../engine/definition/views';
import type { RecordViewProps } from '../../engine/render/recordViews';
import { useTransactionLotsController } from './useTransactionLotsController';

export default function TransactionLotsView({ screen, record }: RecordViewProps) {
  const { lots, error } = useTransactionLotsController(record);
  const typeLabel = (code: string) => screen.fields.find((f) => f.name === 'trxtype')?.options?.find((o) => o.value === code)?.label ?? code;

  const columns = (amountTitle: string) => [
    { title: 'Lot', dataIndex: 'lotid', key: 'lotid' },
    { title: 'Transaction', dataIndex: 'trxid', key: 'trxid' },
    { title: 'Type', dataIndex: 'trxtype', key: 'trxtype', render: (v: string) => <Tag>{typeLabel(v)}</Tag> },
    { title: 'Activity Date', dataIndex: 'activitydate', key: 'activitydate', render: (v: string) => formatDate(v) },
    { title: 'Expiry Date', dataIndex: 'expirydate', key: 'expirydate', render: (v: string | null) => (v ? formatDate(v) : '–') },
    { title: amountTitle, dataIndex: 'amount', key: 'amount', align: 'right' as const, render: (v: number) => formatNumber(v) },
  ];

  return (
    <div className="transaction-lots">
      <Divider titlePlacement="start">Produced By</Divider>
      <Descriptions
        bordered
        size="small"
        column={2}
        items={[
          { key: 'createdby', label: 'User', children: String(record.createdby ?? '–') },
          { key: 'createddate', label: 'Recorded At', children: formatDateTime(record.createddate) || '–' },
          { key: 'source', label: 'Source', children: String(record.source ?? '–') },
          { key: 'reason', label: 'Reason', children: String(record.reason ?? '–') },
        ]}
      />
      {error && <Alert type="error" showIcon message={error} style={{ marginTop: 16 }} />}
      {!lots && !error && <Spin style={{ display: 'block', margin: 24 }} />}
      {lots && (
        <>
          {lots.detail.length > 0 && (
            <>
              <Divider titlePlacement="start">Accrual Detail</Divider>
              <Table
                rowKey={(d) => String(d.lineno)}
                size="small"
                pagination={false}
                dataSource={lots.detail}
                columns={[
                  { title: 'Criterion', dataIndex: 'criterion', key: 'criterion', render: (v: string) => <Tag>{v}</Tag> },
                  { title: 'Rule', key: 'rule', render: (_: unknown, d: DetailLine) => `${d.ruletype} ${d.rulecode}` },
                  { title: 'Description', dataIndex: 'description', key: 'description' },
                  { title: 'Award Miles', dataIndex: 'awardmiles', key: 'awardmiles', align: 'right' as const, render: (v: number) => formatNumber(v) },
                  { title: 'Tier Miles', dataIndex: 'tiermiles', key: 'tiermiles', align: 'right' as const, render: (v: number) => formatNumber(v) },
                  { title: 'Segments', dataIndex: 'segments', key: 'segments', align: 'right' as const, render: (v: number) => formatNumber(v) },
                ]}
              />
            </>
          )}
          {lots.created && (
            <>
              <Divider titlePlacement="start">Lot Created</Divider>
              <Descriptions
                bordered
                size="small"
                column={2}
                items={[
                  { key: 'lotid', label: 'Lot', children: lots.created.lotid },
                  { key: 'expirydate', label: 'Expiry Date', children: formatDate(lots.created.expirydate) },
                  { key: 'awardmiles', label: 'Award Miles', children: formatNumber(lots.created.awardmiles) },
                  { key: 'remaining', label: 'Remaining', children: formatNumber(lots.created.remaining) },
                ]}
              />
              <Divider titlePlacement="start">Consumed By</Divider>
              {lots.consumedBy.length ? (
                <Table rowKey={(l) => `${l.trxid}-${l.lotid}`} size="small" pagination={false} dataSource={lots.consumedBy} columns={columns('Miles Taken')} />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No debit has taken miles from this lot" />
              )}
            </>
          )}
          {!lots.created && (
            <>
              <Divider titlePlacement="start">Lots Consumed</Divider>
              {lots.consumed.length ? (
                <Table rowKey={(l) => `${l.lotid}`} size="small" pagination={false} dataSource={lots.consumed} columns={columns('Miles Taken')} />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="This transaction created or consumed no lot" />
              )}
            </>
          )}
        </>
      )}
    </div>
  );
}
