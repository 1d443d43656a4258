// The redemption detail view's data: the redemption and its certificates, each code read as its field shows it
// (the redemption's by its screen, a certificate's by the certificates' screen), and its flights.
import { use } from 'react';
import { formatValue } from '../../engine/definition/format';
import { resolveField } from '../../engine/definition/compile';
import type { ScreenDefinition } from '../../engine/definition/screen';
import { REDEMPTION_DETAIL_PATH } from '../../engine/definition/views';
import { useEngine } from '../../engine/render/EngineContext';
import { useResultQuery } from '../../engine/render/controllers/useResultQuery';
import { useReferenceLabels } from '../../engine/render/useReferenceLabels';

type Row = Record<string, unknown>;
interface Detail {
  redemption: Row;
  certificates: Row[];
}

/** The screen that declares a certificate's fields (its traveller types and statuses). */
const CERTIFICATE_MENU = 'MEMCERT';

export const text = (value: unknown) => (value === null || value === undefined || value === '' ? '–' : String(value));

/** An air award's flights: the departure, and the return when there is one. */
function flights(r: Row) {
  if (r.categorytype !== 'AIR') return [];
  return [
    { date: r.departuredate, origin: r.origin, destination: r.destination, price: r.pricedeparture },
    ...(r.isreturn ? [{ date: r.returndate, origin: r.destination, destination: r.origin, price: r.pricereturn }] : []),
  ];
}

export function useRedemptionDetailController(screen: ScreenDefinition, record: Row) {
  const { definitions } = useEngine();
  const { result: detail, error } = useResultQuery<Detail>(REDEMPTION_DETAIL_PATH, { memberid: record.memberid, redemptionid: record.redemptionid });
  const certificates = use(definitions.loadPage(CERTIFICATE_MENU)) as ScreenDefinition;
  const references = useReferenceLabels(screen.fields, detail ? [detail.redemption] : []);
  const label = (field: string, value: unknown, of: ScreenDefinition = screen) => {
    const declared = of.fields.find((f) => f.name === field);
    if (!declared || value === null || value === undefined || value === '') return text(value);
    return (declared.source ? references.get(declared.source.selector).get(value) : undefined) ?? (formatValue(resolveField(declared), value) || text(value));
  };
  return { detail, error, certificates, label, activities: detail ? flights(detail.redemption) : [] };
}
