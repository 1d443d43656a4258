// A record page's data: the record's summary (what its sections, heading and actions read), and each
// section's values loaded from and saved to the section's own actions, with the server's field errors.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { App } from 'antd';
import { isSuccess } from '../../api/envelope';
import { NEW_RECORD, isFirstSection, recordPagePath, sectionDetailPath, sectionSavePath, visibleSections } from '../../definition/recordPage';
import type { RecordSection, ScreenDefinition } from '../../definition/screen';
import { useEngine } from '../EngineContext';

type Row = Record<string, unknown>;

/** The path holds text: a numeric key (an order's id) goes to the server as the number it is. */
function typedKey(screen: ScreenDefinition, recordKey: string): string | number {
  const type = screen.fields.find((f) => f.name === screen.resource.key[0])?.type;
  return (type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(recordKey) ? Number(recordKey) : recordKey;
}

/** The record's detail (empty for a new one), or the server's message when it is not found. */
export function useRecordSummary(screen: ScreenDefinition, recordKey: string) {
  const { call } = useEngine();
  const isNew = recordKey === NEW_RECORD;
  const keyField = screen.resource.key[0]!;
  const [summary, setSummary] = useState<Row | undefined>(isNew ? {} : undefined);
  const [missing, setMissing] = useState<string>();

  const reload = useCallback(async () => {
    if (isNew) return setSummary({});
    const answer = await call<Row>(`/api/${screen.resource.name}/detail`, { data: { [keyField]: typedKey(screen, recordKey) } });
    if (isSuccess(answer.status.responsecode) && answer.result) setSummary(answer.result);
    else setMissing(answer.status.responsemessage);
  }, [call, isNew, keyField, recordKey, screen]);

  useEffect(() => {
    setMissing(undefined);
    void reload();
  }, [reload]);

  return { summary, missing, reload };
}

interface SectionOptions {
  onSaved(record: Row): Promise<void> | void;
  showError(text: string): void;
}

/** One section's values (a new record's first section creates it), its save, errors and form version. */
export function useSectionController(screen: ScreenDefinition, section: RecordSection, recordKey: string, { onSaved, showError }: SectionOptions) {
  const { call } = useEngine();
  const { message } = App.useApp();
  const isNew = recordKey === NEW_RECORD;
  const keyField = screen.resource.key[0]!;
  const [values, setValues] = useState<Row | undefined>(isNew || !section.fields ? {} : undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // A successful save draws the form afresh with the values the server answered.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (isNew || !section.fields) return;
    let current = true;
    void call<Row>(sectionDetailPath(screen, section), { data: { [keyField]: typedKey(screen, recordKey) } }).then((answer) => {
      if (!current) return;
      if (isSuccess(answer.status.responsecode) && answer.result) setValues(answer.result);
      else showError(answer.status.responsemessage);
    });
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [call, isNew, keyField, recordKey, screen, section]);

  async function save(data: Row) {
    setSaving(true);
    const path = isNew ? `/api/${screen.resource.name}/create` : sectionSavePath(screen, section);
    const answer = await call<Row>(path, { data });
    setSaving(false);
    if (isSuccess(answer.status.responsecode)) {
      message.success(answer.status.responsemessage);
      setErrors({});
      setValues({ ...data, ...(answer.result ?? {}) });
      setVersion((v) => v + 1);
      await onSaved(answer.result ?? data);
      return;
    }
    setValues(data);
    setErrors((answer.result as { fields?: Record<string, string> } | undefined)?.fields ?? {});
    showError(answer.status.responsemessage);
  }

  return { isNew, values, errors, saving, version, save };
}

/**
 * The sections a record page's user may open, as the record's values allow (a record not saved yet has only its
 * first: it creates the record), and the one open; an unknown or hidden section (or none) goes to the first.
 */
export function useRecordSections(screen: ScreenDefinition, summary: Record<string, unknown> | undefined, at: { isNew: boolean; section: string | undefined; menuPath: string; recordKey: string }) {
  const { can } = useEngine();
  const navigate = useNavigate();
  const { isNew, section, menuPath, recordKey } = at;
  const sections = useMemo(() => {
    if (!summary) return [];
    const visible = visibleSections(screen, summary, can);
    return isNew ? visible.filter((s) => isFirstSection(screen, s)) : visible;
  }, [can, isNew, screen, summary]);
  const active = sections.find((s) => s.key === section);
  const fallback = sections[0];
  useEffect(() => {
    if (summary && !active && fallback) navigate(recordPagePath(menuPath, recordKey, fallback.key), { replace: true });
  }, [active, fallback, menuPath, navigate, recordKey, summary]);
  return { sections, active };
}
