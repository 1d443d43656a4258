// The date, date-range and time widgets: day-bounded pickers showing the display format, sending the wire format.
import { DatePicker, TimePicker } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import dayjs, { type Dayjs } from 'dayjs';
import { dayOutside, resolveDateBound } from '../../definition/dateBounds';
import { DISPLAY_DATE, WIRE_DATE } from '../../definition/format';
import { blur, uiOptions } from './widgetOptions';

export function DateWidget(props: WidgetProps) {
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

export function RangeWidget(props: WidgetProps) {
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

export function TimeWidget(props: WidgetProps) {
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
