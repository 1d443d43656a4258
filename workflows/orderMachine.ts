// The mailing order's tracking states (spec 001 §4.4), one machine for the browser and the server: the
// original cycle (reordernumber 0) PAYMENT_SUCCESS, READYTOPRINT, PRINTING, PRINTED, READYTOPACK, PACKING,
// PACKED, READYTODELIVER, DELIVERING, then DELIVERED or RETURN; a RETURN is followed by a REORDER, which
// starts a new cycle (reordernumber + 1) of READYTODELIVER, DELIVERING and DELIVERED (or RETURN again).
// An event is named after the status it leads to; the server accepts a move only when this machine does.
import { assign, setup, transition, type SnapshotFrom } from 'xstate';
import { NEXT_STATUS, ORDER_STATUSES, type OrderStatus } from '../domain/orderStatus';

export interface OrderContext {
  reordernumber: number;
}
export type OrderEvent = { type: OrderStatus };

const forward = (status: OrderStatus) => ({ [NEXT_STATUS[status]!]: NEXT_STATUS[status]! });

export const orderMachine = setup({
  types: { context: {} as OrderContext, events: {} as OrderEvent, input: {} as Partial<OrderContext> | undefined },
  actions: { newCycle: assign({ reordernumber: ({ context }) => context.reordernumber + 1 }) },
}).createMachine({
  id: 'order',
  initial: 'PAYMENT_SUCCESS',
  context: ({ input }) => ({ reordernumber: input?.reordernumber ?? 0 }),
  states: {
    PAYMENT_SUCCESS: { on: forward('PAYMENT_SUCCESS') },
    READYTOPRINT: { on: forward('READYTOPRINT') },
    PRINTING: { on: forward('PRINTING') },
    PRINTED: { on: forward('PRINTED') },
    READYTOPACK: { on: forward('READYTOPACK') },
    PACKING: { on: forward('PACKING') },
    PACKED: { on: forward('PACKED') },
    READYTODELIVER: { on: forward('READYTODELIVER') },
    DELIVERING: { on: { DELIVERED: 'DELIVERED', RETURN: 'RETURN' } },
    DELIVERED: { type: 'final' },
    RETURN: { on: { REORDER: { target: 'REORDER', actions: 'newCycle' } } },
    REORDER: { on: forward('REORDER') },
  },
});

export type OrderSnapshot = SnapshotFrom<typeof orderMachine>;

/** The statuses the machine allows from `status` (read once from the machine's own transitions). */
const ALLOWED: ReadonlyMap<string, ReadonlySet<OrderStatus>> = new Map(
  ORDER_STATUSES.map((status) => {
    const snapshot = orderMachine.resolveState({ value: status, context: { reordernumber: 0 } });
    return [status, new Set(ORDER_STATUSES.filter((to) => snapshot.can({ type: to })))];
  }),
);

/** Whether the machine moves an order in `from` to `to`. */
export function canMoveOrder(from: string, to: string): boolean {
  return ALLOWED.get(from)?.has(to as OrderStatus) ?? false;
}

/** The statuses reachable in one move from `from`. */
export function nextStatuses(from: string): OrderStatus[] {
  return [...(ALLOWED.get(from) ?? [])];
}

/** The moves that open a new cycle (read once from the machine: those whose transition raises reordernumber). */
const NEW_CYCLE: ReadonlySet<string> = new Set(
  ORDER_STATUSES.flatMap((from) =>
    [...(ALLOWED.get(from) ?? [])]
      .filter((to) => transition(orderMachine, orderMachine.resolveState({ value: from, context: { reordernumber: 0 } }), { type: to })[0].context.reordernumber > 0)
      .map((to) => `${from}>${to}`),
  ),
);

/** The reordernumber an entry of `to` carries, moving from a cycle numbered `reordernumber` (the machine's REORDER opens the next cycle). */
export function cycleOf(from: OrderStatus, to: OrderStatus, reordernumber: number): number {
  return NEW_CYCLE.has(`${from}>${to}`) ? reordernumber + 1 : reordernumber;
}
