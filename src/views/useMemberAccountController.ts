// The member account view's behaviour: which account calls the user may make (none on a read-only page), and one
// call run behind its confirmation, its answer shown as a toast.
import { App } from 'antd';
import { isSuccess } from '../../engine/api/envelope';
import { CONFIRM_TEXTS } from '../../engine/definition/compile';
import { useEngine } from '../../engine/render/EngineContext';
import { showErrorToast } from '../../engine/render/errorToast';

/** One account call: its button's label, its path, its function code and what it sends besides the member. */
export interface AccountCall {
  label: string;
  path: string;
  function: string;
  data: Record<string, unknown>;
}

export function useMemberAccountController<T extends AccountCall>(record: Record<string, unknown>, calls: readonly T[]) {
  const { call, can, readOnly } = useEngine();
  const { message, modal } = App.useApp();

  const run = (action: T) =>
    modal.confirm({
      title: CONFIRM_TEXTS.action.replace('{action}', action.label.toLowerCase()),
      okText: 'Yes',
      cancelText: 'No',
      onOk: async () => {
        const answer = await call(action.path, { data: { memberid: record.memberid, ...action.data } });
        if (isSuccess(answer.status.responsecode)) message.success(answer.status.responsemessage);
        else showErrorToast(message, answer.status.responsemessage);
      },
    });

  return { offered: readOnly ? [] : calls.filter((a) => can(a.function)), run };
}
