// The accrual simulator's result: the outcome, the miles and what they went to, each criterion that gave them, and
// every candidate rule with why it applied or not, filtered by Applied or Not applied.
import { Alert, Descriptions, Divider, Empty, Segmented, Table, Tag } from 'antd';
import type { AccrualLine, RuleVerdict, SimulationAnswer } from '../../domain/accrualResult';
import { formatNumber } from '../../engine/definition/format';
import type { VerdictFilter } from './useAccrualSimulatorController';

const OUTCOME = {
  CREDIT: { type: 'success', title: 'Credited' },
  REJECTED: { type: 'warning', title: 'Not credited' },
  PARKED: { type: 'info', title: 'Parked' },
} as const;

interface Props {
  answer: SimulationAnswer;
  /** The verdicts the filter keeps. */
  verdicts: RuleVerdict[];
  show: VerdictFilter;
  onShow(show: VerdictFilter): void;
  ruleName: Map<string, string>;
}

export function AccrualResult({ answer, verdicts, show, onShow, ruleName }: Props) {
  const outcome = OUTCOME[answer.outcome];
  if (!outcome) return null;
  return (
    <>
      <Divider titlePlacement="start">Result</Divider>
      <Alert type={outcome.type} showIcon message={outcome.title} description={answer.reason} />
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 3 }}
        style={{ marginTop: 16 }}
        items={[
          { key: 'awardmiles', label: 'Award Miles', children: formatNumber(answer.awardmiles) },
          { key: 'tiermiles', label: 'Tier Miles', children: formatNumber(answer.tiermiles) },
          { key: 'segments', label: 'Segments', children: formatNumber(answer.segments) },
          { key: 'member', label: 'Member', children: answer.member ? answer.member.memberid : '–' },
          { key: 'tier', label: 'Tier', children: answer.tierid ?? '–' },
          { key: 'distance', label: 'Distance', children: answer.distance ? `${formatNumber(answer.distance.miles)} miles (${answer.distance.source})` : '–' },
        ]}
      />
      <Divider titlePlacement="start">Criteria</Divider>
      {answer.lines.length ? (
        <Table<AccrualLine>
          rowKey={(l) => `${l.criterion}-${l.ruletype}-${l.rulecode}`}
          size="small"
          pagination={false}
          dataSource={answer.lines}
          columns={[
            { title: 'Criterion', dataIndex: 'criterion', key: 'criterion', render: (v: string) => <Tag>{v}</Tag> },
            { title: 'Rule', key: 'rule', render: (_, l) => `${ruleName.get(l.ruletype) ?? l.ruletype} ${l.rulecode}` },
            { title: 'Description', dataIndex: 'description', key: 'description' },
            { title: 'Award Miles', dataIndex: 'awardmiles', key: 'awardmiles', align: 'right', render: (v: number) => formatNumber(v) },
            { title: 'Tier Miles', dataIndex: 'tiermiles', key: 'tiermiles', align: 'right', render: (v: number) => formatNumber(v) },
            { title: 'Segments', dataIndex: 'segments', key: 'segments', align: 'right', render: (v: number) => formatNumber(v) },
          ]}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No miles" />
      )}
      <Divider titlePlacement="start">Rules</Divider>
      <Segmented
        value={show}
        onChange={(v) => onShow(v as VerdictFilter)}
        options={[
          { value: 'all', label: `All (${answer.verdicts.length})` },
          { value: 'applied', label: 'Applied' },
          { value: 'not', label: 'Not applied' },
        ]}
        style={{ marginBottom: 12 }}
      />
      <Table<RuleVerdict>
        rowKey={(v) => `${v.ruletype}-${v.rulecode}`}
        size="small"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        dataSource={verdicts}
        columns={[
          { title: 'Rule Screen', dataIndex: 'ruletype', key: 'ruletype', render: (v: string) => ruleName.get(v) ?? v },
          { title: 'Rule', dataIndex: 'rulecode', key: 'rulecode' },
          { title: 'Applied', dataIndex: 'applied', key: 'applied', render: (v: boolean) => (v ? <Tag color="green">Applied</Tag> : <Tag>Not applied</Tag>) },
          { title: 'Why', dataIndex: 'reason', key: 'reason' },
        ]}
      />
    </>
  );
}
