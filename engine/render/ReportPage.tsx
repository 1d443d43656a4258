// The report page kind: a parameter form (the panels' filters), the format and Generate (a background job on
// the server), and the report's generated files with who, when, parameters, format, status with the
// percentage widget, rows, size and Download. Without a report (Download Report, REPDOWN) only the user's
// own files of every report. Running files are polled through the progress call (spec 001 §3.9: it reads
// status.responsecode and result.percentage; a failure shows 'No Data').
import { useMemo } from 'react';
import { Button, Card, Form, Progress, Radio, Space, Table, Tooltip, Typography } from 'antd';
import { DownloadOutlined, FileAddOutlined, ReloadOutlined } from '@ant-design/icons';
import { formatDateTime, formatNumber, pageFooter } from '../definition/format';
import { panelFilters } from '../definition/panelPage';
import type { PanelDefinition, ReportPage as ReportPageDefinition } from '../definition/screen';
import { REPORT_FILES_PAGE_SIZE, useReportController, type ListedFile, type ProgressAnswer } from './controllers/useReportController';
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

export { PROGRESS_FIRST_POLL_MS, PROGRESS_POLL_MS } from './controllers/useReportController';

function sizeText(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The percentage widget of one running file: its progress call's percentage, 'No Data' when the call fails. */
function FileProgress({ file, progress }: { file: ListedFile; progress: ProgressAnswer | undefined }) {
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
  const panel = useMemo<PanelDefinition | undefined>(() => (definition.report ? { key: definition.menucode, title: definition.title, query: definition.report, filters: definition.filters, chart: { kind: 'table' } } : undefined), [definition]);
  const report = useReportController(definition, panel);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} className="engine-report-page">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {definition.title}
      </Typography.Title>
      {panel && <ReportParameters panel={panel} report={report} />}
      <ReportFiles definition={definition} report={report} />
    </Space>
  );
}

/** The report's parameters (the panel's filters), the format and Generate. */
function ReportParameters({ panel, report }: { panel: PanelDefinition; report: ReportController }) {
  const { today, values, setValues, info, format, setFormat, errors, generating, generate } = report;
  const filters = useMemo(() => panelFilters(panel), [panel]);
  return (
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
  );
}

/** The generated files: who, when, parameters, format, status with its progress, rows, size and Download. */
function ReportFiles({ definition, report }: { definition: ReportPageDefinition; report: ReportController }) {
  const { files, total, pageNo, setPageNo, loading, progress, load, download } = report;
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
        pagination={{ current: pageNo, pageSize: REPORT_FILES_PAGE_SIZE, total, showSizeChanger: false, onChange: setPageNo, showTotal: (count, range) => pageFooter(pageNo, REPORT_FILES_PAGE_SIZE, count, count === 0 ? 0 : range[1] - range[0] + 1) }}
      />
    </Card>
  );
}

type ReportController = ReturnType<typeof useReportController>;
