// The rjsf widgets and fields of the engine, by the widget names definitions use: inputs, selects, Yes/No switch,
// day-bounded date pickers; the image and CSV uploads (uploadWidgets.tsx) and the grant tables (GrantWidgets.tsx)
// load with the first form that has one.
import { Input, InputNumber, Switch } from 'antd';
import type { FieldProps, WidgetProps } from '@rjsf/utils';
import { CardNameWidget } from './CardNameWidget';
import { loadedWhenDrawn } from './loadedWhenDrawn';
import { DateWidget, RangeWidget, TimeWidget } from './dateWidgets';
import { OptionSelect } from './OptionSelect';
import { blur, uiOptions } from './widgetOptions';

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
