// Reachability with @xstate/graph: every state node of a machine appears in some shortest path's end state.
import { getShortestPaths, getStateNodes } from '@xstate/graph';
import { __unsafe_getAllOwnEventDescriptors, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type StateValue } from 'xstate';

/** Every state node of the machine as a dotted path ('signedIn.idle.warning'). */
export function allStatePaths(machine: AnyStateMachine): string[] {
  return getStateNodes(machine).map((node) => node.path.join('.')).sort();
}

/** The dotted paths of a state value and all its ancestors. */
export function statePathsOf(value: StateValue): string[] {
  if (typeof value === 'string') return [value];
  return Object.entries(value).flatMap(([key, child]) => [key, ...(child === undefined ? [] : statePathsOf(child).map((path) => `${key}.${path}`))]);
}

/** The delayed events ('xstate.after.<delay>.<state id>') the snapshot's states wait for, as if their time had come. */
function delayedEvents(snapshot: AnyMachineSnapshot): EventObject[] {
  return __unsafe_getAllOwnEventDescriptors(snapshot)
    .filter((type) => type.startsWith('xstate.after.'))
    .map((type) => ({ type }));
}

/**
 * The state paths reached by traversing the machine's pure transition with the given events plus every delayed
 * event due; the events stand in for the injected actors ('xstate.done.actor.<id>' with the fake's output), as the
 * traversal never runs actors.
 */
export function reachableStatePaths(
  machine: AnyStateMachine,
  options: {
    input?: unknown;
    events: readonly EventObject[];
    /** What makes two snapshots the same node (default: value and context); a machine whose context grows without end needs a coarser key. */
    serializeState?: (snapshot: AnyMachineSnapshot) => string;
  },
): string[] {
  const events = (snapshot: AnyMachineSnapshot) => [...options.events, ...delayedEvents(snapshot)];
  const paths = getShortestPaths(machine, { input: options.input, events: events as never, ...(options.serializeState ? { serializeState: options.serializeState as never } : {}) });
  return [...new Set(paths.flatMap((path) => statePathsOf(path.state.value)))].sort();
}
