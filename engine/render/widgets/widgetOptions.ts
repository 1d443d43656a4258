// What the engine passes a widget beyond rjsf's own props (ui:options), and the blur every widget reports.
import type { WidgetProps } from '@rjsf/utils';
import type { FieldOption, FieldSource } from '../../definition/screen';

export interface EngineUiOptions {
  source?: FieldSource;
  through?: { selector: string; field: string };
  choices?: FieldOption[];
  minDate?: string;
  maxDate?: string;
  /** The other choice field whose value this field's options leave out. */
  excludes?: string;
}

export const uiOptions = (props: WidgetProps) => props.options as unknown as EngineUiOptions;
export const blur = (props: WidgetProps) => () => props.onBlur(props.id, props.value);
