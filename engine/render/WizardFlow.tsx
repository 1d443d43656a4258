// The wizard page kind: the steps bar, the current step (a record form, a list of rows with its row form,
// or the summary), Back / Next / Reset / Submit, and the stored result. The state is the registered machine
// of workflows/ built from the definition; this component only renders its snapshot and sends events.
import { lazy, Suspense, use, useMemo, type ReactNode } from 'react';
import { Alert, App, Button, Card, Modal, Space, Spin, Steps, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ResponseEnvelope } from '../api/envelope';
import { CONFIRM_TEXTS, WIZARD_SUBMIT_FUNCTION } from '../definition/compile';
import type { WizardPage } from '../definition/screen';
import { appliedSteps, compileWizard, filledRow, stepResources, rowsWithInherited, stepRequired, stepValues } from '../definition/wizardPage';
import { WIZARD_MACHINES } from '../../workflows/wizardMachines';
import { wizardPosition, type StepCheckInput, type SubmitInput, type WizardContext } from '../../workflows/wizardMachine';
import { useEngine } from './EngineContext';
import type { PageViewProps } from './pageViewProps';
import { RecordForm } from './RecordForm';
import { StepAnswer, StepContext } from './WizardAnswers';
import { WIZARD_BUTTONS, fill } from './wizardTexts';

// The list step's table, the summary and the stored result load when the flow first reaches them.
const RowsTable = lazy(() => import('./WizardRows'));
const WizardSummary = lazy(() => import('./WizardResults').then((m) => ({ default: m.WizardSummary })));
const WizardDone = lazy(() => import('./WizardResults').then((m) => ({ default: m.WizardDone })));

export default function WizardFlow({ page }: PageViewProps) {
  const { call, can, definitions } = useEngine();
  const { modal } = App.useApp();
  // A step may take a list screen's form by its resource: any page may declare it.
  const catalogue = use(definitions.loadResources(stepResources(page as WizardPage)));
  const wizard = useMemo(() => compileWizard(page as WizardPage, catalogue), [page, catalogue]);
  const machine = useMemo(
    () =>
      WIZARD_MACHINES[wizard.machine]!(wizard).provide({
        actors: {
          checkStep: fromPromise<ResponseEnvelope, StepCheckInput>(({ input }) => call(input.path, { data: input.earlier ? { values: input.values, earlier: input.earlier } : input.values })),
          submitDraft: fromPromise<ResponseEnvelope, SubmitInput>(({ input }) => call(input.path, { data: input.draft })),
        },
      }),
    [wizard, call],
  );
  const [snapshot, send] = useMachine(machine);
  const context = snapshot.context as WizardContext;
  const { step: stepKey, inner } = wizardPosition(snapshot.value);
  const done = stepKey === 'done';
  // The steps of this flow as the checks so far make it (a hotel stay has no flight search).
  const steps = appliedSteps(wizard, context.checked);
  const index = done ? steps.length : steps.findIndex((s) => s.key === stepKey);
  const step = steps[index];
  const mayDo = can(`${wizard.menucode}_${WIZARD_SUBMIT_FUNCTION}`);
  const formId = `wizard-${wizard.menucode}-${stepKey}`;
  const rowFormId = `${formId}-row`;
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
    if (step.kind === 'list') {
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
    return <WizardSummary wizard={wizard} catalogue={catalogue} context={context} earlier={steps.slice(0, index)} step={step} reviewing={inner === 'reviewing'} send={send} />;
  };

  const busy = inner === 'checking' || inner === 'submitting' || inner === 'quoting';
  const footer = done ? null : (
    <div className="engine-wizard-actions">
      <Button onClick={reset} disabled={inner === 'submitting'}>
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
