// Registered view "order-tracking" (spec 001 §4.4): an order's tracking timeline, one per cycle (the original
// one, then each reorder's), a check with the date (DD/MM/YYYY) and 'Over SLA' (red) or 'On Time' (green) on
// each reached step and '-' on the others, in three layouts by width (one row from 992 px, two rows from
// 768 px, a vertical list below), and the destination table (No, Date, Send to, Address, tags).
import { useEffect, useState } from 'react';
import { Alert, Divider, Grid, Space, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { isSuccess } from '../../engine/api/envelope';
import { formatDate } from '../../engine/definition/format';
import { ORDER_TRACKING_PATH } from '../../engine/definition/views';
import {
  DESTINATION_COLUMNS,
  DESTINATION_REFERENCES,
  ORDER_TRACKING_TEXTS as T,
  addressText,
  destinationTags,
  sendToText,
  timelineCycles,
  type OrderDestination,
  type OrderTrackingData,
  type TimelineStep,
} from '../../domain/orderTracking';
import { useEngine } from '../../engine/render/EngineContext';
import type { RecordViewProps } from '../../engine/render/recordViews';
import { useReferenceLabels } from '../../engine/render/useReferenceLabels';

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
  const { call } = useEngine();
  const screens = Grid.useBreakpoint();
  const layout: Layout = screens.lg ? 'wide' : screens.md ? 'medium' : 'narrow';
  const orderid = record.orderid;
  const [data, setData] = useState<OrderTrackingData>();
  const [error, setError] = useState<string>();
  const references = useReferenceLabels(DESTINATION_REFERENCES, data?.destinations ?? []);

  useEffect(() => {
    let current = true;
    void call<OrderTrackingData>(ORDER_TRACKING_PATH, { data: { orderid } }).then((answer) => {
      if (!current) return;
      if (isSuccess(answer.status.responsecode) && answer.result) setData(answer.result);
      else setError(answer.status.responsemessage);
    });
    return () => {
      current = false;
    };
  }, [call, orderid]);

  if (error) return <Alert type="error" showIcon message={error} />;
  if (!data) return <Spin />;
  const cycles = timelineCycles(data);
  const destinations = data.destinations.map((d, i) => ({ ...d, no: i + 1 }));

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
          { title: DESTINATION_COLUMNS[3], key: 'address', render: (_: unknown, d) => addressText(d, (selector, value) => references.get(selector).get(value)) },
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
