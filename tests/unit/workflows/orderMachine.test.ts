// The order machine (workflows/orderMachine.ts, spec 001 §4.4) walked with @xstate/graph: every status is
// reached; every simple path follows the machine's edges and ends delivered along the original cycle or through one reorder, the original cycle being
// the ten statuses in order and a return leading through a reorder to a new cycle of ready to pick up, on
// delivery, delivered; the moves the server accepts (canMoveOrder) are exactly the machine's edges.
import { describe, expect, it } from 'vitest';
import { getSimplePaths } from '@xstate/graph';
import type { AnyMachineSnapshot } from 'xstate';
import { NEXT_STATUS, ORDER_STATUSES } from '../../../domain/orderStatus';
import { canMoveOrder, cycleOf, nextStatuses, orderMachine } from '../../../workflows/orderMachine';
import { allStatePaths, reachableStatePaths } from './statePaths';

const EVENTS = ORDER_STATUSES.map((type) => ({ type }));
/** A cycle counts only as first or later: the later cycles repeat the same states. */
const serializeState = (s: AnyMachineSnapshot) => `${String(s.value)}|${(s.context as { reordernumber: number }).reordernumber > 0 ? 'reorder' : 'first'}`;

const ORIGINAL = ['PAYMENT_SUCCESS', 'READYTOPRINT', 'PRINTING', 'PRINTED', 'READYTOPACK', 'PACKING', 'PACKED', 'READYTODELIVER', 'DELIVERING'];

describe('order machine', () => {
  it('reaches every status', () => {
    expect(reachableStatePaths(orderMachine, { events: EVENTS, serializeState })).toEqual(allStatePaths(orderMachine));
    expect(allStatePaths(orderMachine)).toEqual([...ORDER_STATUSES].sort());
  });

  it('takes every simple path as the spec orders it, each move one the server accepts', () => {
    const paths = getSimplePaths(orderMachine, { events: EVENTS as never, serializeState: serializeState as never });
    const delivered = paths
      .filter((p) => p.state.value === 'DELIVERED')
      .map((p) => ['PAYMENT_SUCCESS', ...p.steps.slice(1).map((s) => String(s.state.value))]);
    for (const path of paths) {
      const statuses = [String(path.steps[0]!.state.value), ...path.steps.slice(1).map((s) => String(s.state.value))];
      statuses.slice(1).forEach((to, i) => expect(canMoveOrder(statuses[i]!, to), `${statuses[i]} -> ${to}`).toBe(true));
    }
    expect(delivered).toContainEqual([...ORIGINAL, 'DELIVERED']);
    expect(delivered).toContainEqual([...ORIGINAL, 'RETURN', 'REORDER', 'READYTODELIVER', 'DELIVERING', 'DELIVERED']);
    expect(delivered).toHaveLength(2);
    // A reorder may come back again (its RETURN then leads to the next REORDER).
    const returnedAgain = paths.find((p) => p.state.value === 'RETURN' && (p.state.context as { reordernumber: number }).reordernumber === 1);
    expect(returnedAgain?.steps.slice(1).map((s) => String(s.state.value))).toEqual([...ORIGINAL.slice(1), 'RETURN', 'REORDER', 'READYTODELIVER', 'DELIVERING', 'RETURN']);
    // DELIVERED is final: no way out.
    expect(nextStatuses('DELIVERED')).toEqual([]);
  });

  it('allows exactly the edges of the machine, nothing else', () => {
    const edges = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => canMoveOrder(from, to)).map((to) => `${from}>${to}`));
    expect(edges).toEqual([
      'PAYMENT_SUCCESS>READYTOPRINT', 'READYTOPRINT>PRINTING', 'PRINTING>PRINTED', 'PRINTED>READYTOPACK', 'READYTOPACK>PACKING',
      'PACKING>PACKED', 'PACKED>READYTODELIVER', 'READYTODELIVER>DELIVERING', 'DELIVERING>DELIVERED', 'DELIVERING>RETURN',
      'RETURN>REORDER', 'REORDER>READYTODELIVER',
    ]);
    for (const [from, to] of Object.entries(NEXT_STATUS)) expect(canMoveOrder(from, to!)).toBe(true);
    expect(canMoveOrder('PRINTING', 'NOSUCH')).toBe(false);
    expect(canMoveOrder('NOSUCH', 'PRINTING')).toBe(false);
  });

  it('opens a new cycle on REORDER only', () => {
    expect(cycleOf('RETURN', 'REORDER', 0)).toBe(1);
    expect(cycleOf('RETURN', 'REORDER', 1)).toBe(2);
    expect(cycleOf('REORDER', 'READYTODELIVER', 1)).toBe(1);
    expect(cycleOf('PRINTING', 'PRINTED', 0)).toBe(0);
  });
});
