// What a wizard shows once its steps are filled in: the summary (every earlier step read back, each with a way
// back to it, then the quote Submit will keep to) and the stored result. They load with the summary, so the first
// steps do not bring antd's Result, the details and the rows' table.
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { Button, Descriptions, Result, Spin, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { Catalogue } from '../definition/catalogue';
import { resolveField } from '../definition/compile';
import type { FlatMenuItem } from '../definition/menuTree';
import type { FieldDefinition, ScreenDefinition } from '../definition/screen';
import { beyondForm, rowsWithInherited, stepValues, type WizardModel, type WizardStepModel } from '../definition/wizardPage';
import type { WizardContext, WizardEvent } from '../../workflows/wizardMachine';
import { displayValue } from './displayValue';
import { ImageValue } from './ImageValue';
import { RecordDetails } from './RecordDetails';
import { useReferenceLabels } from './useReferenceLabels';
import { StepAnswer } from './WizardAnswers';
import { WIZARD_BUTTONS } from './wizardTexts';

const RowsTable = lazy(() => import('./WizardRows'));

type ResourceScreens = Pick<Catalogue, 'screenByResource'>;

/** What the stored draft answered, labelled by the fields of the wizard's forms and of their resources' screens. */
function StoredResult({ result, wizard, catalogue, declared }: { result: unknown; wizard: WizardModel; catalogue: ResourceScreens; declared?: FieldDefinition[] }) {
  const screens: ScreenDefinition[] = wizard.steps.flatMap((step) => (step.form ? [catalogue.screenByResource.get(step.form.resource.name) ?? step.form] : []));
  const fields = new Map(declared ? declared.map((f) => [f.name, resolveField(f)] as const) : screens.flatMap((screen) => screen.fields.map((f) => [f.name, resolveField(f)] as const)).reverse());
  const answer = result && typeof result === 'object' ? (result as Record<string, unknown>) : {};
  // Declared answer fields show in their order; otherwise in the answer's.
  const values = declared ? declared.filter((f) => Object.hasOwn(answer, f.name)).map((f) => [f.name, answer[f.name]] as const) : Object.entries(answer);
  const labels = useReferenceLabels([...fields.values()], [answer]);
  const items = values.flatMap(([name, value]) => {
    const field = fields.get(name);
    if (!field || value === null || typeof value === 'object') return [];
    const shown = field.format === 'image' ? <ImageValue value={value} alt={field.label} /> : displayValue(field, value, field.source ? labels.get(field.source.selector) : undefined);
    return [{ key: name, label: field.label, children: shown }];
  });
  return items.length > 0 ? <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={items} style={{ maxWidth: 880, margin: '0 auto' }} /> : null;
}

interface SummaryProps {
  wizard: WizardModel;
  catalogue: ResourceScreens;
  context: WizardContext;
  /** The steps before the summary, as the checks made the flow. */
  earlier: WizardStepModel[];
  /** The summary step itself. */
  step: WizardStepModel;
  reviewing: boolean;
  send(event: WizardEvent): void;
}

export function WizardSummary({ wizard, catalogue, context, earlier, step, reviewing, send }: SummaryProps) {
  return (
    <>
      {earlier.map((done) => (
        <section key={done.key} className="engine-wizard-summary">
          <div className="engine-toolbar">
            <Typography.Title level={5} style={{ margin: 0 }}>
              {done.title}
            </Typography.Title>
            <Button type="link" icon={<EditOutlined />} onClick={() => send({ type: 'GOTO', step: done.key })}>
              {WIZARD_BUTTONS.edit}
            </Button>
          </div>
          {done.kind === 'form' ? (
            <RecordDetails screen={done.form!} record={stepValues(done, context.draft)} />
          ) : (
            <Suspense fallback={<Spin />}>
              <RowsTable step={done} rows={rowsWithInherited(done, context.draft)} />
            </Suspense>
          )}
          {/* What the step's server check answered: its declared answer, else what lies beyond the step's own fields (a transfer's fee). */}
          {done.answer ? (
            <StepAnswer fields={done.answer} answer={context.checked[done.key]} />
          ) : (
            <StoredResult result={beyondForm(done, context.checked[done.key])} wizard={wizard} catalogue={catalogue} />
          )}
        </section>
      ))}
      {step.answer && reviewing && (
        <section className="engine-wizard-summary engine-wizard-quote">
          <StepAnswer title={step.title} fields={step.answer} answer={context.checked[step.key]} />
        </section>
      )}
    </>
  );
}

interface DoneProps {
  wizard: WizardModel;
  catalogue: ResourceScreens;
  context: WizardContext;
  /** The list screen of the wizard's records, offered when the user may open it. */
  listMenu: FlatMenuItem | undefined;
  send(event: WizardEvent): void;
}

export function WizardDone({ wizard, catalogue, context, listMenu, send }: DoneProps) {
  return (
    <Result
      status="success"
      title={context.message}
      extra={[
        <Button key="again" type="primary" onClick={() => send({ type: 'RESET' })}>
          {WIZARD_BUTTONS.startOver}
        </Button>,
        ...(listMenu ? [<Link key="list" to={listMenu.path!}><Button>{listMenu.label}</Button></Link>] : []),
      ]}
    >
      <StoredResult result={context.result} wizard={wizard} catalogue={catalogue} declared={wizard.resultFields} />
    </Result>
  );
}
