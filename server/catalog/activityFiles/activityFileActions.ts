// File Management's API: the row actions that send a validated file for processing (all or nothing, or
// credit the good rows and park the bad ones) as a job, and the per-row result file. The upload is the
// list's Upload (activityFileHooks.ts).
import { actionFunctionCode, isCustomAction, resourceModel } from '../../../engine/definition/compile';
import type { CustomAction, ScreenDefinition } from '../../../engine/definition/screen';
import { CODES } from '../../../engine/api/responseCodes';
import { defineAction, type Action } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import { enqueue } from '../../platform/jobs/jobQueue';
import { recordSchema } from '../../platform/resources/resourceReference';
import type { ResourceServices } from '../../platform/resources/resourceServices';
import { writeUserLog } from '../../platform/userlog/userLog';
import { activityFileJobKey, ACTIVITY_FILE_JOB } from './activityFileJobs';
import { FILE_RESOURCE, FILE_TEXTS, resultCsv, startProcessing, type FileMode } from './activityFileStore';
import { definitionDb } from '../../platform/db/definitionDb';

/** The row actions that process a file, by the mode each chooses. */
export const PROCESS_ACTIONS: Record<string, FileMode> = { 'process-all': 'ALL', 'process-park': 'PARK' };
export const RESULT_ACTION = 'result';

/** A file answered in the envelope (the result file), for the API reference. */
const CSV_FILE = { type: 'object', required: ['filename', 'mimetype', 'content'], properties: { filename: { type: 'string' }, mimetype: { const: 'text/csv' }, content: { type: 'string' } } };
const KEY_DATA = { type: 'object', required: ['fileid'], properties: { fileid: { type: 'string', minLength: 1, maxLength: 30 } } };

function customOf(screen: ScreenDefinition, name: string): CustomAction {
  const custom = screen.actions.filter(isCustomAction).find((a) => a.name === name);
  if (!custom) throw new Error(`${screen.menucode} declares no action "${name}"`);
  return custom;
}

export function activityFileActions(services: ResourceServices): Action[] {
  const screen = services.catalogue.screenByResource.get(FILE_RESOURCE);
  if (!screen) return [];
  const process = Object.entries(PROCESS_ACTIONS).map(([name, mode]) => {
    const action = customOf(screen, name);
    return defineAction({
      path: `/api/${FILE_RESOURCE}/${name}`,
      guard: { function: actionFunctionCode(screen, action) },
      data: KEY_DATA,
      reference: { summary: `${action.label}: queue the file's processing (the job's progress shows on the list)`, result: recordSchema(resourceModel(screen)), codes: [CODES.VALIDATION] },
      handler: async (ctx) => {
        const { fileid } = ctx.parameter.data as { fileid: string };
        const user = ctx.user!.username;
        const file = await ctx.db.transaction().execute(async (trx) => {
          const started = await startProcessing(trx, services.catalogue, fileid, mode, user, ctx.now());
          await enqueue(trx, { jobtype: ACTIVITY_FILE_JOB, jobkey: activityFileJobKey(fileid), parameters: { fileid, user }, user, now: ctx.now() });
          await writeUserLog(trx, { username: user, module: screen.menucode, legend: name.toUpperCase(), recordkey: fileid, before: undefined, after: started, ip: ctx.ip }, ctx.now());
          return started;
        });
        services.counts.invalidate(FILE_RESOURCE);
        return { message: FILE_TEXTS.queued.replace('{file}', String(file.filename)), result: file };
      },
    });
  });
  const result = customOf(screen, RESULT_ACTION);
  return [
    ...process,
    defineAction({
      path: `/api/${FILE_RESOURCE}/${RESULT_ACTION}`,
      guard: { function: actionFunctionCode(screen, result) },
      data: KEY_DATA,
      reference: { summary: 'The per-row result of a processed file, as CSV', result: CSV_FILE, codes: [CODES.VALIDATION] },
      handler: async (ctx) => {
        const { fileid } = ctx.parameter.data as { fileid: string };
        const file = (await definitionDb(ctx.db).selectFrom('activity_file').select(['filename']).where('fileid', '=', fileid).executeTakeFirst()) as { filename: string } | undefined;
        if (!file) throw new ApiError(CODES.VALIDATION, `No activity file ${fileid}`, 200, { fileid: `No activity file ${fileid}` });
        return { result: { filename: `${file.filename.replace(/\.csv$/i, '')}-result.csv`, mimetype: 'text/csv', content: await resultCsv(ctx.db, fileid) } };
      },
    }),
  ];
}
