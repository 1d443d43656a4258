// Options of a reference select: the selector's list (page 1, limit -1, sorted by name), filtered by the parent value.
import { useEffect, useState } from 'react';
import { isSuccess } from '../api/envelope';
import { useEngine } from './EngineContext';

export interface SelectOption {
  value: string | number | boolean;
  label: string;
  [extra: string]: unknown;
}

/**
 * `parent` undefined: no cascade; null/empty: the parent is not chosen yet, so no options. `search`: the text
 * typed into a searched selector (its first page of options while empty).
 */
export function useSelectorOptions(selector: string | undefined, parent?: { filter: string; value: unknown }, search?: string) {
  const { call } = useEngine();
  const [options, setOptions] = useState<SelectOption[]>([]);
  const [loading, setLoading] = useState(false);
  const parentValue = parent?.value;
  const waiting = parent !== undefined && (parentValue === undefined || parentValue === null || parentValue === '');

  useEffect(() => {
    if (!selector || waiting) {
      setOptions([]);
      return;
    }
    let current = true;
    setLoading(true);
    const criteria = parent ? { [parent.filter]: parentValue } : {};
    const data = search === undefined ? { selector, criteria } : { selector, criteria, search };
    void call<SelectOption[]>('/api/selector/options', { paging: { page: 1, limit: -1 }, data }).then((answer) => {
      if (!current) return;
      setLoading(false);
      setOptions(isSuccess(answer.status.responsecode) && Array.isArray(answer.result) ? answer.result : []);
    });
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selector, parent?.filter, parentValue, waiting, search, call]);

  return { options, loading };
}
