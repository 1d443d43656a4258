// A list screen's upload: a CSV file of new records sent to the resource's upload action with the upload texts of
// spec 000 §5 as toasts, then `onUploaded` and `onClose`, or the server's message and its error report.
import { useState } from 'react';
import { App } from 'antd';
import { isSuccess } from '../../api/envelope';
import { UPLOAD_ACTION, UPLOAD_TEXTS, isCsvFileName, uploadText } from '../../definition/bulk';
import type { ScreenDefinition } from '../../definition/screen';
import { useEngine } from '../EngineContext';
import type { FileContent } from '../saveFile';

export function useUploadController(screen: ScreenDefinition, onClose: () => void, onUploaded: () => void) {
  const { call } = useEngine();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<{ text: string; report?: FileContent }>();

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

  return { busy, failed, upload };
}
