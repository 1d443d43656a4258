// The report pages' API (kind "report"), for every report page of the definitions:
//   /api/report/<report>/info      who may generate it here, and its formats         (<MENU>_ACCESS)
//   /api/report/<report>/generate  checks the criteria like a panel's, writes the file row and queues its job
//   /api/report/<report>/files     the report's generated files, newest first, with each job's percentage
//   /api/report/files              Download Report (REPDOWN): the user's own files of every report
//   /api/report/progress           spec 001 §3.9's percentage widget: status.responsecode and result.percentage
//   /api/report/download           a finished file's one-time path ('Downloading file...'), opened by the browser
// and GET /report-files/<token>, which streams the file from the report directory.
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Catalogue } from '../../engine/definition/catalogue';
import { resolveDateBound } from '../../engine/definition/dateBounds';
import { formatDate } from '../../engine/definition/format';
import { panelFilters, type FilterValue } from '../../engine/definition/panelPage';
import type { PanelDefinition, ReportPage } from '../../engine/definition/screen';
import { CODES, MESSAGES } from '../../engine/api/responseCodes';
import { defineAction, type Action, type ActionContext } from '../platform/core/action';
import { ApiError, forbidden, invalid } from '../platform/core/apiError';
import { CONFIG_KEYS, readConfigKey, type ConfigKeyName } from '../platform/configuration/configKeys';
import type { Schema } from '../platform/db/schema';
import { JOB_STATUS } from '../platform/jobs/jobQueue';
import type { SessionUser } from '../platform/core/action';
import { grantsAny } from '../platform/core/permissions';
import { writeUserLog } from '../platform/userlog/userLog';
import { REPORT_QUERIES, type ReportQuery } from './reportQueries';
import { createReportFile, findReportFile, formatRowLimit, listReportFiles, REPORT_FILE_PREFIX, REPORT_TEXTS } from './reportStore';
import { issueFileLink, takeFileLink } from '../platform/session/fileLinks';
import { FORMAT_FILES, REPORT_FORMATS, type ReportFormat } from './reportWriters';
import { criteriaChecker } from '../platform/panels/pageCriteria';

export const isReportPage = (page: { kind?: string }): page is ReportPage => page.kind === 'report';

/** The Download Report menu (spec 000 §6: REPDOWN). */
export const DOWNLOAD_REPORT_MENU = 'REPDOWN';

const FILE_DATA = { type: 'object', additionalProperties: false, required: ['fileid'], properties: { fileid: { type: 'string', minLength: 1, maxLength: 40 } } };

// What the report actions answer (reportStore.ts's listed file, a job's progress), for the API reference.
const STRING = { type: 'string' };
const COUNT = { type: ['integer', 'null'] };
const JOB_STATE = { enum: Object.values(JOB_STATUS) };
const FILE_ROW = {
  title: 'report file',
  type: 'object',
  required: ['fileid', 'menucode', 'title', 'format', 'status', 'percentage', 'filename'],
  properties: {
    fileid: STRING, menucode: STRING, title: STRING, format: { enum: [...REPORT_FORMATS] }, parameters: STRING, createdby: STRING, createddate: STRING,
    status: JOB_STATE, percentage: { type: 'number', minimum: 0, maximum: 100 }, size: COUNT, rowcount: COUNT, filename: STRING, expiresat: STRING, message: { type: ['string', 'null'] },
  },
};
const FILES_REFERENCE = { summary: 'Generated files, newest first', result: { type: 'array', items: FILE_ROW } };

/** The page's filters as a panel, so the panels' criteria check and names serve the report too. */
const asPanel = (page: ReportPage): PanelDefinition => ({ key: page.menucode, title: page.title, query: page.report!, filters: page.filters, chart: { kind: 'table' } });

/** The formats the page offers: its own list, or the report's. */
export const pageFormats = (page: ReportPage, query: ReportQuery): ReportFormat[] => [...(page.formats ?? query.formats)];

/** Whether the user's role name is in the page's reporting-access key ('*' or empty: every role with the menu). */
export async function roleMayGenerate(db: Kysely<Schema>, page: ReportPage, user: SessionUser): Promise<boolean> {
  if (!page.accessKey) return true;
  const list = String(await readConfigKey(db, page.accessKey as ConfigKeyName))
    .split(',')
    .map((r) => r.trim().toUpperCase())
    .filter(Boolean);
  return list.length === 0 || list.includes('*') || list.includes(user.rolename.toUpperCase()) || list.includes(user.rolecode.toUpperCase());
}

