// Grant widgets of a role-like record: the permission matrix (every menu of the menu tree x its function
// codes, value spec 000 'usermenu') and one Yes/No grant per option of a selector (value 'enrollmentaccess').
import { useEffect, useMemo, useState } from 'react';
import { Checkbox, Empty, Input, Space, Switch, Table, Tag, Typography } from 'antd';
import type { FieldProps, WidgetProps } from '@rjsf/utils';
import { functionCatalogue, type Catalogue } from '../../definition/catalogue';
import { ACTION_FUNCTIONS } from '../../definition/compile';
import { ACCESS_FUNCTION } from '../../definition/menuTree';
import type { FieldSource } from '../../definition/screen';
import { useEngine } from '../EngineContext';
import { useSelectorOptions } from '../useSelectorOptions';

interface UserMenu {
  menucode: string;
  functions: { functioncode: string; grant: boolean }[];
}

/** The matrix's columns: ACCESS, then the standard actions; any other function shows under 'Other'. */
const COLUMN_SUFFIXES = [...new Set([ACCESS_FUNCTION, ...Object.values(ACTION_FUNCTIONS)])];
const suffixOf = (menucode: string, functioncode: string) => functioncode.slice(menucode.length + 1);
const title = (suffix: string) => suffix.charAt(0) + suffix.slice(1).toLowerCase();

interface MatrixRow {
  menucode: string;
  label: string;
  group: string;
  functions: string[];
}

/** The whole catalogue: the function codes come from every page's actions, so every page file loads (once). */
function useWholeCatalogue(): Catalogue | undefined {
  const { definitions } = useEngine();
  const [catalogue, setCatalogue] = useState<Catalogue>();
  useEffect(() => {
    let current = true;
    void definitions.loadAll().then((loaded) => current && setCatalogue(loaded));
    return () => {
      current = false;
    };
  }, [definitions]);
  return catalogue;
}

