// A list screen's bulk actions: which of them the signed-in user may run, and one run on the rows it names (the
// selected rows' keys, or every row a search finds) after one confirmation, then a toast and `onDone`.
import { App } from 'antd';
import { isSuccess } from '../../api/envelope';
import { CONFIRM_TEXTS, actionFunctionCode } from '../../definition/compile';
import { bulkActions, bulkPath } from '../../definition/bulk';
import type { ScreenDefinition } from '../../definition/screen';
import { useEngine } from '../EngineContext';
import { showErrorToast } from '../errorToast';

/** The screen's bulk actions the signed-in user may run: the table offers row selection when there is one. */
export function useBulkActions(screen: ScreenDefinition) {
  const { can } = useEngine();
  return bulkActions(screen).filter((bulk) => can(actionFunctionCode(screen, bulk.action)));
}

interface BulkRun {
  name: string;
  confirm: string | undefined;
  /** What the call sends: { keys } of the selected rows, or { all: true, criteria }. */
  data: Record<string, unknown>;
  /** A line under the confirmation's title (how many rows). */
  content?: string;
}

/** Runs one bulk action behind its confirmation. */
export function useBulkRunner(screen: ScreenDefinition, onDone: () => void) {
  const { call } = useEngine();
  const { message, modal } = App.useApp();
  return ({ name, confirm, data, content }: BulkRun) =>
    modal.confirm({
      title: confirm ?? CONFIRM_TEXTS.generic,
      ...(content === undefined ? {} : { content }),
      okText: 'Yes',
      cancelText: 'No',
      onOk: async () => {
        const answer = await call(`/api/${screen.resource.name}/${bulkPath(name)}`, { data });
        if (isSuccess(answer.status.responsecode)) {
          message.success(answer.status.responsemessage);
          onDone();
        } else showErrorToast(message, answer.status.responsemessage);
      },
    });
}
