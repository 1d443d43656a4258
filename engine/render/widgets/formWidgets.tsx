// The rjsf widgets of the engine, by the widget names definitions use: inputs, selects, Yes/No switch,
// day-bounded date pickers, and the image and CSV uploads with the messages of spec 000 §5 / 001 §5.2.
import { DISPLAY_DATE, WIRE_DATE } from '../../definition/format';
import { useState } from 'react';
import { App, Button, DatePicker, Input, InputNumber, Switch, TimePicker, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import dayjs, { type Dayjs } from 'dayjs';
import { UPLOAD_TEXTS, isCsvFileName, uploadText } from '../../definition/bulk';
import { dayOutside, resolveDateBound } from '../../definition/dateBounds';
import type { FieldOption, FieldSource } from '../../definition/screen';
import { DEFAULT_IMAGE_MAX_KB, IMAGE_MESSAGES, imageSizeMessage } from '../../rules';
import { CardNameWidget } from './CardNameWidget';
import { OptionSelect } from './OptionSelect';


interface EngineUiOptions {
  source?: FieldSource;
  through?: { selector: string; field: string };
  choices?: FieldOption[];
  minDate?: string;
  maxDate?: string;
  maxSizeKb?: number;
  /** The other choice field whose value this field's options leave out. */
  excludes?: string;
}

const uiOptions = (props: WidgetProps) => props.options as unknown as EngineUiOptions;
const blur = (props: WidgetProps) => () => props.onBlur(props.id, props.value);

function TextWidget(props: WidgetProps) {
  return (
    <Input
      id={props.id}
      value={(props.value as string) ?? ''}
      placeholder={props.placeholder}
      disabled={props.disabled || props.readonly}
      onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)}
      onBlur={blur(props)}
    />
  );
}

function TextareaWidget(props: WidgetProps) {
  return (
    <Input.TextArea
      id={props.id}
      rows={3}
      value={(props.value as string) ?? ''}
      placeholder={props.placeholder}
      disabled={props.disabled || props.readonly}
      onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)}
      onBlur={blur(props)}
    />
  );
}

function PasswordWidget(props: WidgetProps) {
  return <Input.Password id={props.id} value={(props.value as string) ?? ''} placeholder={props.placeholder} disabled={props.disabled || props.readonly} onChange={(e) => props.onChange(e.target.value || undefined)} onBlur={blur(props)} />;
}

function NumberWidget(props: WidgetProps) {
  return (
    <InputNumber
      id={props.id}
      style={{ width: '100%' }}
      value={props.value as number | null}
      placeholder={props.placeholder}
      disabled={props.disabled || props.readonly}
      formatter={(v) => (v === undefined || v === null ? '' : String(v).replace(/\B(?=(\d{3})+(?!\d))/g, ','))}
      parser={(v) => (v ? Number(v.replace(/,/g, '')) : (null as never))}
      onChange={(v) => props.onChange(v ?? null)}
      onBlur={blur(props)}
    />
  );
}

function SelectWidget(props: WidgetProps, multiple = false) {
  const { source, through, choices, excludes } = uiOptions(props);
  const formData = (props.registry.formContext as { formData?: Record<string, unknown> } | undefined)?.formData ?? {};
  const parent = source?.dependsOn ? { filter: source.dependsOn.filter, value: formData[source.dependsOn.field] } : undefined;
  return (
    <OptionSelect
      id={props.id}
      value={props.value}
      onChange={(v) => props.onChange(v === null ? undefined : v)}
      onBlur={blur(props)}
      options={choices}
      selector={source?.selector}
      parent={parent}
      through={through}
      exclude={excludes === undefined ? undefined : formData[excludes]}
      multiple={multiple}
      placeholder={props.placeholder}
      disabled={props.disabled || props.readonly}
    />
  );
}

function SwitchWidget(props: WidgetProps) {
  return (
    <Switch
      id={props.id}
      checked={props.value === true}
      checkedChildren="Yes"
      unCheckedChildren="No"
      disabled={props.disabled || props.readonly}
      onChange={(checked) => props.onChange(checked)}
    />
  );
}

function DateWidget(props: WidgetProps) {
  const { minDate, maxDate } = uiOptions(props);
  const today = new Date();
  const min = resolveDateBound(minDate, today);
  const max = resolveDateBound(maxDate, today);
  return (
    <DatePicker
      id={props.id}
      style={{ width: '100%' }}
      format={DISPLAY_DATE}
      placeholder={props.placeholder}
      disabled={props.disabled || props.readonly}
      value={typeof props.value === 'string' && props.value ? dayjs(props.value, WIRE_DATE) : null}
      disabledDate={(day: Dayjs) => dayOutside(day.format(WIRE_DATE), min, max)}
      onChange={(day) => props.onChange(day ? day.format(WIRE_DATE) : undefined)}
      onBlur={blur(props)}
    />
  );
}

function RangeWidget(props: WidgetProps) {
  const { minDate, maxDate } = uiOptions(props);
  const today = new Date();
  const min = resolveDateBound(minDate, today);
  const max = resolveDateBound(maxDate, today);
  const value = Array.isArray(props.value) ? (props.value.map((v) => (v ? dayjs(String(v), WIRE_DATE) : null)) as [Dayjs | null, Dayjs | null]) : null;
  return (
    <DatePicker.RangePicker
      id={props.id}
      style={{ width: '100%' }}
      format={DISPLAY_DATE}
      disabled={props.disabled || props.readonly}
      value={value}
      disabledDate={(day: Dayjs) => dayOutside(day.format(WIRE_DATE), min, max, true)}
      onChange={(days) => props.onChange(days ? days.map((d) => (d ? d.format(WIRE_DATE) : null)) : undefined)}
    />
  );
}

function TimeWidget(props: WidgetProps) {
  return (
    <TimePicker
      id={props.id}
      style={{ width: '100%' }}
      format="HH:mm:ss"
      disabled={props.disabled || props.readonly}
      value={typeof props.value === 'string' && props.value ? dayjs(props.value, 'HH:mm:ss') : null}
      onChange={(t) => props.onChange(t ? t.format('HH:mm:ss') : undefined)}
    />
  );
}

const readAs = (file: File, how: 'dataUrl' | 'text') =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    if (how === 'dataUrl') reader.readAsDataURL(file);
    else reader.readAsText(file);
  });

function ImageWidget(props: WidgetProps) {
  const { message } = App.useApp();
  const maxKb = uiOptions(props).maxSizeKb ?? DEFAULT_IMAGE_MAX_KB;
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

function CsvWidget(props: WidgetProps) {
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

export const engineWidgets = {
  text: TextWidget,
  TextWidget,
  textarea: TextareaWidget,
  password: PasswordWidget,
  number: NumberWidget,
  select: (props: WidgetProps) => SelectWidget(props),
  radio: (props: WidgetProps) => SelectWidget(props),
  multiselect: (props: WidgetProps) => SelectWidget(props, true),
  switch: SwitchWidget,
  date: DateWidget,
  range: RangeWidget,
  time: TimeWidget,
  image: ImageWidget,
  csv: CsvWidget,
  cardname: CardNameWidget,
};