/** A file may be seen by who made it, and by users granted its report's menu whose role may generate it. */
async function maySee(ctx: ActionContext, catalogue: Catalogue, file: { createdby: string; menucode: string }): Promise<boolean> {
  const user = ctx.user!;
  if (file.createdby === user.username) return true;
  const page = catalogue.pageByMenu.get(file.menucode);
  if (!page || !isReportPage(page)) return false;
  return (await grantsAny(ctx.db, user.rolecode, [`${file.menucode}_ACCESS`])) && (await roleMayGenerate(ctx.db, page, user));
}

/** A report file the caller may see (their own, or one of a report they may open); any other answers as missing. */
async function visibleFile(ctx: ActionContext, catalogue: Catalogue, fileid: string) {
  const file = await findReportFile(ctx.db, fileid);
  if (!file || !(await maySee(ctx, catalogue, file))) throw new ApiError(CODES.NOT_FOUND, REPORT_TEXTS.notFound);
  return file;
}

/** The parameters as printed under a PDF's title and shown in the file list: each filter's label and chosen value. */
function headingOf(page: ReportPage, criteria: Record<string, FilterValue>): [string, string][] {
  return panelFilters(asPanel(page)).map((filter) => {
    const shown = (value: FilterValue) => {
      if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return 'All';
      const values = Array.isArray(value) ? value : [value];
      return values.map((v) => (filter.type === 'date' ? formatDate(String(v)) : (filter.options?.find((o) => o.value === v)?.label ?? String(v)))).join(', ');
    };
    if (filter.isRange) return [filter.label, `${shown(criteria[filter.name])} - ${shown(criteria[filter.rangeEnd!])}`];
    return [filter.label, shown(criteria[filter.name])];
  });
}

function paging(ctx: ActionContext): { page: number; limit: number } {
  const page = Math.max(1, Math.floor(Number(ctx.paging?.page ?? 1)) || 1);
  const limit = Math.min(100, Math.max(1, Math.floor(Number(ctx.paging?.limit ?? 10)) || 10));
  return { page, limit };
}

export function unservedReports(catalogue: Catalogue, queries: Readonly<Record<string, ReportQuery>> = REPORT_QUERIES): string[] {
  return catalogue.pages.filter(isReportPage).flatMap((page) => {
    const problems: string[] = [];
    if (page.report && !Object.hasOwn(queries, page.report)) problems.push(`${page.menucode}: no report "${page.report}" in server/reports/reportQueries.ts`);
    if (page.accessKey && !Object.values(CONFIG_KEYS).some((k) => k.key === page.accessKey)) problems.push(`${page.menucode}: no configuration key "${page.accessKey}"`);
    return problems;
  });
}