function PermissionsWidget(props: WidgetProps) {
  const catalogue = useWholeCatalogue();
  const [filter, setFilter] = useState('');
  // Until every page is known a change would store an incomplete picture: the matrix waits.
  const disabled = props.disabled || props.readonly || !catalogue;

  const rows = useMemo<MatrixRow[]>(() => {
    if (!catalogue) return [];
    const byMenu = new Map<string, string[]>();
    for (const fn of functionCatalogue(catalogue)) byMenu.set(fn.menucode, [...(byMenu.get(fn.menucode) ?? []), fn.functioncode]);
    return catalogue.menus.map((menu) => ({ menucode: menu.menucode, label: menu.label, group: menu.groupPath.join(' / '), functions: byMenu.get(menu.menucode) ?? [] }));
  }, [catalogue]);

  const granted = useMemo(() => {
    const set = new Set<string>();
    for (const menu of (props.value as UserMenu[] | undefined) ?? []) for (const fn of menu.functions) if (fn.grant) set.add(fn.functioncode);
    return set;
  }, [props.value]);

  /** Every function of every menu with its flag: the whole picture, so a removed grant is stored as false. */
  const change = (codes: string[], grant: boolean) => {
    const next = new Set(granted);
    for (const code of codes) (grant ? next.add(code) : next.delete(code));
    props.onChange(rows.map((row) => ({ menucode: row.menucode, functions: row.functions.map((functioncode) => ({ functioncode, grant: next.has(functioncode) })) })));
  };

  const wanted = filter.trim().toLowerCase();
  const shown = wanted ? rows.filter((r) => `${r.group} ${r.label} ${r.menucode}`.toLowerCase().includes(wanted)) : rows;
  const box = (code: string, label?: string) => (
    <Checkbox key={code} aria-label={code} checked={granted.has(code)} disabled={disabled} onChange={(e) => change([code], e.target.checked)}>
      {label}
    </Checkbox>
  );

  return (
    <Space direction="vertical" style={{ width: '100%' }} id={props.id}>
      <Space wrap>
        <Input.Search allowClear placeholder="Filter menus" style={{ width: 260 }} onChange={(e) => setFilter(e.target.value)} />
        <Typography.Text type="secondary">
          {granted.size} of {rows.reduce((n, r) => n + r.functions.length, 0)} functions granted
        </Typography.Text>
      </Space>
      <Table<MatrixRow>
        className="engine-permissions"
        size="small"
        rowKey="menucode"
        pagination={false}
        loading={!catalogue}
        scroll={{ x: 'max-content', y: 440 }}
        dataSource={shown}
        columns={[
          {
            title: 'Menu',
            key: 'menu',
            width: 260,
            render: (_, row) => (
              <Space direction="vertical" size={0}>
                <Checkbox
                  aria-label={`All ${row.menucode}`}
                  checked={row.functions.every((f) => granted.has(f))}
                  indeterminate={row.functions.some((f) => granted.has(f)) && !row.functions.every((f) => granted.has(f))}
                  disabled={disabled}
                  onChange={(e) => change(row.functions, e.target.checked)}
                >
                  <Typography.Text strong>{row.label}</Typography.Text>
                </Checkbox>
                {row.group && <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 24 }}>{row.group}</Typography.Text>}
              </Space>
            ),
          },
          ...COLUMN_SUFFIXES.map((suffix) => ({
            title: title(suffix),
            key: suffix,
            width: 84,
            align: 'center' as const,
            render: (_: unknown, row: MatrixRow) => {
              const code = `${row.menucode}_${suffix}`;
              return row.functions.includes(code) ? box(code) : null;
            },
          })),
          {
            title: 'Other',
            key: 'other',
            render: (_, row) => (
              <Space wrap size={[8, 4]}>
                {row.functions.filter((f) => !COLUMN_SUFFIXES.includes(suffixOf(row.menucode, f))).map((f) => box(f, title(suffixOf(row.menucode, f))))}
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}

function GrantsWidget(props: WidgetProps) {
  const { definitions } = useEngine();
  const source = (props.options as { source?: FieldSource }).source;
  const selector = source ? definitions.selectors[source.selector] : undefined;
  const { options, loading } = useSelectorOptions(source?.selector);
  const idField = selector?.value ?? 'value';
  const entries = (props.value as Record<string, unknown>[] | undefined) ?? [];
  const grantOf = (id: unknown) => entries.some((e) => e[idField] === id && e.grant === true);
  const change = (id: unknown, grant: boolean) =>
    props.onChange(options.map((option) => ({ [idField]: option.value, grant: option.value === id ? grant : grantOf(option.value) })));

  if (!loading && options.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing to grant yet" />;
  return (
    <Space wrap size={[24, 12]} id={props.id} className="engine-grants">
      {options.map((option) => (
        <Space key={String(option.value)}>
          <Switch
            aria-label={option.label}
            checked={grantOf(option.value)}
            checkedChildren="Yes"
            unCheckedChildren="No"
            disabled={props.disabled || props.readonly}
            onChange={(checked) => change(option.value, checked)}
          />
          <span>{option.label}</span>
          <Tag>{String(option.value)}</Tag>
        </Space>
      ))}
    </Space>
  );
}

/**
 * rjsf renders arrays of objects as array fields, so the grant widgets come in as custom fields
 * ('ui:field'): the same widget props, taken from the field's props.
 */
function asField(Widget: (props: WidgetProps) => ReturnType<typeof PermissionsWidget>) {
  return function GrantField(props: FieldProps) {
    const widgetProps = {
      id: props.fieldPathId.$id,
      value: props.formData,
      options: props.uiSchema?.['ui:options'] ?? {},
      disabled: props.disabled,
      readonly: props.readonly || props.uiSchema?.['ui:readonly'] === true,
      onChange: (value: unknown) => props.onChange(value, props.fieldPathId.path),
    } as unknown as WidgetProps;
    return <Widget {...widgetProps} />;
  };
}

export const grantFields = { permissions: asField(PermissionsWidget), grants: asField(GrantsWidget) };
