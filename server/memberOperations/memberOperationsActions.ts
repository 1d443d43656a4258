// The Transfer Mileage wizard's server (screens/member-management/transfer-mileage.json): Next checks and
// prices the transfer (the summary shows both members, their balances, the fee, VAT and total); Submit
// checks it again and moves the miles through the ledger with the log row, in one transaction.
import type { Catalogue } from '../../engine/definition/catalogue';
import type { FormValues } from '../../engine/definition/wizardPage';
import type { Action } from '../core/action';
import { ApiError } from '../core/apiError';
import { LEGENDS, writeUserLog } from '../userlog/userLog';
import { StepRefusal, wizardActions } from '../wizards/wizardActions';
import { MEMBER_OPERATION_TEXTS } from './memberOperationTexts';
import { TRANSFER_MENU, TRANSFER_STEP, checkTransfer, performTransfer } from './memberOperationsStore';

/** A refusal with field messages goes back to the transfer step with them. */
function onTransferStep(error: unknown): unknown {
  return error instanceof ApiError && error.fields ? new StepRefusal(error.code, error.message, TRANSFER_STEP, error.fields) : error;
}

export function memberOperationActions(catalogue: Catalogue): Action[] {
  return wizardActions(catalogue, {
    menucode: TRANSFER_MENU,
    checks: {
      [TRANSFER_STEP]: async (ctx, values) => {
        try {
          return await checkTransfer(ctx.db, values, ctx.user!.username, ctx.now());
        } catch (error) {
          throw onTransferStep(error);
        }
      },
    },
    async submit(ctx, trx, draft) {
      const at = ctx.now();
      const user = ctx.user!.username;
      let row;
      try {
        row = await performTransfer(trx, (draft[TRANSFER_STEP] ?? {}) as FormValues, user, at);
      } catch (error) {
        throw onTransferStep(error);
      }
      await writeUserLog(trx, { username: user, module: TRANSFER_MENU, legend: LEGENDS.CREATE, recordkey: String(row.transferid), after: row, ip: ctx.ip }, at);
      return { message: MEMBER_OPERATION_TEXTS.transferred, result: row };
    },
  });
}
