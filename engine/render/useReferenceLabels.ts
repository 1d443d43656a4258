// Labels of reference values: the values a page shows (a table's page, a record, a summary) are asked for in
// one call per selector (/api/selector/labels, whatever the rows' status) and kept in the session's cache, so
// each value is asked once and a list of thousands (airports, members) is never loaded to name a few.
import { useEffect, useState } from 'react';
import { isSuccess } from '../api/envelope';
import type { FieldSource } from '../definition/screen';
import { useEngine } from './EngineContext';
import { LabelCache } from './labelCache';

type Row = Record<string, unknown>;

/** Value -> label of one selector, as displayValue reads it. */
export type ValueLabels = { get(value: unknown): string | undefined };
/** Selector -> its labels; `pending` while some shown value's label is still being asked. */
export type ReferenceLabels = { get(selector: string): ValueLabels; pending: boolean };

/** Reference fields (those with a selector, not a grants matrix) and the rows whose values they show. */
export interface LabelledField {
  name: string;
  source?: FieldSource;
  widget?: string;
}

// Engines set up without a cache (a test's) share one per API client.
const fallback = new WeakMap<object, LabelCache>();
const BATCH = 500;

const key = (value: unknown) => String(value);
const shown = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]).filter((v) => v !== null && v !== undefined && v !== '' && typeof v !== 'object');

export function useReferenceLabels(fields: readonly LabelledField[], rows: readonly object[]): ReferenceLabels {
  const engine = useEngine();
  const { call } = engine;
  let cache = engine.labels ?? fallback.get(call);
  if (!cache) fallback.set(call, (cache = new LabelCache()));
  const [, setVersion] = useState(0);

  // The values not yet asked, per selector.
  const missing = new Map<string, Set<string>>();
  for (const field of fields) {
    if (!field.source || field.widget === 'grants') continue;
    const known = cache.of(field.source.selector);
    for (const row of rows) {
      for (const value of shown((row as Row)[field.name])) {
        if (known.has(key(value))) continue;
        let set = missing.get(field.source.selector);
        if (!set) missing.set(field.source.selector, (set = new Set()));
        set.add(key(value));
      }
    }
  }
  const wanted = JSON.stringify([...missing].map(([selector, values]) => [selector, [...values].sort()]).sort());

  useEffect(() => {
    const asks = JSON.parse(wanted) as [string, string[]][];
    if (asks.length === 0) return;
    let current = true;
    const store = cache!;
    void Promise.all(
      asks.flatMap(([selector, values]) =>
        Array.from({ length: Math.ceil(values.length / BATCH) }, (_, i) => values.slice(i * BATCH, (i + 1) * BATCH)).map(async (batch) => {
          const answer = await call<{ value: unknown; label: string }[]>('/api/selector/labels', { data: { selector, values: batch } });
          const known = store.of(selector);
          // A refused ask leaves its values shown as they are (no label), not a page waiting for ever.
          if (isSuccess(answer.status.responsecode)) for (const option of answer.result ?? []) known.set(key(option.value), option.label);
          for (const value of batch) if (!known.has(value)) known.set(value, null);
        }),
      ),
    ).then(() => {
      if (current) setVersion((v) => v + 1);
    });
    return () => {
      current = false;
    };
  }, [call, cache, wanted]);

  const store = cache;
  return { get: (selector) => ({ get: (value) => store.of(selector).get(key(value)) ?? undefined }), pending: missing.size > 0 };
}
