// One filter of a panel or a report's parameter form: a day or a range of days within the filter's bounds, or
// a choice from its options or selector (a dependent selector follows its parent filter; a filter disabled by
// another's value is shown empty; a list filter takes one choice unless its multipleWhen holds).
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { dayOutside, resolveDateBound } from '../../definition/dateBounds';
import { DISPLAY_DATE, WIRE_DATE } from '../../definition/format';
import { allowsMultiple, disabledBy, type FilterValue, type FilterValues, type ResolvedFilter } from '../../definition/panelPage';
import { OptionSelect } from './OptionSelect';

const toDay = (value: unknown) => (typeof value === 'string' && value ? dayjs(value, WIRE_DATE) : null);
const fromDay = (day: Dayjs | null | undefined) => (day ? day.format(WIRE_DATE) : null);

export interface FilterInputProps {
  filter: ResolvedFilter;
  id: string;
  /** Every filter's value: a dependent selector and disabledWhen read the others. */
  values: FilterValues;
  today: Date;
  onChange(value: FilterValue): void;
  /** The width of a single choice (a panel card is narrower than a report's form). */
  selectWidth?: number;
}

export function FilterInput({ filter, id, values, today, onChange, selectWidth = 150 }: FilterInputProps) {
  const value = values[filter.name];
  const placeholder = filter.placeholder ?? filter.label;
  if (filter.type === 'date') {
    const min = resolveDateBound(filter.minDate, today);
    const max = resolveDateBound(filter.maxDate, today);
    if (filter.isRange) {
      const [start, end] = Array.isArray(value) ? value : [null, null];
      return (
        <DatePicker.RangePicker
          id={id}
          style={{ width: 250 }}
          format={DISPLAY_DATE}
          value={[toDay(start), toDay(end)]}
          disabledDate={(day: Dayjs) => dayOutside(day.format(WIRE_DATE), min, max, true)}
          onChange={(days) => onChange(days ? [fromDay(days[0]), fromDay(days[1])] : [null, null])}
        />
      );
    }
    return (
      <DatePicker
        id={id}
        style={{ width: 150 }}
        format={DISPLAY_DATE}
        placeholder={`Choose ${placeholder}`}
        value={toDay(value)}
        disabledDate={(day: Dayjs) => dayOutside(day.format(WIRE_DATE), min, max)}
        onChange={(day) => onChange(fromDay(day))}
      />
    );
  }
  const dependsOn = filter.source?.dependsOn;
  const disabled = !!disabledBy(filter, values);
  // A list filter whose multipleWhen does not hold takes one choice, still sent as a list.
  const multiple = filter.type === 'list' && allowsMultiple(filter, values);
  const single = filter.type === 'list' && !multiple;
  const shown = disabled ? (filter.type === 'list' && multiple ? [] : null) : single && Array.isArray(value) ? (value[0] ?? null) : value;
  return (
    <div style={{ width: filter.type === 'list' ? 220 : selectWidth }}>
      <OptionSelect
        id={id}
        value={shown}
        disabled={disabled}
        onChange={(next) => onChange((single ? (next === null || next === undefined || next === '' ? [] : [next]) : next) as FilterValue)}
        options={filter.options}
        selector={filter.source?.selector}
        parent={dependsOn ? { filter: dependsOn.filter, value: values[dependsOn.field] } : undefined}
        multiple={multiple}
        maxTagCount={2}
        placeholder={`Choose ${placeholder}`}
      />
    </div>
  );
}
