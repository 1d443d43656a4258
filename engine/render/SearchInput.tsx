// One search field's control, by its widget: a choice, Yes/No, a date or date range (its picker loaded with the first
// screen that searches by date), or a plain text input.
import { lazy, Suspense } from 'react';
// The plain input, not antd's Input with its Search, Password, OTP and TextArea attached (unused here).
import Input from 'antd/es/input/Input';
import type { SearchField } from '../definition/compile';
import { OptionSelect } from './widgets/OptionSelect';

// The pickers (rc-picker and dayjs, about 32 KiB gzip) load with the first screen that searches by date.
const SearchDate = lazy(() => import('./widgets/SearchDate'));

interface ControlProps {
  id: string;
  value: unknown;
  onChange(value: unknown): void;
  onBlur(): void;
  invalid: boolean;
}

export function SearchInput({ search, id, value, onChange, onBlur, invalid }: ControlProps & { search: SearchField }) {
  const { field } = search;
  const placeholder = field.placeholder ?? field.label;
  switch (field.widget) {
    case 'select':
    case 'radio':
      return <OptionSelect id={id} value={value} onChange={onChange} onBlur={onBlur} options={field.options} selector={field.source?.selector} placeholder={`Choose ${placeholder}`} />;
    case 'multiselect':
      return <OptionSelect id={id} value={value} onChange={onChange} onBlur={onBlur} options={field.options} selector={field.source?.selector} placeholder={`Choose ${placeholder}`} multiple maxTagCount={field.label ? 2 : 1} />;
    case 'switch':
      return <OptionSelect id={id} value={value} onChange={onChange} onBlur={onBlur} options={[{ value: true, label: 'Yes' }, { value: false, label: 'No' }]} placeholder={`Choose ${placeholder}`} />;
    case 'date':
      return (
        <Suspense fallback={<Input disabled placeholder={`Choose ${placeholder}`} />}>
          <SearchDate range={!!search.range} id={id} placeholder={`Choose ${placeholder}`} value={value} onChange={onChange} />
        </Suspense>
      );
    default:
      return (
        <Input
          id={id}
          value={(value as string) ?? ''}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          status={invalid ? 'error' : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}_help` : undefined}
          placeholder={`Input ${placeholder}`}
          allowClear
        />
      );
  }
}
