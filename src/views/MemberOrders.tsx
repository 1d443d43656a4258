// Registered view "member-orders": the member page's mailing orders (cards from enrollment and tier
// changes, reorders, bought products), newest first, each row opening its tracking timeline (order-tracking).
import { useEffect, useState } from 'react';
import { Alert, Spin, Table, Tag } from 'antd';
import { isSuccess } from '../../engine/api/envelope';
import { formatDateTime } from '../../engine/definition/format';
import { isListScreen } from '../../engine/definition/screen';
import { MEMBER_ORDERS_PATH } from '../../engine/definition/views';
import { ORDER_TRACKING_TEXTS as T } from '../../domain/orderTracking';
import { useEngine } from '../../engine/render/EngineContext';
import type { RecordViewProps } from '../../engine/render/recordViews';
import OrderTrackingView from './OrderTracking';

interface MemberOrder {
  orderid: number;
  ordertype: string;
  reason: string;
  mailingproductcode: string | null;
  cardnumber: string;
  status: string;
  reordernumber: number;
  statusdate: string | null;
  isoversla: boolean;
}

/** The order screen whose field options label the statuses, types and reasons (declared once there). */
const ORDER_MENU = 'ORDTRACK';

export default function MemberOrders(props: RecordViewProps) {
  const { call, definitions } = useEngine();
  const memberid = String(props.record.memberid ?? '');
  const [orders, setOrders] = useState<MemberOrder[]>();
  const [error, setError] = useState<string>();
  const [labels, setLabels] = useState<Record<string, Record<string, string>>>({});

  useEffect(() => {
    let current = true;
    void definitions.loadPage(ORDER_MENU).then((page) => {
      if (!current || !isListScreen(page)) return;
      setLabels(Object.fromEntries(page.fields.filter((f) => f.options).map((f) => [f.name, Object.fromEntries(f.options!.map((o) => [String(o.value), o.label]))])));
    });
    return () => {
      current = false;
    };
  }, [definitions]);

  useEffect(() => {
    let current = true;
    void call<MemberOrder[]>(MEMBER_ORDERS_PATH, { data: { memberid } }).then((answer) => {
      if (!current) return;
      if (isSuccess(answer.status.responsecode) && answer.result) setOrders(answer.result);
      else setError(answer.status.responsemessage);
    });
    return () => {
      current = false;
    };
  }, [call, memberid]);

  if (error) return <Alert type="error" showIcon message={error} />;
  if (!orders) return <Spin />;
  const label = (field: string, value: string) => labels[field]?.[value] ?? value;
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
