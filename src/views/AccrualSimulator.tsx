// Registered view "accrual-simulator", a tool of the accrual rule screens: an activity typed in
// (Park Activity's fields, the fields every posted activity has) or one of a member's picked, rated by the
// server's engine without posting: the miles, each criterion that gave them, and why every other candidate
// rule did not apply.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Descriptions, Divider, Empty, Input, Segmented, Select, Space, Spin, Table, Tag } from 'antd';
import { isSuccess } from '../../engine/api/envelope';
import {
  ACCRUAL_MEMBER_ACTIVITIES_PATH,
  ACCRUAL_SIMULATE_PATH,
  ACTIVITY_FORM_MENU,
  POSTED_ACTIVITY_FIELDS,
  simulatorScreen,
  type AccrualLine,
  type RuleVerdict,
  type SimulationAnswer,
} from '../../domain/accrualResult';
import { formatDate, formatNumber } from '../../engine/definition/format';
import { isListScreen, type ScreenDefinition } from '../../engine/definition/screen';
import { useEngine } from '../../engine/render/EngineContext';
import { RecordForm } from '../../engine/render/RecordForm';
import type { RecordViewProps } from '../../engine/render/recordViews';
import { isoDay } from '../../engine/definition/dates';

type Row = Record<string, unknown>;

const FORM_ID = 'accrual-simulator-form';
const OUTCOME = {
  CREDIT: { type: 'success', title: 'Credited' },
  REJECTED: { type: 'warning', title: 'Not credited' },
  PARKED: { type: 'info', title: 'Parked' },
} as const;

const today = () => isoDay(new Date());

/** What a fresh simulation starts with: a flight today, on the carrier of the rule the page shows (if any). */
const startValues = (record: Row): Row => ({ activitytype: 'AIR', activitydate: today(), ticketissuedate: today(), ...(record.airlinecode ? { carrier: record.airlinecode } : {}) });

export default function AccrualSimulator({ record }: RecordViewProps) {
  const { call, definitions } = useEngine();
  const [form, setForm] = useState<ScreenDefinition>();
  const [values, setValues] = useState<Row>(() => startValues(record));
  const [formKey, setFormKey] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [answer, setAnswer] = useState<SimulationAnswer>();
  const [failure, setFailure] = useState<string>();
  const [running, setRunning] = useState(false);
  const [card, setCard] = useState('');
  const [picks, setPicks] = useState<Row[]>();
  const [pickError, setPickError] = useState<string>();
  const [show, setShow] = useState<'all' | 'applied' | 'not'>('all');
  /** The member's activity picked, rated again as it stands (its own segment is no duplicate). */
  const [picked, setPicked] = useState<string>();

  useEffect(() => {
    let current = true;
    void definitions.loadPage(ACTIVITY_FORM_MENU).then((page) => current && isListScreen(page) && setForm(simulatorScreen(page)));
    return () => {
      current = false;
    };
  }, [definitions]);

  const ruleName = useMemo(() => new Map(definitions.menus.map((m) => [m.menucode, m.label])), [definitions]);

  /** Replaces the form's values (a reset, a picked activity): the form starts again from them. */
  const refill = (next: Row) => {
    setValues(next);
    setErrors({});
    setFormKey((k) => k + 1);
  };

  async function simulate(typed: Row) {
    setRunning(true);
    const data = Object.fromEntries(
      [...POSTED_ACTIVITY_FIELDS.map((name) => [name, typed[name] ?? null] as const), ['tierid', typed.tierid ?? null] as const, ['activityid', picked ?? null] as const].filter(([, v]) => v !== null && v !== ''),
    );
    const reply = await call<SimulationAnswer>(ACCRUAL_SIMULATE_PATH, { data });
    setRunning(false);
    setValues(typed);
    if (isSuccess(reply.status.responsecode) && reply.result) {
      setAnswer(reply.result);
      setFailure(undefined);
      setErrors({});
    } else {
      setAnswer(undefined);
      setFailure(reply.status.responsemessage);
      setErrors((reply.result as { fields?: Record<string, string> } | undefined)?.fields ?? {});
    }
  }

  async function loadActivities() {
    const reply = await call<{ activities: Row[] }>(ACCRUAL_MEMBER_ACTIVITIES_PATH, { data: { cardnumber: card.trim() } });
    if (isSuccess(reply.status.responsecode) && reply.result) {
      setPicks(reply.result.activities);
      setPickError(undefined);
    } else {
      setPicks(undefined);
      setPickError(reply.status.responsemessage);
    }
  }

  const pickLabel = (a: Row) =>
    a.activitytype === 'AIR'
      ? `${formatDate(a.activitydate)} ${String(a.carrier ?? '')}${String(a.flightnumber ?? '')} ${String(a.origin ?? '')}-${String(a.destination ?? '')} ${String(a.bookingclass ?? '')} (${String(a.status)})`
      : `${formatDate(a.activitydate)} ${String(a.partnercode ?? '')} ${String(a.activitycode ?? '')} ${a.amount == null ? '' : formatNumber(a.amount)} ${String(a.currencycode ?? '')} (${String(a.status)})`;

  const verdicts = (answer?.verdicts ?? []).filter((v) => show === 'all' || (show === 'applied') === v.applied);
  const outcome = answer && OUTCOME[answer.outcome];

  return (
    <div className="accrual-simulator">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input aria-label="Member Card Number" placeholder="Input Card Number" value={card} onChange={(e) => setCard(e.target.value)} onPressEnter={() => void loadActivities()} style={{ width: 220 }} />
        <Button onClick={() => void loadActivities()} disabled={!card.trim()}>
          Member Activities
        </Button>
        {picks && (
          <Select
            aria-label="Member Activity"
            placeholder="Choose Member Activity"
            showSearch={{ optionFilterProp: "label" }}
            style={{ width: 420 }}
            options={picks.map((a) => ({ value: String(a.activityid), label: pickLabel(a) }))}
            notFoundContent="No activity"
            onChange={(id) => {
              const activity = picks.find((a) => a.activityid === id);
              if (!activity) return;
              refill({ ...Object.fromEntries(POSTED_ACTIVITY_FIELDS.map((name) => [name, activity[name] ?? null])), cardnumber: card.trim() });
              setPicked(id);
            }}
          />
        )}
      </Space>
      {pickError && <Alert type="error" showIcon message={pickError} style={{ marginBottom: 16 }} closable onClose={() => setPickError(undefined)} />}
      {!form ? (
        <Spin style={{ display: 'block', margin: 24 }} />
      ) : (
        <RecordForm key={formKey} screen={form} mode="create" initial={values} serverErrors={errors} formId={FORM_ID} onSubmit={(typed) => void simulate(typed)} />
      )}
      <Space>
        <Button type="primary" htmlType="submit" form={FORM_ID} loading={running} disabled={!form}>
          Simulate
        </Button>
        <Button
          onClick={() => {
            refill(startValues(record));
            setPicked(undefined);
            setAnswer(undefined);
            setFailure(undefined);
          }}
        >
          Reset
        </Button>
      </Space>

      {failure && <Alert type="error" showIcon message={failure} style={{ marginTop: 16 }} />}
      {answer && outcome && (
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
            onChange={(v) => setShow(v as typeof show)}
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
      )}
    </div>
  );
}
