// The image and CSV upload widgets of the record form, with the messages of spec 000 §5 / 001 §5.2: they load with
// the first form that has one (formWidgets.tsx), so antd's Upload is not part of every form.
import { useState } from 'react';
import { App, Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { UPLOAD_TEXTS, isCsvFileName, uploadText } from '../../definition/bulk';
import { DEFAULT_IMAGE_MAX_KB, IMAGE_MESSAGES, imageSizeMessage } from '../../rules';

const readAs = (file: File, how: 'dataUrl' | 'text') =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    if (how === 'dataUrl') reader.readAsDataURL(file);
    else reader.readAsText(file);
  });

export function ImageWidget(props: WidgetProps) {
  const { message } = App.useApp();
  const maxKb = (props.options as { maxSizeKb?: number }).maxSizeKb ?? DEFAULT_IMAGE_MAX_KB;
  const value = typeof props.value === 'string' ? props.value : undefined;
  return (
    <div>
      {value && <img src={value} alt="" style={{ maxWidth: 160, maxHeight: 120, display: 'block', marginBottom: 8, borderRadius: 4 }} />}
      <Upload
        accept="image/png,image/jpeg"
        showUploadList={false}
        disabled={props.disabled || props.readonly}
        beforeUpload={async (file) => {
          if (file.type !== 'image/jpeg' && file.type !== 'image/png') message.error(IMAGE_MESSAGES.type);
          else if (file.size > maxKb * 1024) message.error(imageSizeMessage(maxKb));
          else props.onChange(await readAs(file, 'dataUrl'));
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />}>Upload</Button>
      </Upload>
    </div>
  );
}

export function CsvWidget(props: WidgetProps) {
  const { message } = App.useApp();
  const [name, setName] = useState<string>();
  return (
    <Upload
      accept=".csv"
      maxCount={1}
      disabled={props.disabled || props.readonly}
      fileList={name ? [{ uid: name, name, status: 'done' }] : []}
      onRemove={() => {
        setName(undefined);
        props.onChange(undefined);
      }}
      beforeUpload={async (file) => {
        if (!isCsvFileName(file.name)) {
          message.error(UPLOAD_TEXTS.wrongFile);
          return Upload.LIST_IGNORE;
        }
        const hide = message.loading(UPLOAD_TEXTS.uploading, 0);
        try {
          // Single-file mode: the last file replaces the one before.
          props.onChange(await readAs(file, 'text'));
          setName(file.name);
          message.success(uploadText('uploaded', file.name));
        } catch {
          message.error(uploadText('failed', file.name));
        } finally {
          hide();
        }
        return Upload.LIST_IGNORE;
      }}
    >
      <Button icon={<UploadOutlined />}>Select CSV</Button>
    </Upload>
  );
}
