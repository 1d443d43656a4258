// A mailing order's statuses (spec 001 §4.4) and what is known of each without the machine: its forward step,
// its SLA step and its place on the tracking timeline. Shared by the order machine (workflows/orderMachine.ts),
// the tracking views and the server.

export const ORDER_STATUSES = [
  'PAYMENT_SUCCESS',
  'READYTOPRINT',
  'PRINTING',
  'PRINTED',
  'READYTOPACK',
  'PACKING',
  'PACKED',
  'READYTODELIVER',
  'DELIVERING',
  'DELIVERED',
  'RETURN',
  'REORDER',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The forward step of each status (the step screens' Next Step); DELIVERING's other way out is RETURN. */
export const NEXT_STATUS: Partial<Record<OrderStatus, OrderStatus>> = {
  PAYMENT_SUCCESS: 'READYTOPRINT',
  READYTOPRINT: 'PRINTING',
  PRINTING: 'PRINTED',
  PRINTED: 'READYTOPACK',
  READYTOPACK: 'PACKING',
  PACKING: 'PACKED',
  PACKED: 'READYTODELIVER',
  READYTODELIVER: 'DELIVERING',
  DELIVERING: 'DELIVERED',
  RETURN: 'REORDER',
  REORDER: 'READYTODELIVER',
};

/** The SLA step a status belongs to (its date is held against the region's days of that step). */
export const SLA_STEP: Partial<Record<OrderStatus, 'printing' | 'packaging' | 'delivery'>> = {
  READYTOPRINT: 'printing',
  PRINTING: 'printing',
  PRINTED: 'printing',
  READYTOPACK: 'packaging',
  PACKING: 'packaging',
  PACKED: 'packaging',
  READYTODELIVER: 'delivery',
  DELIVERING: 'delivery',
  DELIVERED: 'delivery',
  RETURN: 'delivery',
};

/** The timeline's steps and labels (spec 001 §4.4), in display order. */
export const TIMELINE_STEPS: readonly { status: OrderStatus; label: string }[] = [
  { status: 'PAYMENT_SUCCESS', label: 'payment success' },
  { status: 'READYTOPRINT', label: 'ready to print' },
  { status: 'PRINTING', label: 'printing' },
  { status: 'PRINTED', label: 'printed' },
  { status: 'READYTOPACK', label: 'ready to packaging' },
  { status: 'PACKING', label: 'packaging' },
  { status: 'PACKED', label: 'packaged' },
  { status: 'READYTODELIVER', label: 'ready to pick up' },
  { status: 'DELIVERING', label: 'on delivery' },
  { status: 'DELIVERED', label: 'delivered' },
];
export const RETURN_STEPS: readonly { status: OrderStatus; label: string }[] = [
  { status: 'RETURN', label: 'return' },
  { status: 'REORDER', label: 'reorder' },
];
