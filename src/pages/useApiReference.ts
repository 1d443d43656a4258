// The API reference page's controller: one tag's part of the document the server builds of its own routes (the
// tag in the address, `?tag=`, or where every integration starts), drawn into the page's element by the renderer
// (loaded with it), the names of every tag to choose another, or why it could not be had.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useSearchParams } from 'react-router-dom';
import { API_REFERENCE_FIRST_TAG, API_REFERENCE_TAG_PATH } from '../../engine/api/apiReference';
import { isSuccess } from '../../engine/api/envelope';
import { api } from '../api';

export type ApiReferenceState = 'loading' | 'shown' | { error: string };

type TagDocument = Record<string, unknown> & { 'x-tag-names': string[] };

export function useApiReference(): { target: RefObject<HTMLDivElement | null>; state: ApiReferenceState; tag: string; tags: string[]; choose(tag: string): void } {
  const target = useRef<HTMLDivElement>(null);
  const [params, setParams] = useSearchParams();
  const tag = params.get('tag') || API_REFERENCE_FIRST_TAG;
  const [state, setState] = useState<ApiReferenceState>('loading');
  const [tags, setTags] = useState<string[]>([tag]);
  useEffect(() => {
    let live = true;
    setState('loading');
    void (async () => {
      const [answer, renderer] = await Promise.all([api.call<TagDocument>(API_REFERENCE_TAG_PATH, { data: { tag } }), import('./swaggerUi')]);
      if (!live || !target.current) return;
      if (!isSuccess(answer.status.responsecode) || !answer.result) return setState({ error: answer.status.responsemessage });
      setTags(answer.result['x-tag-names']);
      renderer.renderReference(target.current, answer.result);
      setState('shown');
    })();
    return () => {
      live = false;
    };
  }, [tag]);
  return { target, state, tag, tags, choose: (next) => setParams({ tag: next }) };
}
