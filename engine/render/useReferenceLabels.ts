// Labels for reference columns: each selector's options loaded once, as value -> label.
import { useEffect, useState } from 'react';
import { isSuccess } from '../api/envelope';
import { useEngine } from './EngineContext';

export function useReferenceLabels(selectors: string[]): Map<string, Map<unknown, string>> {
  const { call } = useEngine();
  const [labels, setLabels] = useState(new Map<string, Map<unknown, string>>());
  const key = [...new Set(selectors)].sort().join(',');

  useEffect(() => {
    if (!key) return;
    let current = true;
    void Promise.all(
      key.split(',').map(async (selector) => {
        const answer = await call<{ value: unknown; label: string }[]>('/api/selector/options', { paging: { page: 1, limit: -1 }, data: { selector } });
        const map = new Map<unknown, string>();
        if (isSuccess(answer.status.responsecode)) for (const option of answer.result ?? []) map.set(option.value, option.label);
        return [selector, map] as const;
      }),
    ).then((entries) => {
      if (current) setLabels(new Map(entries));
    });
    return () => {
      current = false;
    };
  }, [call, key]);

  return labels;
}
