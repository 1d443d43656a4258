// A child table's rows (the child screen's records under the parent's key, a page at a time) and, for a pick
// list, the records chosen to link: every linked one left out, the chosen ones added in one createbulk call.
import { useCallback, useEffect, useState } from 'react';
import { App } from 'antd';
import { isSuccess, type SortDirection } from '../../api/envelope';
import { defaultSort } from '../../definition/compile';
import type { ScreenDefinition } from '../../definition/screen';
import { useEngine } from '../EngineContext';
import { showErrorToast } from '../errorToast';
import { PAGE_SIZE } from './useListController';

type Row = Record<string, unknown>;

export function useChildController(screen: ScreenDefinition, fixed: Row) {
  const { call } = useEngine();
  const { message } = App.useApp();
  const base = `/api/${screen.resource.name}`;
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<Record<string, SortDirection>>();
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const fixedKey = JSON.stringify(fixed);

  const load = useCallback(async () => {
    setLoading(true);
    const answer = await call<Row[]>(`${base}/list`, { paging: { limit: PAGE_SIZE, page }, criteria: JSON.parse(fixedKey) as Row, sort: sort ?? defaultSort(screen) });
    setLoading(false);
    if (isSuccess(answer.status.responsecode)) {
      setRows(answer.result ?? []);
      setTotal(answer.paging?.totalrecord ?? 0);
    } else showErrorToast(message, answer.status.responsemessage, { key: `${base}-list` });
  }, [base, call, fixedKey, message, page, screen, sort]);

  useEffect(() => {
    void load();
  }, [load]);

  return {
    rows,
    total,
    loading,
    page,
    sort,
    reload: load,
    setPage,
    /** A new sort starts again at the first page. */
    sortBy(next: Record<string, SortDirection> | undefined) {
      setSort(next);
      setPage(1);
    },
  };
}

/** The records being chosen for a pick list: the ones linked already (left out) and the ones chosen. */
export interface Picking {
  linked: Set<unknown>;
  chosen: string[];
}

export function usePickController(screen: ScreenDefinition, fixed: Row, pickedName: string | undefined, reload: () => void) {
  const { call } = useEngine();
  const { message } = App.useApp();
  const base = `/api/${screen.resource.name}`;
  const [picking, setPicking] = useState<Picking>();
  const showError = (text: string) => showErrorToast(message, text);

  async function open() {
    // Every linked record, not only this page's, is left out of the choices.
    const answer = await call<Row[]>(`${base}/list`, { paging: { limit: -1, page: 1 }, criteria: fixed });
    if (!isSuccess(answer.status.responsecode)) return showError(answer.status.responsemessage);
    setPicking({ linked: new Set((answer.result ?? []).map((r) => r[pickedName!])), chosen: [] });
  }

  async function add() {
    if (!picking || picking.chosen.length === 0) return;
    const answer = await call(`${base}/createbulk`, { data: { rows: picking.chosen.map((value) => ({ ...fixed, [pickedName!]: value })) } });
    if (isSuccess(answer.status.responsecode)) {
      setPicking(undefined);
      message.success(answer.status.responsemessage);
      reload();
    } else showError(answer.status.responsemessage);
  }

  return {
    picking,
    open,
    add,
    choose: (chosen: string[]) => setPicking((p) => p && { ...p, chosen }),
    cancel: () => setPicking(undefined),
  };
}
