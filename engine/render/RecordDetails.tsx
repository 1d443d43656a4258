// A record in view mode: label and value lines by section (as the table shows them: formats, status tags,
// references by label), JSON values pretty-printed, grant fields as their widgets, read-only.
import type { ReactNode } from 'react';
import { Descriptions, Typography } from 'antd';
import { formFields, type FormField } from '../definition/compile';
import type { ScreenDefinition } from '../definition/screen';
import { displayValue } from './displayValue';
import { ChangeTable } from './ChangeTable';
import { ImageValue } from './ImageValue';
import { useReferenceLabels } from './useReferenceLabels';
import { grantFields } from './widgets/GrantWidgets';

type Row = Record<string, unknown>;

function json(value: unknown): ReactNode {
  if (typeof value !== 'string' || value === '') return undefined;
  try {
    return <pre className="engine-json">{JSON.stringify(JSON.parse(value), null, 2)}</pre>;
  } catch {
    return value;
  }
}

/** Long text keeps its lines, and its web links can be followed (a mail's link in the outbox). */
function longText(value: unknown): ReactNode {
  if (typeof value !== 'string' || value === '') return undefined;
  const parts = value.split(/(https?:\/\/[^\s]+)/g);
  return (
    <span className="engine-text">
      {parts.map((part, i) => (i % 2 === 1 ? <a key={i} href={part} target="_blank" rel="noreferrer noopener">{part}</a> : part))}
    </span>
  );
}

export function RecordDetails({ screen, record }: { screen: ScreenDefinition; record: Row }) {
  const fields = formFields(screen, 'view');
  const labels = useReferenceLabels(fields.map((f) => f.field), [record]);

  const valueOf = ({ field }: FormField): ReactNode => {
    const value = record[field.name];
    if (field.widget === 'permissions' || field.widget === 'grants') {
      const Grant = grantFields[field.widget];
      const props = { formData: value, uiSchema: { 'ui:options': { source: field.source } }, readonly: true, fieldPathId: { $id: field.name, path: [field.name] }, onChange: () => undefined };
      return <Grant {...(props as unknown as Parameters<typeof Grant>[0])} />;
    }
    if (field.format === 'diff') return <ChangeTable value={value} />;
    if (field.format === 'image') return <ImageValue value={value} alt={field.label} />;
    const shown = field.format === 'json' ? json(value) : field.type === 'text' ? longText(value) : displayValue(field, value, field.source ? labels.get(field.source.selector) : undefined);
    return shown === '' || shown === null || shown === undefined ? <Typography.Text type="secondary">–</Typography.Text> : shown;
  };

  /** Two per row; a wide field takes a row of its own (the field before it fills its row). */
  const items = (section: FormField[]) => {
    const result: { key: string; label: string; span: number; children: ReactNode }[] = [];
    let column = 0;
    for (const f of section) {
      if (f.wide && column === 1) result[result.length - 1]!.span = 2;
      result.push({ key: f.field.name, label: f.field.label, span: f.wide ? 2 : 1, children: valueOf(f) });
      column = f.wide ? 0 : (column + 1) % 2;
    }
    if (column === 1) result[result.length - 1]!.span = 2;
    return result;
  };

  const sections: { title: string | undefined; fields: FormField[] }[] = [];
  for (const field of fields) {
    const last = sections[sections.length - 1];
    if (last && (field.section === undefined || field.section === last.title)) last.fields.push(field);
    else sections.push({ title: field.section, fields: [field] });
  }
  return (
    <div className="engine-details">
      {sections.map((section, i) => (
        <Descriptions
          key={section.title ?? i}
          title={section.title}
          bordered
          size="small"
          column={2}
          style={{ marginBottom: 16 }}
          items={items(section.fields)}
        />
      ))}
    </div>
  );
}
