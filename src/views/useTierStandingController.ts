// The tier standing view's data: the member's current qualification period, the criteria's type labels (the
// Mileage Criteria screen's options), and the tier the member held on a day the user picks.
import { useEffect, useState } from 'react';
import type { Dayjs } from 'dayjs';
import { isSuccess } from '../../engine/api/envelope';
import { formatDate } from '../../engine/definition/format';
import { isListScreen } from '../../engine/definition/screen';
import { TIER_STANDING_PATHS, type TierHeld, type TierStanding } from '../../engine/definition/views';
import { useEngine } from '../../engine/render/EngineContext';
import { useResultQuery } from '../../engine/render/controllers/useResultQuery';
import { TIER_STANDING_TEXTS } from './tierStandingTexts';

/** The screen of the criteria: their type labels are its field's options. */
const MILEAGE_CRITERIA_MENU = 'MILCRIT';

/** The sentence of the tier held on a day: which tier, why, from when to when. */
const heldText = (row: TierHeld) =>
  TIER_STANDING_TEXTS.held
    .replace('{tier}', row.tiername ?? row.tierid)
    .replace('{reason}', row.reasonname ?? row.tierreason ?? '–')
    .replace('{from}', formatDate(row.startdate))
    .replace('{to}', row.enddate ? formatDate(row.enddate) : TIER_STANDING_TEXTS.open);

export function useTierStandingController(memberid: string) {
  const { call, definitions } = useEngine();
  const { result: standing, error } = useResultQuery<TierStanding>(TIER_STANDING_PATHS.qualification, { memberid });
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

  async function lookUp(day: Dayjs | null) {
    if (!day) return setHeld(undefined);
    const answer = await call<TierHeld>(TIER_STANDING_PATHS.asOf, { data: { memberid, asofdate: day.format('YYYY-MM-DD') } });
    if (!isSuccess(answer.status.responsecode) || !answer.result) return setHeld({ error: answer.status.responsemessage });
    setHeld({ text: heldText(answer.result) });
  }

  const tierName = (tierid: string) => standing?.tiernames[tierid] ?? tierid;
  return { standing, error, held, typeLabels, tierName, lookUp };
}
