// A list screen's upload dialog: a CSV file of new records with the upload texts of spec 000 §5,
// then the success toast or the error report to download. Loaded when Upload is first clicked (BulkControls).
import { useState } from 'react';
import { Alert, App, Button, Modal, Space, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { isSuccess } from '../api/envelope';
import { UPLOAD_ACTION, UPLOAD_TEXTS, csvLine, isCsvFileName, uploadHeader, uploadText } from '../definition/bulk';
import type { ScreenDefinition } from '../definition/screen';
import { useEngine } from './EngineContext';

import { saveFile, type FileContent } from './saveFile';

export { saveFile };

export default function UploadDialog({ screen, onClose, onUploaded }: { screen: ScreenDefinition; onClose(): void; onUploaded(): void }) {
  const { call } = useEngine();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<{ text: string; report?: FileContent }>();
  const header = uploadHeader(screen);
  const template: FileContent = { filename: `${screen.resource.name}-template.csv`, mimetype: 'text/csv', content: `${csvLine(header)}\r\n` };

  async function upload(file: File) {
    setFailed(undefined);
    if (!isCsvFileName(file.name)) {
      message.error(UPLOAD_TEXTS.wrongFile);
      return;
    }
    setBusy(true);
    const hide = message.loading(UPLOAD_TEXTS.uploading, 0);
    try {
      const answer = await call<{ report?: FileContent }>(`/api/${screen.resource.name}/${UPLOAD_ACTION}`, { data: { filename: file.name, content: await file.text() } });
      if (isSuccess(answer.status.responsecode)) {
        message.success(uploadText('uploaded', file.name));
        onUploaded();
        onClose();
        return;
      }
      message.error(uploadText('failed', file.name));
      setFailed({ text: answer.status.responsemessage, report: answer.result?.report });
    } catch {
      message.error(uploadText('failed', file.name));
    } finally {
      hide();
      setBusy(false);
    }
  }

  return (
    <Modal open title={`Upload ${screen.title}`} onCancel={onClose} footer={<Button onClick={onClose}>Close</Button>} width={560} destroyOnHidden>
      {screen.options?.uploadNote ? (
        <Typography.Paragraph>{screen.options.uploadNote}</Typography.Paragraph>
      ) : (
        <Typography.Paragraph>
          A CSV file whose first row names the columns: <Typography.Text strong>{header.join(', ')}</Typography.Text>. Every row is checked; a file with any bad row changes
          nothing.
        </Typography.Paragraph>
      )}
      <Space wrap style={{ marginBottom: 16 }}>
        <Upload accept=".csv" maxCount={1} showUploadList={false} disabled={busy} beforeUpload={(file) => (void upload(file), Upload.LIST_IGNORE)}>
          <Button type="primary" icon={<UploadOutlined />} loading={busy}>
            Select CSV
          </Button>
        </Upload>
        {header.length > 0 && (
          <Button icon={<DownloadOutlined />} onClick={() => saveFile(template)}>
            Template
          </Button>
        )}
      </Space>
      {failed && (
        <Alert
          type="error"
          showIcon
          message={failed.text}
          action={
            failed.report && (
              <Button size="small" danger icon={<DownloadOutlined />} onClick={() => saveFile(failed.report!)}>
                Error report
              </Button>
            )
          }
        />
      )}
    </Modal>
  );
}
