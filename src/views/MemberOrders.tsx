// Registered view "member-orders": the member page's mailing orders (cards from enrollment and tier
// changes, reorders, bought products), newest first, each row opening its tracking timeline (order-tracking).
import { Alert, Spin, Table, Tag } from 'antd';
import { formatDateTime } from '../../engine/definition/format';
import { ORDER_TRACKING_TEXTS as T } from '../../domain/orderTracking';
import type { RecordViewProps } from '../../engine/render/recordViews';
import OrderTrackingView from './OrderTracking';
import { useMemberOrdersController, type MemberOrder } from './useMemberOrdersController';

export default function MemberOrders(props: RecordViewProps) {
  const { orders, error, label } = useMemberOrdersController(String(props.record.memberid ?? ''));

  if (error) return <Alert type="error" showIcon message={error} />;
  if (!orders) return <Spin />;
  return (
    <Table<MemberOrder>
      className="member-orders"
      size="small"
      rowKey="orderid"
      dataSource={orders}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      expandable={{ expandedRowRender: (order) => <OrderTrackingView {...props} record={{ orderid: order.orderid }} /> }}
      columns={[
        { title: 'Order ID', dataIndex: 'orderid', width: 90 },
        { title: 'Order Type', dataIndex: 'ordertype', width: 100, render: (v: string) => label('ordertype', v) },
        { title: 'Reason', dataIndex: 'reason', width: 130, render: (v: string) => label('reason', v) },
        { title: 'Mailing Product', dataIndex: 'mailingproductcode', width: 140 },
        { title: 'Card Number', dataIndex: 'cardnumber', width: 130 },
        { title: 'Status', dataIndex: 'status', width: 150, render: (v: string) => label('status', v) },
        { title: 'Status Date', dataIndex: 'statusdate', width: 160, render: (v: string | null) => formatDateTime(v) },
        { title: 'SLA', dataIndex: 'isoversla', width: 90, render: (over: boolean) => <Tag color={over ? 'red' : 'green'}>{over ? T.overSla : T.onTime}</Tag> },
      ]}
    />
  );
}
