// The search form of a screen: normal fields, 'Advance Search' for the rest in two columns, Search and Clear.
// A plain form in antd's vertical-form look (styles.css, with antd's item class names): antd's Form, its field
// store and async-validator would load with every list screen for a few inputs checked by the rule language.
import { Button, Col, Row, Space } from 'antd';
import { DownloadOutlined, DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import type { ScreenDefinition } from '../definition/screen';
import type { SearchValues } from '../definition/searchCriteria';
import { SearchInput } from './SearchInput';
import { useSearchFormController } from './controllers/useSearchFormController';

interface SearchFormProps {
  screen: ScreenDefinition;
  values: SearchValues;
  advanced: boolean;
  onSearch(values: SearchValues): void;
  onToggleAdvanced(advanced: boolean): void;
  /** Present when the screen offers a download and the user may use it. */
  onDownload?(): void;
}

export function SearchForm({ screen, values, advanced, onSearch, onToggleAdvanced, onDownload }: SearchFormProps) {
  const { extra, shown, draft, setDraft, errors, check, submit, clear } = useSearchFormController(screen, values, advanced, onSearch);

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
          onClick={clear}
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
