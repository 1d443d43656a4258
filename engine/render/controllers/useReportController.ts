// A report page's data: the report's info (may the user generate it, in which formats), its generated files a
// page at a time with the running ones' progress polled, Generate (a background job) and Download.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { App } from 'antd';
import { isSuccess } from '../../api/envelope';
import { MESSAGES } from '../../api/responseCodes';
import { panelCriteria, panelDefaults, type FilterValues } from '../../definition/panelPage';
import type { PanelDefinition, ReportPage } from '../../definition/screen';
import { useEngine } from '../EngineContext';
import { showErrorToast } from '../errorToast';
import type { ListedFile } from '../../api/reportFiles';

export type { ListedFile };

/** How often running files are asked for their percentage once they show one. */
export const PROGRESS_POLL_MS = 2000;
/**
 * How soon a running file is first asked after it appears, and how often until it shows a percentage: a job
 * queued by Generate starts at once (its enqueue wakes the workers) but reports its first percentage only once
 * its thread has started and written a page, a second or more later, and that percentage should show then
 * rather than up to a whole PROGRESS_POLL_MS later.
 */
export const PROGRESS_FIRST_POLL_MS = 500;
/** The quick asks at most (10 s): a file queued behind long jobs is asked at the slow pace. */
const PROGRESS_FIRST_POLLS = 20;
export const REPORT_FILES_PAGE_SIZE = 10;


export type ProgressAnswer = { percentage: number; status: string } | 'failed';

const running = (f: ListedFile) => f.status === 'QUEUED' || f.status === 'RUNNING';

export function useReportController(definition: ReportPage, panel: PanelDefinition | undefined) {
  const { call } = useEngine();
  const { message } = App.useApp();
  const today = useMemo(() => new Date(), []);
  const [values, setValues] = useState<FilterValues>(() => (panel ? panelDefaults(panel, today) : {}));
  const [info, setInfo] = useState<{ generate: boolean; formats: string[] }>();
  const [format, setFormat] = useState<string>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [generating, setGenerating] = useState(false);
  const [files, setFiles] = useState<ListedFile[]>([]);
  const [total, setTotal] = useState(0);
  const [pageNo, setPageNo] = useState(1);
  const [loading, setLoading] = useState(true);
  const [progress, setProgress] = useState<Record<string, ProgressAnswer>>({});
  const base = definition.report ? `/api/report/${definition.report}` : '/api/report';

  useEffect(() => {
    if (!definition.report) return;
    void call<{ generate: boolean; formats: string[] }>(`${base}/info`).then((answer) => {
      if (isSuccess(answer.status.responsecode) && answer.result) {
        setInfo(answer.result);
        setFormat((current) => current ?? answer.result!.formats[0]);
      }
    });
  }, [call, base, definition.report]);

  const load = useCallback(async () => {
    setLoading(true);
    const answer = await call<ListedFile[]>(`${base}/files`, { paging: { page: pageNo, limit: REPORT_FILES_PAGE_SIZE } });
    setLoading(false);
    if (!isSuccess(answer.status.responsecode)) {
      showErrorToast(message, answer.status.responsemessage || MESSAGES.SOMETHING_WENT_WRONG);
      return;
    }
    setFiles(answer.result ?? []);
    setTotal(answer.paging?.totalrecord ?? answer.result?.length ?? 0);
  }, [call, base, pageNo, message]);

  useEffect(() => {
    void load();
  }, [load]);

  // Running files: first asked PROGRESS_FIRST_POLL_MS after they appear and at that pace until each shows a
  // percentage, then every PROGRESS_POLL_MS; the list reloads when one ends.
  const runningIds = files.filter(running).map((f) => f.fileid).join(',');
  useEffect(() => {
    if (!runningIds) return;
    const ids = runningIds.split(',');
    let quickAsks = PROGRESS_FIRST_POLLS;
    let timer: ReturnType<typeof setTimeout>;
    const ask = () => {
      quickAsks -= 1;
      timer = setTimeout(ask, quickAsks > 0 ? PROGRESS_FIRST_POLL_MS : PROGRESS_POLL_MS);
      void Promise.all(
        ids.map(async (fileid) => {
          const answer = await call<{ percentage: number; status: string }>('/api/report/progress', { data: { fileid } });
          const value: ProgressAnswer = isSuccess(answer.status.responsecode, true) && answer.result ? { percentage: Number(answer.result.percentage), status: answer.result.status } : 'failed';
          return [fileid, value] as const;
        }),
      ).then((answers) => {
        setProgress((previous) => ({ ...previous, ...Object.fromEntries(answers) }));
        const ended = (value: ProgressAnswer) => value === 'failed' || value.status === 'DONE' || value.status === 'FAILED';
        if (answers.every(([, value]) => ended(value) || (value !== 'failed' && value.percentage > 0))) quickAsks = 0;
        if (answers.some(([, value]) => ended(value))) void load();
      });
    };
    timer = setTimeout(ask, PROGRESS_FIRST_POLL_MS);
    return () => clearTimeout(timer);
  }, [call, runningIds, load]);

  async function generate() {
    if (!panel || !format) return;
    setGenerating(true);
    setErrors({});
    const answer = await call<{ fileid: string }>(`${base}/generate`, { data: { format }, criteria: panelCriteria(panel, values) });
    setGenerating(false);
    if (!isSuccess(answer.status.responsecode)) {
      const fields = (answer.result as { fields?: Record<string, string> } | undefined)?.fields;
      if (fields) setErrors(fields);
      showErrorToast(message, answer.status.responsemessage || MESSAGES.SOMETHING_WENT_WRONG);
      return;
    }
    void message.success(answer.status.responsemessage);
    setPageNo(1);
    await load();
  }

  async function download(file: ListedFile) {
    const answer = await call<{ path: string; filename: string }>('/api/report/download', { data: { fileid: file.fileid } });
    if (!isSuccess(answer.status.responsecode) || !answer.result) {
      showErrorToast(message, answer.status.responsemessage || MESSAGES.SOMETHING_WENT_WRONG);
      return;
    }
    void message.loading({ content: answer.status.responsemessage || MESSAGES.DOWNLOADING, key: `download-${file.fileid}`, duration: 2 });
    const link = Object.assign(document.createElement('a'), { href: answer.result.path, download: answer.result.filename });
    document.body.appendChild(link);
    link.click();
    link.remove();
  }

  return { today, values, setValues, info, format, setFormat, errors, generating, files, total, pageNo, setPageNo, loading, progress, load, generate, download };
}
