// The Transfer Mileage wizard's server (screens/member-management/transfer-mileage.json): Next checks and
// prices the transfer (the summary shows both members, their balances, the fee, VAT and total); Submit
// checks it again and moves the miles through the ledger with the log row, in one transaction. A transfer
// above TRANSFER_APPROVAL_MILES by a role without TRFMIL_POSTDIRECT is checked the same way and waits for
// a checker instead; approving makes it then, as its maker.
import { CompiledQuery, type Kysely } from 'kysely';
import type { FormValues } from '../../../engine/definition/wizardPage';
import { generateKey } from '../../../engine/definition/generatedKey';
import type { Action, ActionContext } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import type { Schema } from '../../platform/db/schema';
import type { ModuleServices } from '../../platform/serverModule';
import { LEGENDS, writeUserLog } from '../../platform/userlog/userLog';
import { resourceModel } from '../../../engine/definition/compile';
import { recordSchema } from '../../platform/resources/resourceReference';
import { APPROVAL_REQUESTED, POST_DIRECT, requestDomainApproval, writesDirect } from '../../platform/approvals/directWrites';
import { readConfigKey } from '../../platform/configuration/configKeys';
import { StepRefusal, wizardActions } from '../../platform/wizards/wizardActions';
import { MEMBER_OPERATION_TEXTS } from './memberOperationTexts';
import { TRANSFER_MENU, TRANSFER_RESOURCE, TRANSFER_STEP, checkTransfer, performTransfer, quoteTransfer } from './memberOperationsStore';

/** The approval request action of a transfer waiting for a checker (filed under Transfer Mileage's menu). */
export const TRANSFER_REQUEST_ACTION = 'transfer';

const SAVEPOINT = CompiledQuery.raw('savepoint transfer_dry_run');
const ROLLBACK = CompiledQuery.raw('rollback to savepoint transfer_dry_run');
const RELEASE = CompiledQuery.raw('release savepoint transfer_dry_run');

/** Runs `work` in the submit's transaction and undoes what it wrote (a savepoint rolled back), keeping its answer or refusal. */
async function undone<T>(trx: Kysely<Schema>, work: () => Promise<T>): Promise<T> {
  await trx.executeQuery(SAVEPOINT);
  try {
    return await work();
  } finally {
    await trx.executeQuery(ROLLBACK);
    await trx.executeQuery(RELEASE);
  }
}

/** A refusal with field messages goes back to the transfer step with them. */
function onTransferStep(error: unknown): unknown {
  return error instanceof ApiError && error.fields ? new StepRefusal(error.code, error.message, TRANSFER_STEP, error.fields) : error;
}

export function memberOperationActions(services: ModuleServices): Action[] {
  const { catalogue } = services;
  const logScreen = catalogue.screenByResource.get(TRANSFER_RESOURCE);

  /** Moves the miles as `user` (the maker, also when a checker approves) with the log row. */
  async function transferNow(ctx: ActionContext, trx: Kysely<Schema>, values: FormValues, user: string) {
    const at = ctx.now();
    const row = await performTransfer(trx, values, user, at);
    await writeUserLog(trx, { username: ctx.user!.username, module: TRANSFER_MENU, legend: LEGENDS.CREATE, recordkey: String(row.transferid), after: { ...row, ...(ctx.approval ? { approvedby: ctx.user!.username } : {}) }, ip: ctx.ip }, at);
    return row;
  }

  if (logScreen) {
    services.approvals?.register(TRANSFER_MENU, TRANSFER_REQUEST_ACTION, {
      screen: logScreen,
      current: async () => null,
      async apply(ctx, trx, request) {
        // Checked again as the maker's transfer today: limits, balances, members.
        await transferNow(ctx, trx, request.data as FormValues, request.requestedby);
        services.counts.invalidate(TRANSFER_RESOURCE);
      },
    });
  }

  // A transfer, its quote included, is a row of the transfer log.
  const transferRow = logScreen ? recordSchema(resourceModel(logScreen)) : undefined;
  return wizardActions(catalogue, {
    menucode: TRANSFER_MENU,
    ...(transferRow ? { result: { anyOf: [transferRow, APPROVAL_REQUESTED] }, checkResults: { [TRANSFER_STEP]: transferRow } } : {}),
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
      const values = (draft[TRANSFER_STEP] ?? {}) as FormValues;
      const user = ctx.user!.username;
      try {
        const above = Number(values.awardmiles) > (await readConfigKey(trx, 'TRANSFER_APPROVAL_MILES'));
        if (above && logScreen && !(await writesDirect(ctx, `${TRANSFER_MENU}_${POST_DIRECT}`, trx))) {
          // The whole transfer tried and undone: every refusal, the ledger's included, answers now.
          const quote = await undone(trx, async () => (await performTransfer(trx, values, user, ctx.now()), quoteTransfer(trx, values, ctx.now())));
          const recordkey = generateKey(ctx.now());
          return await requestDomainApproval(ctx, trx, catalogue, { menucode: TRANSFER_MENU, action: TRANSFER_REQUEST_ACTION, resource: TRANSFER_RESOURCE, recordkey, key: { transferid: recordkey }, data: values, proposed: { ...quote, transferredby: user }, before: null, title: logScreen.title });
        }
        return { message: MEMBER_OPERATION_TEXTS.transferred, result: await transferNow(ctx, trx, values, user) };
      } catch (error) {
        throw onTransferStep(error);
      }
    },
  });
}
