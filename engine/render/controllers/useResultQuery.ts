// One read a page shows as it arrives: the call's result, or the server's message when it refuses. It is asked again
// when its path, its data or `again` change (until then the last answer stays), and a slower earlier answer never
// replaces a later one. No data, no call (a record not loaded yet).
import { useEffect, useState } from 'react';
import { isSuccess } from '../../api/envelope';
import { useEngine } from '../EngineContext';

export interface ResultQuery<T> {
  result?: T;
  error?: string;
}

export function useResultQuery<T>(path: string, data: Record<string, unknown> | undefined, ...again: unknown[]): ResultQuery<T> {
  const { call } = useEngine();
  const [result, setResult] = useState<T>();
  const [error, setError] = useState<string>();
  const key = data === undefined ? undefined : JSON.stringify(data);
  useEffect(() => {
    if (key === undefined) return;
    let current = true;
    void call<T>(path, { data: JSON.parse(key) as Record<string, unknown> }).then((answer) => {
      if (!current) return;
      if (isSuccess(answer.status.responsecode) && answer.result) setResult(answer.result);
      else setError(answer.status.responsemessage);
    });
    return () => {
      current = false;
    };
    // `again` holds the same number of values on every render of one caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [call, path, key, ...again]);
  return { result, error };
}
