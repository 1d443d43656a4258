// Runs a row's action on the server: behind its confirmation (or a reason dialog), then a toast and the
// rows read again; files the server makes for a row are saved or opened instead, a secret shown once.
import { useState } from 'react';
import { App } from 'antd';
import { isSuccess } from '../../api/envelope';
import { MESSAGES } from '../../api/responseCodes';
import { confirmationText, isCustomAction } from '../../definition/compile';
import type { CustomAction, ScreenDefinition, StandardAction } from '../../definition/screen';
import { useEngine } from '../EngineContext';
import { showErrorToast } from '../errorToast';
import { revealSecret } from '../revealSecret';
import { saveFile, type FileContent } from '../saveFile';
import { keyData } from './useRecordController';

type Row = Record<string, unknown>;

interface RunOptions {
  /** The confirmation's title when it is not the action's own (a pick list's Remove). */
  confirm?: string;
  /** Asks even when the action has no confirmation text of its own (a child table's actions always ask). */
  alwaysConfirm?: boolean;
}

export function useActionRunner(screen: ScreenDefinition, reload: () => void) {
  const { call } = useEngine();
  const { message, modal } = App.useApp();
  const base = `/api/${screen.resource.name}`;
  const showError = (text: string) => showErrorToast(message, text);
  /** A row action that asks for a reason first (an approval's Reject), while its dialog is open. */
  const [reasonFor, setReasonFor] = useState<{ row: Row; action: CustomAction }>();

  async function perform(row: Row, action: StandardAction | CustomAction) {
    const answer = await call<FileContent>(`${base}/${isCustomAction(action) ? action.name : action}`, { data: keyData(screen, row) });
    const ok = isSuccess(answer.status.responsecode);
    if (ok && isCustomAction(action) && action.open && answer.result) {
      // A file the server made for the browser to open (spec 001 §7.5: result.path is opened).
      window.open((answer.result as { path?: string }).path, '_blank', 'noopener');
    } else if (ok && isCustomAction(action) && action.download && answer.result) {
      // A file to save (a per-row result): the rows are unchanged.
      saveFile(answer.result);
      message.success(answer.status.responsemessage || MESSAGES.DOWNLOADING);
    } else if (ok && isCustomAction(action) && action.reveal && answer.result) {
      revealSecret(modal, answer.status.responsemessage, answer.result);
      reload();
    } else if (ok) {
      message.success(answer.status.responsemessage);
      reload();
    } else showError(answer.status.responsemessage);
  }

  function run(row: Row, action: StandardAction | CustomAction, options: RunOptions = {}) {
    if (isCustomAction(action) && action.reason) return setReasonFor({ row, action });
    const text = options.confirm ?? confirmationText(action);
    if (text || options.alwaysConfirm) modal.confirm({ title: text, okText: 'Yes', cancelText: 'No', onOk: () => perform(row, action) });
    else void perform(row, action);
  }

  /** A file the server makes for the row, without asking: saved, or its path opened (a purchase's receipt). */
  async function fetchFile(row: Row, action: CustomAction) {
    const answer = await call<FileContent & { path?: string }>(`${base}/${action.name}`, { data: keyData(screen, row) });
    if (!isSuccess(answer.status.responsecode) || !answer.result) return showError(answer.status.responsemessage);
    if (action.open && answer.result.path) window.open(answer.result.path, '_blank', 'noopener');
    else saveFile(answer.result);
  }

  /** Sends the reason typed; answers the reason field's error to show in the dialog, if any. */
  async function confirmReason(reason: string): Promise<string | undefined> {
    if (!reasonFor) return undefined;
    const answer = await call(`${base}/${reasonFor.action.name}`, { data: { ...keyData(screen, reasonFor.row), reason } });
    const fieldMessage = (answer.result as { fields?: Record<string, string> } | undefined)?.fields?.reason;
    if (fieldMessage) return fieldMessage;
    setReasonFor(undefined);
    if (isSuccess(answer.status.responsecode)) {
      message.success(answer.status.responsemessage);
      reload();
    } else showError(answer.status.responsemessage);
    return undefined;
  }

  return { run, fetchFile, reasonFor, reasonTitle: reasonFor && (confirmationText(reasonFor.action) ?? reasonFor.action.label), cancelReason: () => setReasonFor(undefined), confirmReason };
}
