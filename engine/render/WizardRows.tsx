// A wizard list step's rows as a read-only table (its inherited columns first), with optional row actions: drawn
// by the list step and by the summary, so antd's Table loads with the first of them, not with every wizard.
import { useMemo, type ReactNode } from 'react';
import { Table } from 'antd';
import { resolveField } from '../definition/compile';
import type { FormValues, WizardStepModel } from '../definition/wizardPage';
import { displayValue } from './displayValue';
import { useReferenceLabels } from './useReferenceLabels';
import { WIZARD_BUTTONS, fill } from './wizardTexts';

export default function RowsTable({ step, rows, actions }: { step: WizardStepModel; rows: FormValues[]; actions?: (index: number) => ReactNode }) {
  const fields = useMemo(() => step.form!.fields.map((f) => resolveField(f)), [step]);
  const labels = useReferenceLabels(fields, rows);
  const inherited = step.list!.inherit;
  return (
    <Table<FormValues>
      rowKey={(_row, index) => String(index)}
      dataSource={rows}
      pagination={false}
      size="middle"
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: fill(WIZARD_BUTTONS.noRows, step.list!.itemLabel) }}
      columns={[
        { title: 'No', key: '__no', width: 64, render: (_v, _r, index) => index + 1 },
        ...inherited.map((field) => ({ title: field.label, dataIndex: field.name, key: field.name })),
        ...fields.map((field) => ({
          title: field.label,
          dataIndex: field.name,
          key: field.name,
          render: (value: unknown) => displayValue(field, value, field.source ? labels.get(field.source.selector) : undefined),
        })),
        ...(actions ? [{ title: 'Action', key: '__actions', fixed: 'right' as const, render: (_: unknown, _row: FormValues, index: number) => actions(index) }] : []),
      ]}
    />
  );
}
