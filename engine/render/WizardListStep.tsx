// A wizard's list step: its rows (Edit, Remove each), Add, and the row's form in a modal.
import { lazy, Suspense } from 'react';
import { Button, Modal, Space, Spin, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { filledRow, rowsWithInherited } from '../definition/wizardPage';
import { RecordForm } from './RecordForm';
import { StepContext } from './WizardAnswers';
import { WIZARD_BUTTONS, fill } from './wizardTexts';
import { type WizardController } from './controllers/useWizardController';

// The list step's table loads when the flow first reaches it.
const RowsTable = lazy(() => import('./WizardRows'));

/** A list step: its rows (Edit, Remove each), Add, and the row's form in a modal. */
export function ListStep({ flow, formId }: { flow: WizardController; formId: string }) {
  const { wizard, context, send, inner } = flow;
  const step = flow.step!;
  const rowFormId = `${formId}-row`;
  const item = step.list!.itemLabel;
  const rows = rowsWithInherited(step, context.draft);
  const editing = inner === 'row';
  const initial = editing && context.rowIndex !== undefined ? (rows[context.rowIndex] ?? {}) : {};
  return (
    <>
      <StepContext wizard={wizard} step={step} checked={context.checked} />
      <div className="engine-toolbar">
        <Typography.Text type="secondary">{step.title}</Typography.Text>
        <Button icon={<PlusOutlined />} onClick={() => send({ type: 'ADD_ROW' })}>
          {fill(WIZARD_BUTTONS.add, item)}
        </Button>
      </div>
      <Suspense fallback={<Spin />}>
        <RowsTable
          step={step}
          rows={rows}
          actions={(i) => (
            <Space size={0}>
              <Tooltip title={WIZARD_BUTTONS.edit}>
                <Button type="text" icon={<EditOutlined />} aria-label={WIZARD_BUTTONS.edit} onClick={() => send({ type: 'EDIT_ROW', index: i })} />
              </Tooltip>
              <Tooltip title={WIZARD_BUTTONS.remove}>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={WIZARD_BUTTONS.remove} onClick={() => send({ type: 'REMOVE_ROW', index: i })} />
              </Tooltip>
            </Space>
          )}
        />
      </Suspense>
      <Modal
        open={editing}
        title={`${context.rowIndex === undefined ? 'Add' : 'Edit'} ${item}`}
        onCancel={() => send({ type: 'CANCEL_ROW' })}
        destroyOnHidden
        width={720}
        footer={
          <Space>
            <Button onClick={() => send({ type: 'CANCEL_ROW' })}>{WIZARD_BUTTONS.cancel}</Button>
            <Button type="primary" htmlType="submit" form={rowFormId}>
              {WIZARD_BUTTONS.save}
            </Button>
          </Space>
        }
      >
        {editing && (
          <RecordForm
            key={`${step.key}-${context.rowIndex ?? 'new'}-${context.revision}`}
            screen={step.form!}
            mode="create"
            initial={initial}
            serverErrors={context.errors}
            formId={rowFormId}
            derive={(next, before) => filledRow(step, next, before, context.checked)}
            onSubmit={(row) => send({ type: 'SAVE_ROW', row })}
          />
        )}
      </Modal>
    </>
  );
}
