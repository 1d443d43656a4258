// A search form's date or date-range picker, with dayjs and rc-picker in a module of their own: a list screen loads
// them with its first date field (lazily). Dates travel as YYYY-MM-DD strings; the pickers hold dayjs values.
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DISPLAY_DATE, WIRE_DATE } from '../../definition/format';

const toPicker = (range: boolean, value: unknown) => {
  if (range && Array.isArray(value)) return value.map((v) => (v ? dayjs(String(v), WIRE_DATE) : null));
  return typeof value === 'string' && value ? dayjs(value, WIRE_DATE) : undefined;
};
const fromPicker = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map((v) => (v ? (v as Dayjs).format(WIRE_DATE) : null));
  return value ? (value as Dayjs).format(WIRE_DATE) : null;
};

interface SearchDateProps {
  range: boolean;
  id?: string;
  placeholder: string;
  value?: unknown;
  onChange(value: unknown): void;
}

export default function SearchDate({ range, id, placeholder, value, onChange }: SearchDateProps) {
  return range ? (
    <DatePicker.RangePicker id={id} style={{ width: '100%' }} format={DISPLAY_DATE} value={toPicker(true, value) as never} onChange={(v) => onChange(fromPicker(v))} />
  ) : (
    <DatePicker id={id} style={{ width: '100%' }} format={DISPLAY_DATE} placeholder={placeholder} value={toPicker(false, value) as never} onChange={(v) => onChange(fromPicker(v))} />
  );
}
