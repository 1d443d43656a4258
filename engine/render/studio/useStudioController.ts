// The Definition Studio's behaviour: the finder's definitions, the one open (its active text, the caller's draft, a
// conflicting file), the text being edited, and the draft's save, discard and submit (engine/definition/studio.ts).
import { useCallback, useEffect, useState } from 'react';
import { App } from 'antd';
import { isSuccess } from '../../api/envelope';
import { STUDIO_API, type StudioDetail, type StudioEntry, type StudioProblem } from '../../definition/studio';
import { useEngine } from '../EngineContext';
import { showErrorToast } from '../errorToast';
import { STUDIO_TEXTS } from './studioTexts';

/** The text the editor opened with: a new `opened` number makes the editor start again from `text`. */
export interface EditorStart {
  text: string;
  opened: number;
}

export function useStudioController() {
  const { call } = useEngine();
  const { message } = App.useApp();
  const [entries, setEntries] = useState<StudioEntry[]>([]);
  const [detail, setDetail] = useState<StudioDetail>();
  const [start, setStart] = useState<EditorStart>({ text: '', opened: 0 });
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  const loadList = useCallback(async () => {
    const answer = await call<StudioEntry[]>(STUDIO_API.list);
    if (isSuccess(answer.status.responsecode)) setEntries(answer.result ?? []);
    else showErrorToast(message, answer.status.responsemessage, { key: 'studio-list' });
  }, [call, message]);
  useEffect(() => void loadList(), [loadList]);

  const edit = (next: string) => {
    setStart((previous) => ({ text: next, opened: previous.opened + 1 }));
    setText(next);
  };

  /** Opens a definition at its active text (its draft is offered, not forced on the editor). */
  async function open(key: string, { useDraft = false } = {}) {
    const answer = await call<StudioDetail>(STUDIO_API.detail, { data: { key } });
    if (!isSuccess(answer.status.responsecode) || !answer.result) return showErrorToast(message, answer.status.responsemessage);
    setDetail(answer.result);
    edit(useDraft && answer.result.draft ? answer.result.draft.text : answer.result.text);
  }

  /** Runs a write of the open definition: answers its result on success, shows the failure otherwise. */
  async function write<T>(path: string, data: Record<string, unknown>): Promise<{ result?: T; problems?: StudioProblem[] } | undefined> {
    if (!detail) return undefined;
    setBusy(true);
    const answer = await call<T & { problems?: StudioProblem[] }>(path, { data: { key: detail.entry.key, ...data } });
    setBusy(false);
    if (isSuccess(answer.status.responsecode)) return { result: answer.result };
    showErrorToast(message, answer.status.responsemessage);
    return { problems: answer.result?.problems };
  }

  /** Reads the open definition again (its marks after a draft or a request), keeping the text typed. */
  async function refresh() {
    if (!detail) return;
    const answer = await call<StudioDetail>(STUDIO_API.detail, { data: { key: detail.entry.key } });
    if (isSuccess(answer.status.responsecode) && answer.result) setDetail(answer.result);
    void loadList();
  }

  async function saveDraft() {
    if ((await write(STUDIO_API.saveDraft, { text }))?.result) message.success(STUDIO_TEXTS.draftSaved);
    await refresh();
  }

  async function discardDraft() {
    if (!(await write(STUDIO_API.discardDraft, {}))?.result || !detail) return;
    edit(detail.text);
    await refresh();
  }

  /** Submits the text with its reason: answers the request's number, or nothing when it was refused. */
  async function submit(reason: string): Promise<number | undefined> {
    const done = await write<{ requestid: number }>(STUDIO_API.submit, { text, reason });
    await refresh();
    if (!done?.result) return undefined;
    message.success(STUDIO_TEXTS.submitted(done.result.requestid));
    return done.result.requestid;
  }

  return {
    entries,
    detail,
    start,
    text,
    setText,
    busy,
    open,
    openDraft: () => detail?.draft && edit(detail.draft.text),
    showConflict: () => detail?.conflict && edit(detail.conflict.text),
    saveDraft,
    discardDraft,
    submit,
    refresh,
    dirty: detail !== undefined && text !== (detail.draft?.text ?? detail.text),
  };
}

export type StudioController = ReturnType<typeof useStudioController>;
