// Registered view "tier-standing" (the member profile's Member Tier sub-step, above the tier history): the
// current qualification period with the member's tier miles and segments in it, what the period's end would
// decide with them and why (every Mileage Criteria row looked at), and the tier the member held on a chosen day.
import { Alert, DatePicker, Descriptions, Divider, Space, Spin, Table, Tag, Typography } from 'antd';
import { formatDate, formatNumber } from '../../engine/definition/format';
import type { CriterionLine } from '../../engine/definition/views';
import type { RecordViewProps } from '../../engine/render/recordViews';
import { TIER_STANDING_TEXTS } from './tierStandingTexts';
import { useTierStandingController } from './useTierStandingController';

const OUTCOME_COLORS = { UPGRADE: 'green', MAINTAIN: 'blue', DOWNGRADE: 'orange' } as const;

export default function TierStandingView({ record }: RecordViewProps) {
  const { standing, error, held, typeLabels, tierName, lookUp } = useTierStandingController(String(record.memberid ?? ''));

  if (error) return <Alert type="error" showIcon message={error} />;
  if (!standing) return <Spin style={{ display: 'block', margin: 24 }} />;
  const decision = standing.periodend;
  const columns = [
    { title: 'Criteria', dataIndex: 'mileagecriteriaid', key: 'mileagecriteriaid' },
    { title: 'Tier', dataIndex: 'tierid', key: 'tierid', render: (v: string) => tierName(v) },
    { title: 'Type', dataIndex: 'type', key: 'type', render: (v: string) => typeLabels[v] ?? v },
    {
      title: 'Result',
      key: 'met',
      render: (_: unknown, c: CriterionLine) =>
        c.met ? <Tag color="green">{TIER_STANDING_TEXTS.met}</Tag> : <Tag>{c.applies ? TIER_STANDING_TEXTS.notMet : TIER_STANDING_TEXTS.notApplying}</Tag>,
    },
    { title: 'Why', dataIndex: 'why', key: 'why' },
  ];

  return (
    <div className="tier-standing">
      <Descriptions
        bordered
        size="small"
        column={2}
        items={[
          { key: 'period', label: TIER_STANDING_TEXTS.period, children: `${formatDate(standing.startperiod)} - ${formatDate(standing.endperiod)}` },
          {
            key: 'atend',
            label: TIER_STANDING_TEXTS.atEnd,
            children: decision ? <Tag color={OUTCOME_COLORS[decision.outcome]}>{TIER_STANDING_TEXTS.outcomes[decision.outcome].replace('{tier}', tierName(decision.tierid))}</Tag> : '–',
          },
          { key: 'tiermiles', label: TIER_STANDING_TEXTS.tiermiles, children: formatNumber(standing.tiermiles) },
          { key: 'segments', label: TIER_STANDING_TEXTS.segments, children: formatNumber(standing.segments) },
        ]}
      />
      {decision && decision.checks.length > 0 && (
        <>
          <Divider titlePlacement="start">{TIER_STANDING_TEXTS.criteria}</Divider>
          <Table rowKey="mileagecriteriaid" size="small" pagination={false} dataSource={decision.checks} columns={columns} />
        </>
      )}
      <Divider titlePlacement="start">{TIER_STANDING_TEXTS.asOf}</Divider>
      <Space>
        <DatePicker className="tier-as-of" format="DD/MM/YYYY" placeholder={TIER_STANDING_TEXTS.pickDay} onChange={(day) => void lookUp(day)} />
        {held?.text && <Typography.Text className="tier-as-of-answer">{held.text}</Typography.Text>}
        {held?.error && <Typography.Text type="danger" className="tier-as-of-answer">{held.error}</Typography.Text>}
      </Space>
    </div>
  );
}
