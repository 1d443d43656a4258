// Loads a screen's list for a search state (a newer request always wins over an older one), and downloads it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { App } from 'antd';
import type { CallOptions } from '../../api/client';
import { isSuccess } from '../../api/envelope';
import { MESSAGES } from '../../api/responseCodes';
import { defaultSort } from '../../definition/compile';
import { criteriaFromSearch, type SearchState } from '../../definition/searchCriteria';
import type { ScreenDefinition } from '../../definition/screen';
import { useEngine } from '../EngineContext';
import { showErrorToast } from '../errorToast';

export const PAGE_SIZE = 10;

export function useListController(screen: ScreenDefinition, state: SearchState) {
  const { call } = useEngine();
  const { message } = App.useApp();
  const [rows, setRows] = useState<Record<string, unknown>[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  const paginated = screen.options?.pagination !== false;

  // The request as text: a new screen object asking the same (the studio's preview of a relabelled field) reads nothing again.
  const query = JSON.stringify({
    path: `/api/${screen.resource.name}/list`,
    paging: paginated ? { limit: PAGE_SIZE, page: state.page } : { limit: -1, page: 1 },
    criteria: criteriaFromSearch(screen, state.values),
    sort: state.sort ?? defaultSort(screen),
  });

  const load = useCallback(async () => {
    const request = ++latest.current;
    setLoading(true);
    const { path, ...options } = JSON.parse(query) as { path: string } & CallOptions;
    const answer = await call<Record<string, unknown>[]>(path, options);
    if (request !== latest.current) return;
    setLoading(false);
    if (isSuccess(answer.status.responsecode)) {
      setRows(answer.result ?? []);
      setTotal(answer.paging?.totalrecord ?? answer.result?.length ?? 0);
    } else {
      setRows([]);
      setTotal(0);
      showErrorToast(message, answer.status.responsemessage, { key: 'list-error' });
    }
  }, [call, message, query]);

  useEffect(() => {
    void load();
  }, [load]);

  /** The whole list under the search shown, as a file the server makes (all pages). */
  async function download() {
    const answer = await call<{ filename: string; mimetype: string; content: string }>(`/api/${screen.resource.name}/download`, {
      criteria: criteriaFromSearch(screen, state.values),
      sort: state.sort ?? defaultSort(screen),
    });
    if (!isSuccess(answer.status.responsecode) || !answer.result) {
      showErrorToast(message, answer.status.responsemessage);
      return;
    }
    message.success(answer.status.responsemessage || MESSAGES.DOWNLOADING);
    const url = URL.createObjectURL(new Blob([answer.result.content], { type: answer.result.mimetype }));
    const link = Object.assign(document.createElement('a'), { href: url, download: answer.result.filename });
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  return { rows, total, loading, reload: load, paginated, download };
}
