// The accrual simulator's behaviour: the activity form (Park Activity's screen as the simulator asks it), its
// values, the server's rating of them without posting, a member's activities to pick one from, and which rule
// verdicts the result shows.
import { useEffect, useMemo, useState } from 'react';
import { isSuccess } from '../../engine/api/envelope';
import { ACCRUAL_MEMBER_ACTIVITIES_PATH, ACCRUAL_SIMULATE_PATH, ACTIVITY_FORM_MENU, POSTED_ACTIVITY_FIELDS, simulatorScreen, type SimulationAnswer } from '../../domain/accrualResult';
import { formatDate, formatNumber } from '../../engine/definition/format';
import { isListScreen, type ScreenDefinition } from '../../engine/definition/screen';
import { isoDay } from '../../engine/definition/dates';
import { useEngine } from '../../engine/render/EngineContext';

type Row = Record<string, unknown>;
export type VerdictFilter = 'all' | 'applied' | 'not';

const today = () => isoDay(new Date());

/** What a fresh simulation starts with: a flight today, on the carrier of the rule the page shows (if any). */
const startValues = (record: Row): Row => ({ activitytype: 'AIR', activitydate: today(), ticketissuedate: today(), ...(record.airlinecode ? { carrier: record.airlinecode } : {}) });

/** How a member's activity reads in the pick list. */
export const pickLabel = (a: Row) =>
  a.activitytype === 'AIR'
    ? `${formatDate(a.activitydate)} ${String(a.carrier ?? '')}${String(a.flightnumber ?? '')} ${String(a.origin ?? '')}-${String(a.destination ?? '')} ${String(a.bookingclass ?? '')} (${String(a.status)})`
    : `${formatDate(a.activitydate)} ${String(a.partnercode ?? '')} ${String(a.activitycode ?? '')} ${a.amount == null ? '' : formatNumber(a.amount)} ${String(a.currencycode ?? '')} (${String(a.status)})`;

export function useAccrualSimulatorController(record: Row) {
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
  const [show, setShow] = useState<VerdictFilter>('all');
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

  /** A member's activity picked: the form takes its fields, and the simulation rates that activity. */
  function pick(id: string) {
    const activity = picks?.find((a) => a.activityid === id);
    if (!activity) return;
    refill({ ...Object.fromEntries(POSTED_ACTIVITY_FIELDS.map((name) => [name, activity[name] ?? null])), cardnumber: card.trim() });
    setPicked(id);
  }

  function reset() {
    refill(startValues(record));
    setPicked(undefined);
    setAnswer(undefined);
    setFailure(undefined);
  }

  const verdicts = (answer?.verdicts ?? []).filter((v) => show === 'all' || (show === 'applied') === v.applied);
  return {
    form, values, formKey, errors, running, simulate, reset,
    card, setCard, picks, pickError, clearPickError: () => setPickError(undefined), loadActivities, pick,
    answer, failure, show, setShow, verdicts, ruleName,
  };
}
