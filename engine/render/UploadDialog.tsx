// A list screen's upload dialog: a CSV file of new records with the upload texts of spec 000 §5,
// then the success toast or the error report to download. Loaded when Upload is first clicked (BulkControls).
import { Alert, Button, Modal, Space, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { csvLine, uploadHeader } from '../definition/bulk';
import type { ScreenDefinition } from '../definition/screen';
import { useUploadController } from './controllers/useUploadController';
import { saveFile, type FileContent } from './saveFile';

export { saveFile };

export default function UploadDialog({ screen, onClose, onUploaded }: { screen: ScreenDefinition; onClose(): void; onUploaded(): void }) {
  const { busy, failed, upload } = useUploadController(screen, onClose, onUploaded);
  const header = uploadHeader(screen);
  const template: FileContent = { filename: `${screen.resource.name}-template.csv`, mimetype: 'text/csv', content: `${csvLine(header)}\r\n` };

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
