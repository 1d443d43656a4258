// The report page kind: a parameter form (the panels' filters), the format and Generate (a background job on
// the server), and the report's generated files with who, when, parameters, format, status with the
// percentage widget, rows, size and Download. Without a report (Download Report, REPDOWN) only the user's
// own files of every report. Running files are polled through the progress call (spec 001 §3.9: it reads
// status.responsecode and result.percentage; a failure shows 'No Data').
import { useCallback, useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Form, Progress, Radio, Space, Table, Tooltip, Typography } from 'antd';
import { DownloadOutlined, FileAddOutlined, ReloadOutlined } from '@ant-design/icons';
import { isSuccess } from '../api/envelope';
import { MESSAGES } from '../api/responseCodes';
import { formatDateTime, formatNumber, pageFooter } from '../definition/format';
import { panelCriteria, panelDefaults, panelFilters, type FilterValues } from '../definition/panelPage';
import type { PanelDefinition, ReportPage as ReportPageDefinition } from '../definition/screen';
import { useEngine } from './EngineContext';
import { showErrorToast } from './errorToast';
import { FilterInput } from './widgets/FilterInput';
import type { PageViewProps } from './pageViewProps';

/** Texts of the report pages (spec 001 §3.9 'No Data'; spec 000 §2 'Downloading file...'; the rest not in spec). */
export const REPORT_PAGE_TEXTS = {
  noData: 'No Data',
  downloading: 'Downloading file...',
  generate: 'Generate',
  format: 'Format',
  files: 'Generated Files',
  refresh: 'Refresh',
  download: 'Download',
  noAccess: 'Your role may not generate this report (reporting access in General Configuration)',
} as const;

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
const PAGE_SIZE = 10;

interface ListedFile {
  fileid: string;
  menucode: string;
  title: string;
  format: string;
  parameters: string;
  createdby: string;
  createddate: string;
  status: string;
  percentage: number;
  size: number | null;
  rowcount: number | null;
  filename: string;
  message: string | null;
}

type Progress = { percentage: number; status: string } | 'failed';

const running = (f: ListedFile) => f.status === 'QUEUED' || f.status === 'RUNNING';

