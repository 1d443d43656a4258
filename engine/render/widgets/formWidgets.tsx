// The rjsf widgets and fields of the engine, by the widget names definitions use: inputs, selects, Yes/No switch,
// day-bounded date pickers; the image and CSV uploads (uploadWidgets.tsx) and the grant tables (GrantWidgets.tsx)
// load with the first form that has one.
import { DISPLAY_DATE, WIRE_DATE } from '../../definition/format';
import { lazy, Suspense, type ComponentType } from 'react';
import { DatePicker, Input, InputNumber, Switch, TimePicker } from 'antd';
import type { FieldProps, WidgetProps } from '@rjsf/utils';
import dayjs, { type Dayjs } from 'dayjs';
import { dayOutside, resolveDateBound } from '../../definition/dateBounds';
import type { FieldOption, FieldSource } from '../../definition/screen';
import { CardNameWidget } from './CardNameWidget';
import { OptionSelect } from './OptionSelect';

interface EngineUiOptions {
  source?: FieldSource;
  through?: { selector: string; field: string };
  choices?: FieldOption[];
  minDate?: string;
  maxDate?: string;
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

/** A widget or field whose code loads when it is first drawn; until then its place stays empty. */
function loadedWhenDrawn<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  return function WhenDrawn(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
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
  image: loadedWhenDrawn<WidgetProps>(() => import('./uploadWidgets').then((m) => m.ImageWidget)),
  csv: loadedWhenDrawn<WidgetProps>(() => import('./uploadWidgets').then((m) => m.CsvWidget)),
  cardname: CardNameWidget,
};

/** Grants are arrays of objects: rjsf takes them as custom fields ('ui:field'), not widgets. */
export const engineFields = {
  permissions: loadedWhenDrawn<FieldProps>(() => import('./GrantWidgets').then((m) => m.grantFields.permissions)),
  grants: loadedWhenDrawn<FieldProps>(() => import('./GrantWidgets').then((m) => m.grantFields.grants)),
};
