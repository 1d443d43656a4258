// The wizard page kind: the steps bar, the current step (a record form, a list of rows with its row form,
// or the summary), Back / Next / Reset / Submit, and the stored result. The state is the registered machine
// of workflows/ built from the definition; this component only renders its snapshot and sends events.
import { use, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert, App, Button, Card, Descriptions, Modal, Result, Space, Steps, Table, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ResponseEnvelope } from '../api/envelope';
import type { Catalogue } from '../definition/catalogue';
import { CONFIRM_TEXTS, WIZARD_SUBMIT_FUNCTION, resolveField } from '../definition/compile';
import { formatValue } from '../definition/format';
import type { FieldDefinition, ScreenDefinition, WizardPage } from '../definition/screen';
import { appliedSteps, compileWizard, filledRow, stepResources, rowsWithInherited, stepRequired, type FormValues, type WizardModel, type WizardStepModel } from '../definition/wizardPage';
import { WIZARD_MACHINES } from '../../workflows/wizardMachines';
import { wizardPosition, type StepCheckInput, type SubmitInput, type WizardContext } from '../../workflows/wizardMachine';
import { displayValue } from './displayValue';
import { useEngine } from './EngineContext';
import type { PageViewProps } from './pageViewProps';
import { ImageValue } from './ImageValue';
import { RecordDetails } from './RecordDetails';
import { RecordForm } from './RecordForm';
import { useReferenceLabels } from './useReferenceLabels';
import { StepAnswer, StepContext } from './WizardAnswers';

// not in spec: the wizard's buttons.
export const WIZARD_BUTTONS = {
  back: 'Back',
  next: 'Next',
  reset: 'Reset',
  submit: 'Submit',
  add: 'Add {item}',
  edit: 'Edit',
  remove: 'Remove',
  save: 'Save',
  cancel: 'Cancel',
  startOver: 'Start a New One',
  noRows: 'No {item} yet',
  noGrant: 'Your role may view this flow but not submit it',
} as const;

const fill = (text: string, item: string) => text.replace('{item}', item);
const valuesOf = (context: WizardContext, step: WizardStepModel): FormValues => {
  const values = context.draft[step.key];
  return values && !Array.isArray(values) ? values : {};
};

/** A read-only table of a list step's rows (its inherited columns first), with optional row actions. */
function RowsTable({ step, rows, actions }: { step: WizardStepModel; rows: FormValues[]; actions?: (index: number) => ReactNode }) {
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

/** A step check's answer without the values the step's own form already shows. */
function beyondForm(step: WizardModel['steps'][number], answer: unknown): Record<string, unknown> | undefined {
  if (!answer || typeof answer !== 'object') return undefined;
  const own = new Set(step.form?.fields.map((f) => f.name));
  return Object.fromEntries(Object.entries(answer as Record<string, unknown>).filter(([name]) => !own.has(name)));
}

/** What the stored draft answered, labelled by the fields of the wizard's forms and of their resources' screens. */
function StoredResult({ result, wizard, catalogue, declared }: { result: unknown; wizard: WizardModel; catalogue: Pick<Catalogue, 'screenByResource'>; declared?: FieldDefinition[] }) {
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
      return (
        <Result
          status="success"
          title={context.message}
          extra={[
            <Button key="again" type="primary" onClick={() => send({ type: 'RESET' })}>
              {WIZARD_BUTTONS.startOver}
            </Button>,
            ...(listMenu && can(`${listMenu.menucode}_ACCESS`) ? [<Link key="list" to={listMenu.path!}><Button>{listMenu.label}</Button></Link>] : []),
          ]}
        >
          <StoredResult result={context.result} wizard={wizard} catalogue={catalogue} declared={wizard.resultFields} />
        </Result>
      );
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
            initial={valuesOf(context, step)}
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
    // The summary: every earlier step read back, each with a way back to it, then the quote Submit will keep to.
    return (
      <>
        {steps.slice(0, index).map((earlier) => (
          <section key={earlier.key} className="engine-wizard-summary">
            <div className="engine-toolbar">
              <Typography.Title level={5} style={{ margin: 0 }}>
                {earlier.title}
              </Typography.Title>
              <Button type="link" icon={<EditOutlined />} onClick={() => send({ type: 'GOTO', step: earlier.key })}>
                {WIZARD_BUTTONS.edit}
              </Button>
            </div>
            {earlier.kind === 'form' ? <RecordDetails screen={earlier.form!} record={valuesOf(context, earlier)} /> : <RowsTable step={earlier} rows={rowsWithInherited(earlier, context.draft)} />}
            {/* What the step's server check answered: its declared answer, else what lies beyond the step's own fields (a transfer's fee). */}
            {earlier.answer ? (
              <StepAnswer fields={earlier.answer} answer={context.checked[earlier.key]} />
            ) : (
              <StoredResult result={beyondForm(earlier, context.checked[earlier.key])} wizard={wizard} catalogue={catalogue} />
            )}
          </section>
        ))}
        {step.answer && inner === 'reviewing' && (
          <section className="engine-wizard-summary engine-wizard-quote">
            <StepAnswer title={step.title} fields={step.answer} answer={context.checked[step.key]} />
          </section>
        )}
      </>
    );
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
      <div className="engine-wizard-body">{body()}</div>
      {footer}
    </Card>
  );
}
