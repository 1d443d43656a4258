// Catalog › Statement's Send Statements (STATEMENT_SEND): checks the statement and its template are active,
// then queues the statement job (any app server takes it) in the transaction that writes the user log.
import type { Catalogue } from '../../engine/definition/catalogue';
import { actionFunctionCode, isCustomAction } from '../../engine/definition/compile';
import { CODES } from '../../engine/api/responseCodes';
import { formatMessage } from '../../engine/rules';
import { defineAction, type Action } from '../platform/core/action';
import { invalid } from '../platform/core/apiError';
import { generateKey } from '../../engine/definition/generatedKey';
import { enqueue } from '../platform/jobs/jobQueue';
import { MAIL_STATUS } from '../platform/core/mailer';
import { writeUserLog } from '../platform/userlog/userLog';
import { STATEMENT_JOB, STATEMENT_TEXTS, type StatementJobParameters } from './statementStore';
import { definitionDb } from '../platform/db/definitionDb';

export const STATEMENT_RESOURCE = 'statement';
export const SEND_ACTION = 'send';

export function statementActions(catalogue: Catalogue): Action[] {
  const screen = catalogue.screenByResource.get(STATEMENT_RESOURCE);
  const send = screen?.actions.filter(isCustomAction).find((a) => a.name === SEND_ACTION);
  if (!screen || !send) return [];
  return [
    defineAction({
      path: `/api/${STATEMENT_RESOURCE}/${SEND_ACTION}`,
      guard: { function: actionFunctionCode(screen, send) },
      data: { type: 'object', required: ['statementcode'], properties: { statementcode: { type: 'string', minLength: 1, maxLength: 20 } } },
      reference: { summary: "Queue the statement's mailing to its members as a job; answers a message, no result", codes: [CODES.VALIDATION] },
      handler: async (ctx) => {
        const { statementcode } = ctx.parameter.data as { statementcode: string };
        const db = definitionDb(ctx.db);
        const statement = (await db.selectFrom('statement').selectAll().where('statementcode', '=', statementcode).executeTakeFirst()) as Record<string, unknown> | undefined;
        if (!statement) throw invalid(formatMessage(STATEMENT_TEXTS.notFound, { statement: statementcode }), { statementcode: formatMessage(STATEMENT_TEXTS.notFound, { statement: statementcode }) });
        const template = (await db.selectFrom('mileage_statement_template').select('status').where('templatecode', '=', statement.templatecode).executeTakeFirst()) as { status: string } | undefined;
        if (statement.status !== 'ACTIVE' || template?.status !== 'ACTIVE') throw invalid(STATEMENT_TEXTS.notActive, { statementcode: STATEMENT_TEXTS.notActive });
        const user = ctx.user!.username;
        const now = ctx.now();
        const parameters: StatementJobParameters = { statementcode, user, mailstatus: ctx.config.smtpUrl ? MAIL_STATUS.QUEUED : MAIL_STATUS.HELD, dir: ctx.config.reportDir, attachmaxbytes: ctx.config.mailAttachmentMaxBytes };
        await ctx.db.transaction().execute(async (trx) => {
          await enqueue(trx, { jobtype: STATEMENT_JOB, jobkey: `${STATEMENT_JOB}:${statementcode}:${generateKey(now)}`, parameters, user, now });
          await writeUserLog(trx, { username: user, module: screen.menucode, legend: 'SEND', recordkey: statementcode, before: undefined, after: { statementcode }, ip: ctx.ip }, now);
        });
        return { message: formatMessage(STATEMENT_TEXTS.queued, { statement: String(statement.statementname) }) };
      },
    }),
  ];
}
