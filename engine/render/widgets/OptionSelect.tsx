// One select for every choice field: static options or a reference selector, single or multiple.
import { Select } from 'antd';
import type { FieldOption } from '../../definition/screen';
import { useSelectorOptions } from '../useSelectorOptions';

export interface OptionSelectProps {
  id?: string;
  value: unknown;
  onChange(value: unknown): void;
  onBlur?(): void;
  options?: FieldOption[];
  selector?: string;
  parent?: { filter: string; value: unknown };
  /** The parent's value names a record of this selector; its `field` (one of the selector's extras) is the value that filters. */
  through?: { selector: string; field: string };
  /** A value left out of the options (the other field's choice, `excludes`). */
  exclude?: unknown;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  /** Select-checkbox search: at most 2 tags shown (1 without a label). */
  maxTagCount?: number;
}

export function OptionSelect(props: OptionSelectProps) {
  const parentRecords = useSelectorOptions(props.through?.selector);
  const parent =
    props.through && props.parent ? { filter: props.parent.filter, value: parentRecords.options.find((o) => o.value === props.parent!.value)?.[props.through.field] } : props.parent;
  const remote = useSelectorOptions(props.selector, parent);
  const offered = props.selector ? remote.options : (props.options ?? []);
  const options = props.exclude === undefined || props.exclude === null ? offered : offered.filter((o) => o.value !== props.exclude);
  return (
    <Select
      id={props.id}
      style={{ width: '100%' }}
      value={props.value === null || props.value === '' ? undefined : (props.value as never)}
      onChange={(value) => props.onChange(value ?? null)}
      onBlur={props.onBlur}
      options={options.map((o) => ({ value: o.value as string, label: o.label }))}
      mode={props.multiple ? 'multiple' : undefined}
      maxTagCount={props.maxTagCount}
      placeholder={props.placeholder}
      disabled={props.disabled}
      loading={remote.loading}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}