export function reportActions(catalogue: Catalogue, queries: Readonly<Record<string, ReportQuery>> = REPORT_QUERIES): Action[] {
  const problems = unservedReports(catalogue, queries);
  if (problems.length > 0) throw new Error(`Report pages without a server report:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  const pages = catalogue.pages.filter(isReportPage);
  const perReport = pages
    .filter((page) => page.report)
    .flatMap((page) => {
      const query = queries[page.report!]!;
      const panel = asPanel(page);
      const checked = criteriaChecker(catalogue, panel, page.filters ?? []);
      const guard = { function: `${page.menucode}_ACCESS` };
      const formats = pageFormats(page, query);
      return [
        defineAction({
          path: `/api/report/${page.report}/info`,
          guard,
          reference: { summary: `${page.title}: whether the caller may generate it, and its formats`, result: { type: 'object', required: ['generate', 'formats'], properties: { generate: { type: 'boolean' }, formats: { type: 'array', items: { enum: [...REPORT_FORMATS] } } } } },
          handler: async (ctx) => ({ result: { generate: await roleMayGenerate(ctx.db, page, ctx.user!), formats } }),
        }),
        defineAction({
          path: `/api/report/${page.report}/generate`,
          guard,
          reference: { summary: `${page.title}: queue a file of the criteria's rows`, result: { type: 'object', required: ['fileid', 'filename'], properties: { fileid: STRING, filename: STRING } }, codes: [CODES.VALIDATION] },
          data: { type: 'object', additionalProperties: false, required: ['format'], properties: { format: { type: 'string', maxLength: 10 } } },
          handler: async (ctx) => {
            const user = ctx.user!;
            if (!(await roleMayGenerate(ctx.db, page, user))) throw forbidden();
            const { format } = ctx.parameter.data as { format: string };
            if (!formats.includes(format as ReportFormat)) throw invalid(`Format must be one of ${formats.join(', ')}`, { format: `Format must be one of ${formats.join(', ')}` });
            const now = ctx.now();
            const criteria = checked(ctx.scope, ctx.parameter.criteria ?? {}, now);
            const limit = formatRowLimit(format as ReportFormat);
            if (limit) {
              const rows = await query.count({ db: ctx.db, now, today: resolveDateBound('today', now)!, members: ctx.scope.members() }, criteria);
              if (rows > limit.rows) throw invalid(limit.message, { format: limit.message });
            }
            const file = await ctx.db.transaction().execute(async (trx) => {
              const row = await createReportFile(trx, { menucode: page.menucode, report: page.report!, title: page.title, format: format as ReportFormat, parameters: { criteria, heading: headingOf(page, criteria), members: ctx.scope.members() }, dir: ctx.config.reportDir, user: user.username, now });
              await writeUserLog(trx, { username: user.username, module: page.menucode, legend: 'GENERATE', recordkey: row.fileid, before: undefined, after: { format, criteria }, ip: ctx.ip }, now);
              return row;
            });
            return { message: REPORT_TEXTS.queued, result: { fileid: file.fileid, filename: file.filename } };
          },
        }),
        defineAction({
          path: `/api/report/${page.report}/files`,
          guard,
          reference: FILES_REFERENCE,
          handler: async (ctx) => {
            const { page: at, limit } = paging(ctx);
            const { rows, total } = await listReportFiles(ctx.db, { menucode: page.menucode }, at, limit);
            return { result: rows, paging: { page: at, limit, totalrecord: total } };
          },
        }),
      ];
    });
  return [
    ...perReport,
    defineAction({
      path: '/api/report/files',
      guard: { function: `${DOWNLOAD_REPORT_MENU}_ACCESS` },
      reference: FILES_REFERENCE,
      handler: async (ctx) => {
        const { page: at, limit } = paging(ctx);
        const { rows, total } = await listReportFiles(ctx.db, { user: ctx.user!.username }, at, limit);
        return { result: rows, paging: { page: at, limit, totalrecord: total } };
      },
    }),
    defineAction({
      path: '/api/report/progress',
      guard: 'session',
      data: FILE_DATA,
      reference: { summary: "A file's job: queued, running (with its percentage), done", result: { type: 'object', required: ['fileid', 'status', 'percentage'], properties: { fileid: STRING, status: JOB_STATE, percentage: { type: 'number' } } }, codes: [CODES.VALIDATION, CODES.NOT_FOUND] },
      handler: async (ctx) => {
        const { fileid } = ctx.parameter.data as { fileid: string };
        const file = await visibleFile(ctx, catalogue, fileid);
        // A failed job answers an error code with its reason: the widget shows 'No Data'.
        if (file.status === JOB_STATUS.FAILED) throw new ApiError(CODES.VALIDATION, file.error ?? REPORT_TEXTS.noData);
        return { code: CODES.SUCCESS, message: MESSAGES.SUCCESS, result: { fileid, status: file.status ?? JOB_STATUS.QUEUED, percentage: Number(file.percentage ?? 0) } };
      },
    }),
    defineAction({
      path: '/api/report/download',
      guard: 'session',
      data: FILE_DATA,
      reference: { summary: "A done file's one-time download path", result: { type: 'object', required: ['path', 'filename'], properties: { path: STRING, filename: STRING } }, codes: [CODES.VALIDATION, CODES.NOT_FOUND] },
      handler: async (ctx) => {
        const { fileid } = ctx.parameter.data as { fileid: string };
        const file = await visibleFile(ctx, catalogue, fileid);
        if (file.status !== JOB_STATUS.DONE) throw new ApiError(CODES.VALIDATION, file.status === JOB_STATUS.FAILED ? (file.error ?? REPORT_TEXTS.noData) : REPORT_TEXTS.notReady);
        if (!(await access(file.storedname).then(() => true, () => false))) throw new ApiError(CODES.VALIDATION, REPORT_TEXTS.expired);
        const path = await issueFileLink(ctx, { fileid }, REPORT_FILE_PREFIX);
        return { message: REPORT_TEXTS.downloading, result: { path, filename: file.filename } };
      },
    }),
  ];
}

/** GET /report-files/<token>: the file of a one-time download path (a file link of the asking session), streamed from disk. */
export function reportFileRoutes(app: FastifyInstance, db: Kysely<Schema>, now: () => Date = () => new Date()): void {
  app.get(`${REPORT_FILE_PREFIX}:token`, async (request, reply) => {
    const link = await takeFileLink(db, (request.params as { token: string }).token, now());
    const file = link?.fileid ? await findReportFile(db, link.fileid) : undefined;
    const exists = file && (await access(file.storedname).then(() => true, () => false));
    if (!file || !exists) return reply.code(404).type('text/plain').header('cache-control', 'no-store').send('Not found');
    const format = REPORT_FORMATS.includes(file.format) ? file.format : 'CSV';
    return reply
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
      .type(FORMAT_FILES[format].mimetype)
      .send(createReadStream(file.storedname));
  });
}
