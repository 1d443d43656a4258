// One record of a screen in a form: its detail loaded to edit or view, a new one to create, and the save
// (create or update) with the server's field errors kept beside the values typed; a secret a create answers
// (the screen's revealOnCreate) is shown once.
import { useState } from 'react';
import { App } from 'antd';
import { isSuccess } from '../../api/envelope';
import type { FormMode } from '../../definition/compile';
import type { ScreenDefinition } from '../../definition/screen';
import { PREVIEW_NOTHING_SAVED, useEngine } from '../EngineContext';
import { showErrorToast } from '../errorToast';
import { revealSecret } from '../revealSecret';

type Row = Record<string, unknown>;

export interface OpenRecord {
  mode: FormMode;
  record: Row;
  errors: Record<string, string>;
}

interface RecordControllerOptions {
  /** Values every save carries whatever the form holds (a child's parent key). */
  fixed?: Row;
  /** After a successful save, with the form closed (the list reloads). */
  onSaved(): void;
}

export const keyData = (screen: ScreenDefinition, row: Row) => Object.fromEntries(screen.resource.key.map((k) => [k, row[k]]));

export function useRecordController(screen: ScreenDefinition, { fixed, onSaved }: RecordControllerOptions) {
  const { call, preview } = useEngine();
  const { message, modal } = App.useApp();
  const [form, setForm] = useState<OpenRecord>();
  const [saving, setSaving] = useState(false);
  const base = `/api/${screen.resource.name}`;

  /** Reads the row's record afresh and opens it; a failure is a toast and nothing opens. */
  async function open(row: Row, mode: FormMode) {
    const answer = await call<Row>(`${base}/detail`, { data: keyData(screen, row) });
    if (isSuccess(answer.status.responsecode) && answer.result) setForm({ mode, record: answer.result, errors: {} });
    else showErrorToast(message, answer.status.responsemessage);
  }

  async function save(values: Row) {
    if (!form) return;
    // The studio's preview checks the form's rules in the browser and stores nothing.
    if (preview) return void message.info(PREVIEW_NOTHING_SAVED);
    setSaving(true);
    const answer = await call<Row>(`${base}/${form.mode === 'create' ? 'create' : 'update'}`, { data: fixed ? { ...values, ...fixed } : values });
    setSaving(false);
    if (isSuccess(answer.status.responsecode)) {
      if (form.mode === 'create' && screen.options?.revealOnCreate) revealSecret(modal, answer.status.responsemessage, answer.result);
      else message.success(answer.status.responsemessage);
      setForm(undefined);
      onSaved();
      return;
    }
    const fields = (answer.result as { fields?: Record<string, string> } | undefined)?.fields;
    setForm({ ...form, record: values, errors: fields ?? {} });
    showErrorToast(message, answer.status.responsemessage);
  }

  return {
    form,
    saving,
    open,
    create: (record: Row = {}) => setForm({ mode: 'create', record, errors: {} }),
    close: () => setForm(undefined),
    save,
    title: form ? `${form.mode === 'create' ? 'Create' : form.mode === 'edit' ? 'Edit' : 'View'} ${screen.title}` : '',
  };
}
