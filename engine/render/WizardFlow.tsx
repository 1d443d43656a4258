// The wizard page kind: the steps bar, the current step (a record form, a list of rows with its row form,
// or the summary), Back / Next / Reset / Submit, and the stored result. The state is the registered machine
// of workflows/ built from the definition; this component only renders its snapshot and sends events.
import { lazy, Suspense, type ReactNode } from 'react';
import { Alert, App, Card, Spin, Steps, Typography } from 'antd';
import { CONFIRM_TEXTS } from '../definition/compile';
import type { WizardPage } from '../definition/screen';
import { stepRequired, stepValues } from '../definition/wizardPage';
import { useEngine } from './EngineContext';
import type { PageViewProps } from './pageViewProps';
import { RecordForm } from './RecordForm';
import { StepAnswer, StepContext } from './WizardAnswers';
import { useWizardController } from './controllers/useWizardController';
import { ListStep } from './WizardListStep';
import { WizardFooter } from './WizardFooter';

// The summary and the stored result load when the flow first reaches them.
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

