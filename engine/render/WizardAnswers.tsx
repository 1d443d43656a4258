// What a wizard's checks answered, shown where the clerk decides: a step's answer (labelled by its declared
// `answer` fields), the earlier answers a step names as its context, and the summary's quote.
import { Descriptions } from 'antd';
import { resolveField } from '../definition/compile';
import { displayValue } from './displayValue';
import { useReferenceLabels } from './useReferenceLabels';
import type { FieldDefinition } from '../definition/screen';
import { stepContext, type Checked, type WizardModel, type WizardStepModel } from '../definition/wizardPage';

/** The declared fields the answer holds, in their order (a field the answer leaves out does not show). */
export function StepAnswer({ fields, answer, title, className }: { fields: FieldDefinition[]; answer: unknown; title?: string; className?: string }) {
  const values = answer && typeof answer === 'object' ? (answer as Record<string, unknown>) : {};
  // References (the member's tier) by their labels, as every other place shows them.
  const labels = useReferenceLabels(fields, [values]);
  const items = fields
    .filter((f) => Object.hasOwn(values, f.name) && values[f.name] !== null && typeof values[f.name] !== 'object')
    .map((f) => {
      const field = resolveField(f);
      return { key: f.name, label: field.label, children: displayValue(field, values[f.name], f.source ? labels.get(f.source.selector) : undefined) };
    });
  if (items.length === 0) return null;
  return <Descriptions className={className} title={title} bordered size="small" column={{ xs: 1, md: 3 }} items={items} style={{ marginBottom: 16 }} />;
}

/** The earlier steps' answers a step shows above its form (the member's balance while the award is chosen). */
export function StepContext({ wizard, step, checked }: { wizard: WizardModel; step: WizardStepModel; checked: Checked }) {
  return (
    <>
      {stepContext(wizard, step, checked).map(({ step: from, fields, values }) => (
        <StepAnswer key={from.key} className="engine-wizard-context" title={from.title} fields={fields} answer={values} />
      ))}
    </>
  );
}
