// A panel page's announcement: its query's first row, its content when the row says show; none when the query
// answers otherwise or cannot be read (the panels still show).
import { useEffect, useState } from 'react';
import { isSuccess } from '../../api/envelope';
import { useEngine } from '../EngineContext';
import { panelQueryPath } from '../usePanelQuery';

export function useAnnouncement(query: string): string | undefined {
  const { call } = useEngine();
  const [content, setContent] = useState<string>();
  useEffect(() => {
    let current = true;
    void call<{ show: boolean; content: string }[]>(panelQueryPath(query), { criteria: {} })
      .then((answer) => {
        const row = Array.isArray(answer.result) ? answer.result[0] : undefined;
        if (current && isSuccess(answer.status.responsecode, true) && row?.show) setContent(row.content);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [call, query]);
  return content;
}
