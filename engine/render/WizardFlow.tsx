// The wizard page kind: the steps bar, the current step (a record form, a list of rows with its row form,
// or the summary), Back / Next / Reset / Submit, and the stored result. The state is the registered machine
// of workflows/ built from the definition; this component only renders its snapshot and sends events.
import { lazy, Suspense, type ReactNode } from 'react';
import { Alert, App, Button, Card, Modal, Space, Spin, Steps, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CONFIRM_TEXTS, WIZARD_SUBMIT_FUNCTION } from '../definition/compile';
import type { WizardPage } from '../definition/screen';
import { filledRow, rowsWithInherited, stepRequired, stepValues } from '../definition/wizardPage';
import { useEngine } from './EngineContext';
import type { PageViewProps } from './pageViewProps';
import { RecordForm } from './RecordForm';
import { StepAnswer, StepContext } from './WizardAnswers';
import { WIZARD_BUTTONS, fill } from './wizardTexts';
import { useWizardController, type WizardController } from './controllers/useWizardController';

// The list step's table, the summary and the stored result load when the flow first reaches them.
const RowsTable = lazy(() => import('./WizardRows'));
const WizardSummary = lazy(() => import('./WizardResults').then((m) => ({ default: m.WizardSummary })));
const WizardDone = lazy(() => import('./WizardResults').then((m) => ({ default: m.WizardDone })));

export default function WizardFlow({ page }: PageViewProps) {
  const flow = useWizardController(page as WizardPage);
  const { wizard, catalogue, context, send, stepKey, inner, done, steps, index, step } = flow;
  const { can, definitions } = useEngine();
  const { modal } = App.useApp();
  const formId = `wizard-${wizard.menucode}-${stepKey}`;
  const resourceScreen = wizard.steps.map((s) => (s.form ? catalogue.screenByResource.get(s.form.resource.name) : undefined)).find(Boolean);
  const listMenu = resourceScreen && definitions.menus.find((m) => m.menucode === resourceScreen.menucode && m.path);

  const reset = () => modal.confirm({ title: CONFIRM_TEXTS.generic, okText: 'Yes', cancelText: 'No', onOk: () => send({ type: 'RESET' }) });

  const body = (): ReactNode => {
    if (done) {
      const offered = listMenu && can(`${listMenu.menucode}_ACCESS`) ? listMenu : undefined;
      return <WizardDone wizard={wizard} catalogue={catalogue} context={context} listMenu={offered} send={send} />;
    }
    if (!step) return null;
    if (step.kind === 'form') {
      return (
        <>
          <StepContext wizard={wizard} step={step} checked={context.checked} />
          <RecordForm
            key={`${step.key}-${context.revision}`}
            screen={step.form!}
            mode="create"
            initial={stepValues(step, context.draft)}
            serverErrors={context.errors}
            formId={formId}
            optional={!stepRequired(step, context.draft)}
            onChange={(values) => send({ type: 'EDIT', values })}
            onSubmit={(values) => send({ type: 'NEXT', values })}
          />
          {/* A preview step's answer as its values change: the award's price, the certificate being changed. */}
          {step.preview && step.answer && <StepAnswer className="engine-wizard-preview" fields={step.answer} answer={context.checked[step.key]} />}
        </>
      );
    }
    if (step.kind === 'list') return <ListStep flow={flow} formId={formId} />;
    return <WizardSummary wizard={wizard} catalogue={catalogue} context={context} earlier={steps.slice(0, index)} step={step} reviewing={inner === 'reviewing'} send={send} />;
  };

  const footer = done ? null : <WizardFooter flow={flow} formId={formId} onReset={reset} />;

  return (
    <Card className="engine-panel">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {wizard.title}
      </Typography.Title>
      <Steps
        className="engine-wizard-steps"
        current={index}
        size="small"
        // Only steps already passed can be gone back to.
        onChange={(to) => {
          if (!done && to < index) send({ type: 'GOTO', step: steps[to]!.key });
        }}
        items={steps.map((s, i) => ({ title: s.title, disabled: done || i > index, status: done ? 'finish' : undefined }))}
      />
      {context.message && !done && (
        <Alert className="engine-wizard-message" type="error" showIcon title={context.message} />
      )}
      <div className="engine-wizard-body">
        <Suspense fallback={<Spin />}>{body()}</Suspense>
      </div>
      {footer}
    </Card>
  );
}

/** A list step: its rows (Edit, Remove each), Add, and the row's form in a modal. */
function ListStep({ flow, formId }: { flow: WizardController; formId: string }) {
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

/** Reset, and Back / Next / Submit as the step allows (Submit needs the wizard's submit function). */
function WizardFooter({ flow, formId, onReset }: { flow: WizardController; formId: string; onReset(): void }) {
  const { wizard, inner, index, step } = flow;
  const { can } = useEngine();
  const mayDo = can(`${wizard.menucode}_${WIZARD_SUBMIT_FUNCTION}`);
  const send = flow.send;
  const busy = inner === 'checking' || inner === 'submitting' || inner === 'quoting';
  return (
    <div className="engine-wizard-actions">
      <Button onClick={onReset} disabled={inner === 'submitting'}>
        {WIZARD_BUTTONS.reset}
      </Button>
      <Space>
        {index > 0 && (
          <Button onClick={() => send({ type: 'BACK' })} disabled={busy}>
            {WIZARD_BUTTONS.back}
          </Button>
        )}
        {step?.kind === 'form' && (
          <Button type="primary" htmlType="submit" form={formId} loading={inner === 'checking'}>
            {WIZARD_BUTTONS.next}
          </Button>
        )}
        {step?.kind === 'list' && (
          <Button type="primary" onClick={() => send({ type: 'NEXT' })}>
            {WIZARD_BUTTONS.next}
          </Button>
        )}
        {step?.kind === 'summary' && (
          <Tooltip title={mayDo ? undefined : WIZARD_BUTTONS.noGrant}>
            <Button type="primary" onClick={() => send({ type: 'SUBMIT' })} loading={inner === 'submitting' || inner === 'quoting'} disabled={!mayDo}>
              {WIZARD_BUTTONS.submit}
            </Button>
          </Tooltip>
        )}
      </Space>
    </div>
  );
}
