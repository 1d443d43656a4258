// The search form of a screen: normal fields, 'Advance Search' for the rest in two columns, Search and Clear.
// A plain form in antd's vertical-form look (styles.css, with antd's item class names): antd's Form, its field
// store and async-validator would load with every list screen for a few inputs checked by the rule language.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Col, Row, Space } from 'antd';
// The plain input, not antd's Input with its Search, Password, OTP and TextArea attached (unused here).
import Input from 'antd/es/input/Input';
import { DownloadOutlined, DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { validateValue } from '../rules';
import { searchFields, searchRules, ruleContext, type SearchField } from '../definition/compile';
import type { ScreenDefinition } from '../definition/screen';
import type { SearchValues } from '../definition/searchCriteria';
import { OptionSelect } from './widgets/OptionSelect';

interface SearchFormProps {
  screen: ScreenDefinition;
  values: SearchValues;
  advanced: boolean;
  onSearch(values: SearchValues): void;
  onToggleAdvanced(advanced: boolean): void;
  /** Present when the screen offers a download and the user may use it. */
  onDownload?(): void;
}

// The pickers (rc-picker and dayjs, about 32 KiB gzip) load with the first screen that searches by date.
const SearchDate = lazy(() => import('./widgets/SearchDate'));

interface ControlProps {
  id: string;
  value: unknown;
  onChange(value: unknown): void;
  onBlur(): void;
  invalid: boolean;
}

function SearchInput({ search, id, value, onChange, onBlur, invalid }: ControlProps & { search: SearchField }) {
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

/** A search field's message from the rule language, or undefined when its value passes. */
function problemOf(search: SearchField, value: unknown): string | undefined {
  const rules = searchRules(search);
  if (rules.length === 0) return undefined;
  return validateValue(value, rules, ruleContext(search.field)) ?? undefined;
}

export function SearchForm({ screen, values, advanced, onSearch, onToggleAdvanced, onDownload }: SearchFormProps) {
  const fields = searchFields(screen);
  const normal = fields.filter((f) => f.mode === 'normal');
  const extra = fields.filter((f) => f.mode === 'advanced');
  const shown = advanced ? [...normal, ...extra] : normal;
  const [draft, setDraft] = useState<SearchValues>(values);
  const [errors, setErrors] = useState<Record<string, string>>({});

  // The form shows the searched values when they change (a search, Back, a shared link); by their content, not
  // identity: a toggle of Advance Search or a page turn rebuilds the state and must keep what is typed.
  const valuesKey = JSON.stringify(values);
  useEffect(() => {
    setDraft(values);
    setErrors({});
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valuesKey]);

  /** Checks one field (on leaving it, as antd's onBlur trigger did) and shows or hides its message. */
  const check = (search: SearchField, value: unknown) => {
    const problem = problemOf(search, value);
    setErrors(({ [search.field.name]: _old, ...rest }) => (problem ? { ...rest, [search.field.name]: problem } : rest));
    return problem;
  };

  const submit = () => {
    const problems = Object.fromEntries(shown.flatMap((search) => {
      const problem = problemOf(search, draft[search.field.name]);
      return problem ? [[search.field.name, problem]] : [];
    }));
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const cleaned: SearchValues = {};
    for (const search of shown) cleaned[search.field.name] = draft[search.field.name];
    onSearch(cleaned);
  };

  return (
    <form
      className="engine-search"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Row gutter={16}>
        {shown.map((search) => {
          const { name, label } = search.field;
          const error = errors[name];
          return (
            <Col key={name} xs={24} md={advanced ? 12 : 8}>
              <div className={`ant-form-item${error ? ' ant-form-item-has-error ant-form-item-with-help' : ''}`}>
                <div className="ant-form-item-label">
                  <label htmlFor={name} title={label}>
                    {label}
                  </label>
                </div>
                <div className="ant-form-item-control">
                  <div className="ant-form-item-control-input">
                    <div className="ant-form-item-control-input-content">
                      <SearchInput
                        search={search}
                        id={name}
                        value={draft[name]}
                        onChange={(value) => setDraft((current) => ({ ...current, [name]: value }))}
                        onBlur={() => void check(search, draft[name])}
                        invalid={!!error}
                      />
                    </div>
                  </div>
                  {error && (
                    <div className="ant-form-item-explain" id={`${name}_help`} role="alert">
                      <div className="ant-form-item-explain-error">{error}</div>
                    </div>
                  )}
                </div>
              </div>
            </Col>
          );
        })}
      </Row>
      <Space wrap>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          Search
        </Button>
        <Button
          onClick={() => {
            setDraft({});
            setErrors({});
            onSearch({});
          }}
        >
          Clear
        </Button>
        {onDownload && (
          <Button icon={<DownloadOutlined />} onClick={onDownload}>
            Download
          </Button>
        )}
        {extra.length > 0 && (
          <Button type="link" onClick={() => onToggleAdvanced(!advanced)} icon={advanced ? <UpOutlined /> : <DownOutlined />}>
            Advance Search
          </Button>
        )}
      </Space>
    </form>
  );
}
