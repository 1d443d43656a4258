// A role's permissions as a matrix: a row per menu of the whole catalogue, a column per standard function
// (ACCESS, then the actions), any other function under 'Other'.
import { useMemo, useState } from 'react';
import { Checkbox, Input, Space, Table, Typography } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { functionCatalogue } from '../../definition/catalogue';
import { COLUMN_SUFFIXES, suffixOf, title, useWholeCatalogue, type MatrixRow, type UserMenu } from './permissionMatrix';

export function PermissionsWidget(props: WidgetProps) {
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
