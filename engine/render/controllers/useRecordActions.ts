// A record page's record actions (custom actions with place 'record'): the ones the user may run on this record
// now (none on a read-only page), each run after its confirmation, or after the value its input field asks for,
// then a toast and `onDone`.
import { useState } from 'react';
import { App } from 'antd';
import { isSuccess } from '../../api/envelope';
import { actionFunctionCode, confirmationText, isCustomAction } from '../../definition/compile';
import { sectionApplies } from '../../definition/recordPage';
import type { CustomAction, ScreenDefinition } from '../../definition/screen';
import { useEngine } from '../EngineContext';
import { showErrorToast } from '../errorToast';

type Row = Record<string, unknown>;

/** The record actions the user may run on this record now. */
export function recordActions(screen: ScreenDefinition, record: Row, can: (code: string) => boolean): CustomAction[] {
  return screen.actions.filter(isCustomAction).filter((a) => a.place === 'record' && can(actionFunctionCode(screen, a)) && sectionApplies({ key: a.name, label: a.label, visibleWhen: a.visibleWhen }, record));
}

export function useRecordActions(screen: ScreenDefinition, record: Row, onDone: () => Promise<void> | void) {
  const { call, can, readOnly } = useEngine();
  const { message, modal } = App.useApp();
  /** The action whose input field's value is being asked. */
  const [asking, setAsking] = useState<CustomAction>();
  const key = Object.fromEntries(screen.resource.key.map((k) => [k, record[k]]));

  async function run(action: CustomAction, extra: Row = {}): Promise<boolean> {
    const answer = await call(`/api/${screen.resource.name}/${action.name}`, { data: { ...key, ...extra } });
    if (!isSuccess(answer.status.responsecode)) {
      showErrorToast(message, answer.status.responsemessage);
      return false;
    }
    message.success(answer.status.responsemessage);
    await onDone();
    return true;
  }

  /** A button clicked: ask for its field's value, or for a confirmation, or run it at once. */
  function start(action: CustomAction) {
    if (action.input) return setAsking(action);
    const text = confirmationText(action);
    if (!text) return void run(action);
    modal.confirm({ title: text, okText: 'Yes', cancelText: 'No', onOk: () => run(action) });
  }

  /** The asked value confirmed: the action runs with it, and the question closes once it succeeded. */
  const confirmInput = async (value: unknown) => asking && (await run(asking, { [asking.input!.field]: value })) && setAsking(undefined);

  return { offered: readOnly ? [] : recordActions(screen, record, can), start, asking, cancelInput: () => setAsking(undefined), confirmInput };
}
