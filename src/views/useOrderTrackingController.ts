// The order tracking view's data: the order's timeline cycles and its destinations, numbered, with the labels of
// the references their addresses name.
import { ORDER_TRACKING_PATH } from '../../engine/definition/views';
import { DESTINATION_REFERENCES, addressText, timelineCycles, type OrderDestination, type OrderTrackingData } from '../../domain/orderTracking';
import { useResultQuery } from '../../engine/render/controllers/useResultQuery';
import { useReferenceLabels } from '../../engine/render/useReferenceLabels';

export function useOrderTrackingController(orderid: unknown) {
  const { result: data, error } = useResultQuery<OrderTrackingData>(ORDER_TRACKING_PATH, { orderid });
  const references = useReferenceLabels(DESTINATION_REFERENCES, data?.destinations ?? []);
  return {
    data,
    error,
    cycles: data ? timelineCycles(data) : [],
    destinations: (data?.destinations ?? []).map((d, i) => ({ ...d, no: i + 1 })),
    address: (d: OrderDestination) => addressText(d, (selector, value) => references.get(selector).get(value)),
  };
}
