// The API reference page's controller: the document the server builds of its own routes, drawn into the page's
// element by the renderer (loaded with it), or why it could not be had.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { API_REFERENCE_PATH } from '../../engine/api/apiReference';
import { isSuccess } from '../../engine/api/envelope';
import { api } from '../api';

export type ApiReferenceState = 'loading' | 'shown' | { error: string };

export function useApiReference(): { target: RefObject<HTMLDivElement | null>; state: ApiReferenceState } {
  const target = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ApiReferenceState>('loading');
  useEffect(() => {
    let live = true;
    void (async () => {
      const [answer, renderer] = await Promise.all([api.call<Record<string, unknown>>(API_REFERENCE_PATH), import('./swaggerUi')]);
      if (!live || !target.current) return;
      if (!isSuccess(answer.status.responsecode) || !answer.result) return setState({ error: answer.status.responsemessage });
      renderer.renderReference(target.current, answer.result);
      setState('shown');
    })();
    return () => {
      live = false;
    };
  }, []);
  return { target, state };
}
