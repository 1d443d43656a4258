// The search form of a screen: normal fields, 'Advance Search' for the rest in two columns, Search and Clear.
import { lazy, Suspense, useEffect } from 'react';
import { Button, Col, Form, Input, Row, Space } from 'antd';
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

function SearchInput({ search, ...control }: { search: SearchField; value?: unknown; onChange?(value: unknown): void; id?: string }) {
  const { field } = search;
  const placeholder = field.placeholder ?? field.label;
  const onChange = control.onChange ?? (() => undefined);
  switch (field.widget) {
    case 'select':
    case 'radio':
      return <OptionSelect id={control.id} value={control.value} onChange={onChange} options={field.options} selector={field.source?.selector} placeholder={`Choose ${placeholder}`} />;
    case 'multiselect':
      return <OptionSelect id={control.id} value={control.value} onChange={onChange} options={field.options} selector={field.source?.selector} placeholder={`Choose ${placeholder}`} multiple maxTagCount={field.label ? 2 : 1} />;
    case 'switch':
      return <OptionSelect id={control.id} value={control.value} onChange={onChange} options={[{ value: true, label: 'Yes' }, { value: false, label: 'No' }]} placeholder={`Choose ${placeholder}`} />;
    case 'date':
      return (
        <Suspense fallback={<Input disabled placeholder={`Choose ${placeholder}`} />}>
          <SearchDate range={!!search.range} id={control.id} placeholder={`Choose ${placeholder}`} value={control.value} onChange={onChange} />
        </Suspense>
      );
    default:
      return <Input id={control.id} value={(control.value as string) ?? ''} onChange={(e) => onChange(e.target.value)} placeholder={`Input ${placeholder}`} allowClear />;
  }
}

export function SearchForm({ screen, values, advanced, onSearch, onToggleAdvanced, onDownload }: SearchFormProps) {
  const [form] = Form.useForm();
  const fields = searchFields(screen);
  const normal = fields.filter((f) => f.mode === 'normal');
  const extra = fields.filter((f) => f.mode === 'advanced');
  const shown = advanced ? [...normal, ...extra] : normal;

  // The form shows the searched values when they change (a search, Back, a shared link); by their content, not
  // identity: a toggle of Advance Search or a page turn rebuilds the state and must keep what is typed.
  const valuesKey = JSON.stringify(values);
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, valuesKey]);

  const rulesOf = (search: SearchField) => {
    const rules = searchRules(search);
    if (rules.length === 0) return [];
    return [{ validator: async (_: unknown, value: unknown) => {
      const message = validateValue(value, rules, ruleContext(search.field));
      if (message) throw new Error(message);
    } }];
  };

  const submit = (submitted: SearchValues) => {
    const cleaned: SearchValues = {};
    for (const search of shown) cleaned[search.field.name] = submitted[search.field.name];
    onSearch(cleaned);
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} className="engine-search" validateTrigger="onBlur">
      <Row gutter={16}>
        {shown.map((search) => (
          <Col key={search.field.name} xs={24} md={advanced ? 12 : 8}>
            <Form.Item name={search.field.name} label={search.field.label} rules={rulesOf(search)}>
              <SearchInput search={search} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Space wrap>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          Search
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            form.setFieldsValue(Object.fromEntries(fields.map((f) => [f.field.name, undefined])));
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
    </Form>
  );
}
