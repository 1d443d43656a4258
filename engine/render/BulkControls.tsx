// The list screen's bulk controls (issue 12 §6): the Upload button and its dialog (a CSV file of new records
// with the upload texts of spec 000 §5, then the success toast or the error report to download), and the
// bar over the selected rows that runs a bulk action on all of them in one call after one confirmation.
import { useState } from 'react';
import { Alert, App, Button, Modal, Space, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { isSuccess } from '../api/envelope';
import { CONFIRM_TEXTS, actionFunctionCode } from '../definition/compile';
import { UPLOAD_ACTION, UPLOAD_TEXTS, bulkActions, bulkPath, csvLine, isCsvFileName, uploadHeader, uploadText } from '../definition/bulk';
import type { ScreenDefinition } from '../definition/screen';
import { useEngine } from './EngineContext';
import { showErrorToast } from './errorToast';

type Row = Record<string, unknown>;

interface FileContent {
  filename: string;
  mimetype: string;
  content: string;
}

/** Hands a text to the browser as a file download. */
export function saveFile({ filename, mimetype, content }: FileContent) {
  const url = URL.createObjectURL(new Blob([content], { type: mimetype }));
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Upload (grant-gated by the caller): opens the dialog; `onUploaded` after a file was written. */
export function UploadButton({ screen, onUploaded }: { screen: ScreenDefinition; onUploaded(): void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        Upload
      </Button>
      {open && <UploadDialog screen={screen} onClose={() => setOpen(false)} onUploaded={onUploaded} />}
    </>
  );
}

function UploadDialog({ screen, onClose, onUploaded }: { screen: ScreenDefinition; onClose(): void; onUploaded(): void }) {
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
      <Typography.Paragraph>
        A CSV file whose first row names the columns: <Typography.Text strong>{header.join(', ')}</Typography.Text>. Every row is checked; a file with any bad row changes
        nothing.
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Upload accept=".csv" maxCount={1} showUploadList={false} disabled={busy} beforeUpload={(file) => (void upload(file), Upload.LIST_IGNORE)}>
          <Button type="primary" icon={<UploadOutlined />} loading={busy}>
            Select CSV
          </Button>
        </Upload>
        <Button icon={<DownloadOutlined />} onClick={() => saveFile(template)}>
          Template
        </Button>
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

/** The screen's bulk actions the signed-in user may run: the table offers row selection when there is one. */
export function useBulkActions(screen: ScreenDefinition) {
  const { can } = useEngine();
  return bulkActions(screen).filter((bulk) => can(actionFunctionCode(screen, bulk.action)));
}

/** Over the table while rows are selected: how many, a button per bulk action, and Clear. */
export function BulkBar({ screen, selected, onDone, onClear }: { screen: ScreenDefinition; selected: Row[]; onDone(): void; onClear(): void }) {
  const { call } = useEngine();
  const { message, modal } = App.useApp();
  const actions = useBulkActions(screen);
  if (selected.length === 0 || actions.length === 0) return null;
  const keys = selected.map((row) => Object.fromEntries(screen.resource.key.map((k) => [k, row[k]])));

  const run = (name: string, confirm: string | undefined) =>
    modal.confirm({
      title: confirm ?? CONFIRM_TEXTS.generic,
      okText: 'Yes',
      cancelText: 'No',
      onOk: async () => {
        const answer = await call(`/api/${screen.resource.name}/${bulkPath(name)}`, { data: { keys } });
        if (isSuccess(answer.status.responsecode)) {
          message.success(answer.status.responsemessage);
          onDone();
        } else showErrorToast(message, answer.status.responsemessage);
      },
    });

  return (
    <div className="engine-bulkbar" role="toolbar" aria-label="Selected rows">
      <Typography.Text>{selected.length} selected</Typography.Text>
      <Space wrap>
        {actions.map(({ name, label, confirm }) => (
          <Button key={name} danger={name === 'delete' || name === 'deactivate'} onClick={() => run(name, confirm)}>
            {label}
          </Button>
        ))}
        <Button type="link" onClick={onClear}>
          Clear
        </Button>
      </Space>
    </div>
  );
}
