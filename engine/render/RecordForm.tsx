// A screen's record form: the rjsf schema compiled from the fields, the engine's widgets, the rule
// language's messages on blur and on submit, and the server's field messages on their fields.
import { useMemo, useRef, useState } from 'react';
import { withTheme } from '@rjsf/core';
import { generateTemplates } from '@rjsf/antd/lib/templates/index.js';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { formFields, formSchema, isRequired, stepEmpty, validateRecord, type FormMode } from '../definition/compile';
import type { ScreenDefinition } from '../definition/screen';
import { engineFields, engineWidgets } from './widgets/formWidgets';
import { formValidator } from './formValidator';
import { TwoColumns } from './TwoColumns';

type Values = Record<string, unknown>;

interface RecordFormProps {
  screen: ScreenDefinition;
  mode: FormMode;
  initial: Values;
  /** Field messages the server answered, shown on their fields until the field changes. */
  serverErrors: Record<string, string>;
  formId: string;
  onSubmit(values: Values): void;
  /** Every change as typed (a wizard keeps its draft in its machine, so Back keeps what was typed). */
  onChange?(values: Values): void;
  /** Fields shown but not editable whatever the mode (a child's parent key inside its parent's page). */
  locked?: readonly string[];
  /** Left empty, the form submits without its rules (a wizard's optional step); once anything is typed they apply. */
  optional?: boolean;
  /** The values a change makes, from the values before it (a wizard row's Self Usage fills in the member). */
  derive?(next: Values, before: Values): Values;
}

/**
 * rjsf with antd's templates (labels, messages, layout) and the engine's widgets only: every field names an engine
 * widget, so antd theme's own widgets (its Slider, Radio and Checkbox groups) would never draw.
 */
const Form = withTheme({ templates: generateTemplates() });

const asErrorSchema = (errors: Record<string, string>): ErrorSchema =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, { __errors: [message] }])) as ErrorSchema;

export function RecordForm({ screen, mode, initial, serverErrors, formId, onSubmit, onChange, locked, optional = false, derive }: RecordFormProps) {
  const { schema, uiSchema } = useMemo(() => {
    const compiled = formSchema(screen, mode);
    for (const name of locked ?? []) {
      const ui = compiled.uiSchema[name] as Record<string, unknown> | undefined;
      if (ui) compiled.uiSchema[name] = { ...ui, 'ui:readonly': true };
    }
    return compiled;
  }, [screen, mode, locked]);
  const [values, setValues] = useState<Values>(initial);
  // The values as last changed, ahead of the render: two quick changes (a parent, then its child)
  // must compare with each other, not with the values of a render that has not happened yet.
  const latest = useRef<Values>(initial);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [changedSinceServer, setChangedSinceServer] = useState<Set<string>>(new Set());
  const dependents = useMemo(() => formFields(screen, mode).filter((f) => f.field.source?.dependsOn), [screen, mode]);
  // A field required unless another is on shows its mark while it is required (Max Member unless Unlimited).
  const conditional = useMemo(() => formFields(screen, mode).filter((f) => (f.field.requiredUnless || f.field.requiredWhen) && !f.readOnly), [screen, mode]);
  const shownSchema =
    conditional.length === 0 ? schema : { ...schema, required: [...(schema.required as string[]), ...conditional.filter((f) => isRequired(f.field, values)).map((f) => f.field.name)] };

  const skipped = (data: Values) => optional && stepEmpty(data);
  const ruleErrors = mode === 'view' || skipped(values) ? {} : validateRecord(screen, values, mode);
  const shown: Record<string, string> = {};
  for (const [field, message] of Object.entries(ruleErrors)) if (submitted || touched.has(field)) shown[field] = message;
  for (const [field, message] of Object.entries(serverErrors)) if (!changedSinceServer.has(field) && !shown[field]) shown[field] = message;

  const change = (next: Values) => {
    const before = latest.current;
    const updated = derive ? derive({ ...next }, before) : { ...next };
    const changed = Object.keys(updated).filter((k) => updated[k] !== before[k]);
    // Cascading selects: a new parent value clears its children.
    for (const { field } of dependents) if (changed.includes(field.source!.dependsOn!.field)) updated[field.name] = undefined;
    setChangedSinceServer((shown) => new Set([...shown, ...changed]));
    latest.current = updated;
    setValues(updated);
    onChange?.(updated);
  };

  return (
    <Form
      id={formId}
      schema={shownSchema as RJSFSchema}
      uiSchema={{ ...(uiSchema as UiSchema), 'ui:submitButtonOptions': { norender: true } }}
      formData={values}
      validator={formValidator}
      // A choice without a default starts empty, showing its placeholder, never its first option.
      experimental_defaultFormStateBehavior={{ constAsDefaults: 'never' }}
      widgets={engineWidgets}
      fields={engineFields}
      templates={{ ObjectFieldTemplate: TwoColumns }}
      formContext={{ formData: values, descriptionLocation: 'tooltip' }}
      readonly={mode === 'view'}
      noHtml5Validate
      showErrorList={false}
      // Messages come from the rule language only, never from JSON Schema keywords.
      transformErrors={() => []}
      extraErrors={asErrorSchema(shown)}
      onChange={(event) => change((event.formData ?? {}) as Values)}
      onBlur={(id) => setTouched((before) => new Set([...before, id.replace(/^root_/, '')]))}
      onSubmit={(event) => {
        const data = (event.formData ?? {}) as Values;
        setSubmitted(true);
        // The rule language decides; its messages show through extraErrors on every field at once.
        if (mode === 'view' || (!skipped(data) && Object.keys(validateRecord(screen, data, mode)).length > 0)) return;
        setChangedSinceServer(new Set());
        // Only what the form edits, and the key that names the record.
        const editable = formFields(screen, mode).filter((f) => !f.readOnly).map((f) => f.field.name);
        onSubmit(Object.fromEntries([...screen.resource.key, ...editable].map((name) => [name, data[name]])));
      }}
    />
  );
}
