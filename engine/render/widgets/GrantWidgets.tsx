// Grant widgets of a role-like record: the permission matrix (every menu of the menu tree x its function
// codes, value spec 000 'usermenu') and one Yes/No grant per option of a selector (value 'enrollmentaccess').
import { Empty, Space, Switch, Tag } from 'antd';
import type { FieldProps, WidgetProps } from '@rjsf/utils';
import type { FieldSource } from '../../definition/screen';
import { useEngine } from '../EngineContext';
import { useSelectorOptions } from '../useSelectorOptions';
import { PermissionsWidget } from './PermissionsWidget';

function GrantsWidget(props: WidgetProps) {
  const { definitions } = useEngine();
  const source = (props.options as { source?: FieldSource }).source;
  const selector = source ? definitions.selectors[source.selector] : undefined;
  const { options, loading } = useSelectorOptions(source?.selector);
  const idField = selector?.value ?? 'value';
  const entries = (props.value as Record<string, unknown>[] | undefined) ?? [];
  const grantOf = (id: unknown) => entries.some((e) => e[idField] === id && e.grant === true);
  const change = (id: unknown, grant: boolean) =>
    props.onChange(options.map((option) => ({ [idField]: option.value, grant: option.value === id ? grant : grantOf(option.value) })));

  if (!loading && options.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing to grant yet" />;
  return (
    <Space wrap size={[24, 12]} id={props.id} className="engine-grants">
      {options.map((option) => (
        <Space key={String(option.value)}>
          <Switch
            aria-label={option.label}
            checked={grantOf(option.value)}
            checkedChildren="Yes"
            unCheckedChildren="No"
            disabled={props.disabled || props.readonly}
            onChange={(checked) => change(option.value, checked)}
          />
          <span>{option.label}</span>
          <Tag>{String(option.value)}</Tag>
        </Space>
      ))}
    </Space>
  );
}

/**
 * rjsf renders arrays of objects as array fields, so the grant widgets come in as custom fields
 * ('ui:field'): the same widget props, taken from the field's props.
 */
function asField(Widget: (props: WidgetProps) => ReturnType<typeof PermissionsWidget>) {
  return function GrantField(props: FieldProps) {
    const widgetProps = {
      id: props.fieldPathId.$id,
      value: props.formData,
      options: props.uiSchema?.['ui:options'] ?? {},
      disabled: props.disabled,
      readonly: props.readonly || props.uiSchema?.['ui:readonly'] === true,
      onChange: (value: unknown) => props.onChange(value, props.fieldPathId.path),
    } as unknown as WidgetProps;
    return <Widget {...widgetProps} />;
  };
}

export const grantFields = { permissions: asField(PermissionsWidget), grants: asField(GrantsWidget) };
