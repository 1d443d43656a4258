// The member orders view's data: the member's orders, and the labels of their statuses, types and reasons (the
// order screen's field options, declared once there).
import { useEffect, useState } from 'react';
import { isListScreen } from '../../engine/definition/screen';
import { MEMBER_ORDERS_PATH } from '../../engine/definition/views';
import { useEngine } from '../../engine/render/EngineContext';
import { useResultQuery } from '../../engine/render/controllers/useResultQuery';

export interface MemberOrder {
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

export function useMemberOrdersController(memberid: string) {
  const { definitions } = useEngine();
  const { result: orders, error } = useResultQuery<MemberOrder[]>(MEMBER_ORDERS_PATH, { memberid });
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

  const label = (field: string, value: string) => labels[field]?.[value] ?? value;
  return { orders, error, label };
}
