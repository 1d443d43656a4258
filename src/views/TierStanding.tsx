// Registered view "tier-standing" (the member profile's Member Tier sub-step, above the tier history): the
// current qualification period with the member's tier miles and segments in it, what the period's end would
// decide with them and why (every Mileage Criteria row looked at), and the tier the member held on a chosen day.
import { useEffect, useState } from 'react';
import { Alert, DatePicker, Descriptions, Divider, Space, Spin, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { isSuccess } from '../../engine/api/envelope';
import { formatDate, formatNumber } from '../../engine/definition/format';
import { isListScreen } from '../../engine/definition/screen';
import { TIER_STANDING_PATHS, type CriterionLine, type TierHeld, type TierStanding } from '../../engine/definition/views';
import { useEngine } from '../../engine/render/EngineContext';
import type { RecordViewProps } from '../../engine/render/recordViews';
import { TIER_STANDING_TEXTS } from './tierStandingTexts';


const OUTCOME_COLORS = { UPGRADE: 'green', MAINTAIN: 'blue', DOWNGRADE: 'orange' } as const;
/** The screen of the criteria: their type labels are its field's options. */
const MILEAGE_CRITERIA_MENU = 'MILCRIT';

export default function TierStandingView({ record }: RecordViewProps) {
  const { call, definitions } = useEngine();
  const memberid = String(record.memberid ?? '');
  const [standing, setStanding] = useState<TierStanding>();
  const [error, setError] = useState<string>();
  const [held, setHeld] = useState<{ text?: string; error?: string }>();
  const [typeLabels, setTypeLabels] = useState<Record<string, string>>({});

  useEffect(() => {
    let current = true;
    void definitions.loadPage(MILEAGE_CRITERIA_MENU).then((page) => {
      const options = isListScreen(page) ? (page.fields.find((f) => f.name === 'type')?.options ?? []) : [];
      if (current) setTypeLabels(Object.fromEntries(options.map((o) => [String(o.value), o.label])));
    });
    return () => {
      current = false;
    };
  }, [definitions]);

  useEffect(() => {
    let current = true;
    void call<TierStanding>(TIER_STANDING_PATHS.qualification, { data: { memberid } }).then((answer) => {
      if (!current) return;
      if (isSuccess(answer.status.responsecode) && answer.result) setStanding(answer.result);
      else setError(answer.status.responsemessage);
    });
    return () => {
      current = false;
    };
  }, [call, memberid]);

  const tierName = (tierid: string) => standing?.tiernames[tierid] ?? tierid;

  async function lookUp(day: Dayjs | null) {
    if (!day) return setHeld(undefined);
    const answer = await call<TierHeld>(TIER_STANDING_PATHS.asOf, { data: { memberid, asofdate: day.format('YYYY-MM-DD') } });
    if (!isSuccess(answer.status.responsecode) || !answer.result) return setHeld({ error: answer.status.responsemessage });
    const row = answer.result;
    setHeld({
      text: TIER_STANDING_TEXTS.held
        .replace('{tier}', row.tiername ?? row.tierid)
        .replace('{reason}', row.reasonname ?? row.tierreason ?? '–')
        .replace('{from}', formatDate(row.startdate))
        .replace('{to}', row.enddate ? formatDate(row.enddate) : TIER_STANDING_TEXTS.open),
    });
  }

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
