// A report file's status in the files table: its progress call's percentage, or 'No Data' in red.
import { Progress, Tooltip, Typography } from 'antd';
import type { ListedFile, ProgressAnswer } from './controllers/useReportController';
import { REPORT_PAGE_TEXTS } from './reportTexts';

/** The percentage widget of one running file: its progress call's percentage, 'No Data' when the call fails. */
export function FileProgress({ file, progress }: { file: ListedFile; progress: ProgressAnswer | undefined }) {
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
