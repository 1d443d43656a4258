// Registered view "order-tracking" (spec 001 §4.4): an order's tracking timeline, one per cycle (the original
// one, then each reorder's), a check with the date (DD/MM/YYYY) and 'Over SLA' (red) or 'On Time' (green) on
// each reached step and '-' on the others, in three layouts by width (one row from 992 px, two rows from
// 768 px, a vertical list below), and the destination table (No, Date, Send to, Address, tags).
import { Alert, Divider, Grid, Space, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { formatDate } from '../../engine/definition/format';
import {
  DESTINATION_COLUMNS,
  ORDER_TRACKING_TEXTS as T,
  destinationTags,
  sendToText,
  type OrderDestination,
  type TimelineStep,
} from '../../domain/orderTracking';
import type { RecordViewProps } from '../../engine/render/recordViews';
import { useOrderTrackingController } from './useOrderTrackingController';

type Layout = 'wide' | 'medium' | 'narrow';

function StepCell({ step, index, layout, rowEnd }: { step: TimelineStep; index: number; layout: Layout; rowEnd: boolean }) {
  const reached = step.reached;
  const mark = reached ? <CheckCircleFilled className="order-step-check" aria-label="reached" /> : <span className="order-step-number">{index + 1}</span>;
  const sla = reached ? (
    <Tag color={reached.overSla ? 'red' : 'green'} className="order-step-sla">
      {reached.overSla ? T.overSla : T.onTime}
    </Tag>
  ) : null;
  return (
    <li className={`order-step ${reached ? 'order-step-reached' : 'order-step-open'}${rowEnd ? ' order-step-row-end' : ''}`} data-status={step.status} data-layout={layout}>
      <div className="order-step-mark">{mark}</div>
      <div className="order-step-body">
        <div className="order-step-label">{step.label}</div>
        <div className="order-step-date">{reached ? reached.date : T.unreached}</div>
        {sla}
      </div>
    </li>
  );
}

/** Steps per row: all in one from 992 px; from 768 px up to six a row (two rows for the original cycle). */
const columns = (layout: Layout, steps: number) => (layout === 'wide' ? steps : steps <= 6 ? steps : Math.ceil(steps / 2));

export default function OrderTrackingView({ record }: RecordViewProps) {
  const screens = Grid.useBreakpoint();
  const layout: Layout = screens.lg ? 'wide' : screens.md ? 'medium' : 'narrow';
  const { data, error, cycles, destinations, address } = useOrderTrackingController(record.orderid);

  if (error) return <Alert type="error" showIcon message={error} />;
  if (!data) return <Spin />;

  return (
    <div className="order-tracking" data-layout={layout}>
      {cycles.map((cycle) => (
        <section key={cycle.reordernumber} className="order-cycle" aria-label={cycle.reordernumber === 0 ? 'Tracking' : T.reorderCycle.replace('{n}', String(cycle.reordernumber))}>
          {cycle.reordernumber > 0 && <Typography.Title level={5}>{T.reorderCycle.replace('{n}', String(cycle.reordernumber))}</Typography.Title>}
          <ol className={`order-timeline order-timeline-${layout}`} style={layout === 'narrow' ? undefined : { gridTemplateColumns: `repeat(${columns(layout, cycle.steps.length)}, minmax(0, 1fr))` }}>
            {cycle.steps.map((step, i) => (
              <StepCell key={step.status} step={step} index={i} layout={layout} rowEnd={i === cycle.steps.length - 1 || i % columns(layout, cycle.steps.length) === columns(layout, cycle.steps.length) - 1} />
            ))}
          </ol>
        </section>
      ))}
      <Divider titlePlacement="start">{T.destinations}</Divider>
      <Table<OrderDestination & { no: number }>
        className="order-destinations"
        size="small"
        rowKey="no"
        pagination={false}
        tableLayout="fixed"
        dataSource={destinations}
        columns={[
          { title: DESTINATION_COLUMNS[0], dataIndex: 'no', width: 56 },
          { title: DESTINATION_COLUMNS[1], dataIndex: 'createdDate', width: 110, render: (v: string) => formatDate(v) },
          { title: DESTINATION_COLUMNS[2], dataIndex: 'sendto', width: 130, render: (_: unknown, d) => sendToText(d) },
          { title: DESTINATION_COLUMNS[3], key: 'address', render: (_: unknown, d) => address(d) },
          {
            title: DESTINATION_COLUMNS[4],
            key: 'tags',
            width: 110,
            render: (_: unknown, d) => (
              // Tags wrap inside their cell: the table never scrolls sideways, however narrow the page.
              <Space size={4} wrap>
                {destinationTags(d, data.destinations).map((tag) => (
                  <Tooltip key={tag.text} title={tag.tooltip}>
                    <Tag color={tag.text === T.returnTag ? 'orange' : 'blue'} style={{ marginInlineEnd: 0 }}>
                      {tag.text}
                    </Tag>
                  </Tooltip>
                ))}
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
