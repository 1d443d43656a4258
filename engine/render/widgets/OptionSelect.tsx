// One select for every choice field: static options or a reference selector, single or multiple.
import { useState } from 'react';
import { Select } from 'antd';
import type { FieldOption } from '../../definition/screen';
import { useEngine } from '../EngineContext';
import { useReferenceLabels } from '../useReferenceLabels';
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
  // A searched selector (airports) asks the server for what is typed, and names the chosen value by its label.
  const { definitions } = useEngine();
  const searched = props.selector !== undefined && definitions.selectors[props.selector]?.search === true;
  const [typed, setTyped] = useState('');
  const remote = useSelectorOptions(props.selector, parent, searched ? typed : undefined);
  const chosen = useReferenceLabels(searched ? [{ name: 'value', source: { selector: props.selector! } }] : [], [{ value: props.value }]).get(props.selector ?? '');
  const offered = props.selector ? remote.options : (props.options ?? []);
  const options = props.exclude === undefined || props.exclude === null ? offered : offered.filter((o) => o.value !== props.exclude);
  // A searched picker's options are only what was typed for: the chosen value carries its own label, so it shows
  // while the options hold other airports, and never appears among another search's results.
  const labelled = (v: unknown) => ({ value: v as string, label: offered.find((o) => o.value === v)?.label ?? chosen.get(v) ?? String(v) });
  const empty = props.value === null || props.value === undefined || props.value === '';
  const value = empty ? undefined : searched ? (Array.isArray(props.value) ? props.value.map(labelled) : labelled(props.value)) : props.value;
  const unlabelled = (v: unknown): unknown => (Array.isArray(v) ? v.map(unlabelled) : v && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : v);
  return (
    <Select
      id={props.id}
      style={{ width: '100%' }}
      labelInValue={searched}
      value={value as never}
      onChange={(chosenValue) => props.onChange((searched ? unlabelled(chosenValue) : chosenValue) ?? null)}
      onBlur={props.onBlur}
      options={options.map((o) => ({ value: o.value as string, label: o.label }))}
      mode={props.multiple ? 'multiple' : undefined}
      maxTagCount={props.maxTagCount}
      placeholder={props.placeholder}
      disabled={props.disabled}
      loading={remote.loading}
      allowClear
      showSearch={searched ? { filterOption: false, onSearch: setTyped } : { optionFilterProp: 'label' }}
    />
  );
}