function sizeText(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The percentage widget of one running file: its progress call's percentage, 'No Data' when the call fails. */
function FileProgress({ file, progress }: { file: ListedFile; progress: Progress | undefined }) {
  if (progress === 'failed' || file.status === 'FAILED') {
    return (
      <Tooltip title={file.message ?? undefined}>
        <Typography.Text type="danger" className="report-no-data">
          {REPORT_PAGE_TEXTS.noData}
        </Typography.Text>
      </Tooltip>
    );
  }
  const percentage = progress?.percentage ?? file.percentage;
  const status = progress?.status ?? file.status;
  return <Progress className="report-progress" percent={status === 'DONE' ? 100 : percentage} size="small" status={status === 'DONE' ? 'success' : 'active'} style={{ width: 140, margin: 0 }} />;
}

export default function ReportPage({ page }: PageViewProps) {
  const definition = page as ReportPageDefinition;
  const { call } = useEngine();
  const { message } = App.useApp();
  const today = useMemo(() => new Date(), []);
  const panel = useMemo<PanelDefinition | undefined>(() => (definition.report ? { key: definition.menucode, title: definition.title, query: definition.report, filters: definition.filters, chart: { kind: 'table' } } : undefined), [definition]);
  const filters = useMemo(() => (panel ? panelFilters(panel) : []), [panel]);
  const [values, setValues] = useState<FilterValues>(() => (panel ? panelDefaults(panel, today) : {}));
  const [info, setInfo] = useState<{ generate: boolean; formats: string[] }>();
  const [format, setFormat] = useState<string>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [generating, setGenerating] = useState(false);
  const [files, setFiles] = useState<ListedFile[]>([]);
  const [total, setTotal] = useState(0);
  const [pageNo, setPageNo] = useState(1);
  const [loading, setLoading] = useState(true);
  const [progress, setProgress] = useState<Record<string, Progress>>({});
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
    const answer = await call<ListedFile[]>(`${base}/files`, { paging: { page: pageNo, limit: PAGE_SIZE } });
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
          const value: Progress = isSuccess(answer.status.responsecode, true) && answer.result ? { percentage: Number(answer.result.percentage), status: answer.result.status } : 'failed';
          return [fileid, value] as const;
        }),
      ).then((answers) => {
        setProgress((previous) => ({ ...previous, ...Object.fromEntries(answers) }));
        const ended = (value: Progress) => value === 'failed' || value.status === 'DONE' || value.status === 'FAILED';
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
    void message.loading({ content: answer.status.responsemessage || REPORT_PAGE_TEXTS.downloading, key: `download-${file.fileid}`, duration: 2 });
    const link = Object.assign(document.createElement('a'), { href: answer.result.path, download: answer.result.filename });
    document.body.appendChild(link);
    link.click();
    link.remove();
  }

  const columns = [
    ...(definition.report ? [] : [{ key: 'title', title: 'Report', dataIndex: 'title' }]),
    { key: 'createddate', title: 'Generated At', dataIndex: 'createddate', render: (v: string) => formatDateTime(v) },
    ...(definition.report ? [{ key: 'createdby', title: 'Generated By', dataIndex: 'createdby' }] : []),
    { key: 'parameters', title: 'Parameters', dataIndex: 'parameters', ellipsis: true },
    { key: 'format', title: 'Format', dataIndex: 'format', width: 80 },
    { key: 'status', title: 'Status', render: (_: unknown, file: ListedFile) => <FileProgress file={file} progress={progress[file.fileid]} /> },
    { key: 'rowcount', title: 'Rows', dataIndex: 'rowcount', align: 'right' as const, render: (v: number | null) => (v === null ? '' : formatNumber(v)) },
    { key: 'size', title: 'Size', dataIndex: 'size', align: 'right' as const, render: (v: number | null) => sizeText(v) },
    {
      key: 'action',
      title: 'Action',
      render: (_: unknown, file: ListedFile) => (
        <Button size="small" icon={<DownloadOutlined />} disabled={file.status !== 'DONE'} onClick={() => void download(file)} aria-label={`${REPORT_PAGE_TEXTS.download} ${file.filename}`}>
          {REPORT_PAGE_TEXTS.download}
        </Button>
      ),
    },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} className="engine-report-page">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {definition.title}
      </Typography.Title>
      {panel && (
        <Card size="small" className="report-parameters">
          <Form layout="inline" component="div" style={{ rowGap: 12 }}>
            {filters.map((filter) => {
              const id = `report-${filter.name}`;
              const error = errors[filter.name] ?? (filter.rangeEnd ? errors[filter.rangeEnd] : undefined);
              return (
                <Form.Item key={filter.name} label={filter.label} htmlFor={id} validateStatus={error ? 'error' : undefined} help={error}>
                  <FilterInput filter={filter} id={id} values={values} today={today} selectWidth={180} onChange={(value) => setValues({ ...values, [filter.name]: value })} />
                </Form.Item>
              );
            })}
            <Form.Item label={REPORT_PAGE_TEXTS.format} validateStatus={errors.format ? 'error' : undefined} help={errors.format}>
              <Radio.Group optionType="button" value={format} onChange={(e) => setFormat(e.target.value as string)} options={(info?.formats ?? []).map((f) => ({ value: f, label: f }))} />
            </Form.Item>
            <Form.Item>
              <Tooltip title={info && !info.generate ? REPORT_PAGE_TEXTS.noAccess : undefined}>
                <Button type="primary" icon={<FileAddOutlined />} loading={generating} disabled={!info?.generate || !format} onClick={() => void generate()}>
                  {REPORT_PAGE_TEXTS.generate}
                </Button>
              </Tooltip>
            </Form.Item>
          </Form>
        </Card>
      )}
      <Card
        size="small"
        title={REPORT_PAGE_TEXTS.files}
        extra={
          <Button size="small" icon={<ReloadOutlined />} onClick={() => void load()}>
            {REPORT_PAGE_TEXTS.refresh}
          </Button>
        }
      >
        <Table<ListedFile>
          size="small"
          rowKey="fileid"
          loading={loading}
          dataSource={files}
          columns={columns}
          scroll={{ x: 900 }}
          pagination={{ current: pageNo, pageSize: PAGE_SIZE, total, showSizeChanger: false, onChange: setPageNo, showTotal: (count, range) => pageFooter(pageNo, PAGE_SIZE, count, count === 0 ? 0 : range[1] - range[0] + 1) }}
        />
      </Card>
    </Space>
  );
}
