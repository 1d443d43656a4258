// A panel's read: the named query called with the filters' criteria whenever they change (no Search button),
// in the three states of spec 000 §4: loading, loaded, or the server's error message. '0000' exactly is success.
import { useEffect, useState } from 'react';
import { isSuccess } from '../api/envelope';
import { MESSAGES } from '../api/responseCodes';
import type { FilterValue } from '../definition/panelPage';
import { useEngine } from './EngineContext';

export type PanelQueryState =
  | { status: 'loading'; rows?: unknown[] }
  | { status: 'loaded'; rows: unknown[] }
  | { status: 'error'; message: string; rows?: undefined };

/** The path of a named panel query. */
export const panelQueryPath = (query: string): string => `/api/${query}`;

export function usePanelQuery(query: string, criteria: Record<string, FilterValue>): PanelQueryState {
  const { call } = useEngine();
  const [state, setState] = useState<PanelQueryState>({ status: 'loading' });
  const key = JSON.stringify(criteria);
  useEffect(() => {
    // A slower earlier answer never replaces a later one.
    let current = true;
    setState((previous) => ({ status: 'loading', rows: previous.rows }));
    void call<unknown[]>(panelQueryPath(query), { criteria: JSON.parse(key) as Record<string, unknown> })
      .then((answer) => {
        if (!current) return;
        if (isSuccess(answer.status.responsecode, true)) setState({ status: 'loaded', rows: Array.isArray(answer.result) ? answer.result : [] });
        else setState({ status: 'error', message: answer.status.responsemessage || MESSAGES.SOMETHING_WENT_WRONG });
      })
      .catch(() => current && setState({ status: 'error', message: MESSAGES.SOMETHING_WENT_WRONG }));
    return () => {
      current = false;
    };
  }, [call, query, key]);
  return state;
}
