// Generated report files: the row each Generate writes (in the transaction that queues its job), the list
// with each file's progress (the job's status and percentage), the file written a page of rows at a time,
// one-time download tokens (any app server serves the file from the shared report directory), and the
// retention sweep that deletes expired files.
import type { MemberFilter } from '../platform/core/scope';
import { mkdirSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { generateKey } from '../../engine/definition/generatedKey';
import type { FilterValue } from '../../engine/definition/panelPage';
import type { Schema } from '../platform/db/schema';
import { enqueue, JOB_STATUS } from '../platform/jobs/jobQueue';
import { readConfigKey } from '../platform/configuration/configKeys';
import { REPORT_QUERIES } from './reportQueries';
import { FORMAT_FILES, openReportWriter, PDF_MAX_ROWS, type ReportFormat } from './reportWriters';
import { XLSX_MAX_ROWS, XLSX_TEXTS } from './xlsxStream';
import { isoDay } from '../../engine/definition/dates';
import { formatMessage } from '../../engine/rules/messages';
import type { ListedFile } from '../../engine/api/reportFiles';
import * as moduleTexts from './texts.json';

export type { ListedFile };

type AnyDb = Kysely<any>;
const anyDb = (db: Kysely<Schema>) => db as unknown as AnyDb;

export const REPORT_JOB = 'report';
export const REPORT_SWEEP_JOB = 'report-sweep';
export const reportJobKey = (fileid: string): string => `${REPORT_JOB}:${fileid}`;

/** Rows read and written per page (each page one query and one progress report that keeps the lease). */
export const REPORT_PAGE_SIZE = 2000;
/** How long a download link lasts: the browser opens it at once. */

/**
 * Texts of the report pages (not in the spec unless said): `noData` is spec 001 §3.9's (the percentage progress
 * widget signals 'No Data' on failure), `downloading` spec 000 §2's (REPDOWN: shown while a file downloads).
 */
export const REPORT_TEXTS = moduleTexts.report;

/** The rows a file of the format takes at most, and what is said beyond them (CSV takes any number). */
export function formatRowLimit(format: ReportFormat): { rows: number; message: string } | undefined {
  if (format === 'PDF') return { rows: PDF_MAX_ROWS, message: formatMessage(REPORT_TEXTS.pdfTooLong, { rows: PDF_MAX_ROWS.toLocaleString('en-US') }) };
  if (format === 'XLSX') return { rows: XLSX_MAX_ROWS - 1, message: XLSX_TEXTS.tooManyRows };
  return undefined;
}

export interface ReportFileRow {
  fileid: string;
  menucode: string;
  report: string;
  title: string;
  format: ReportFormat;
  parameters: string;
  jobkey: string;
  filename: string;
  storedname: string;
  size: number | string | null;
  rowcount: number | string | null;
  expiresat: string;
  downloadtoken: string | null;
  downloaduntil: string | null;
  createdby: string;
  createddate: string;
}

export interface ReportParameters {
  criteria: Record<string, FilterValue>;
  /** The parameters as the user chose them (label, shown value), printed under a PDF's title. */
  heading: [string, string][];
  /** The members the requester reads (a branch user's): the file keeps to them as their screens do. Absent: all. */
  members?: MemberFilter;
}

export interface GenerateRequest {
  menucode: string;
  report: string;
  title: string;
  format: ReportFormat;
  parameters: ReportParameters;
  dir: string;
  user: string;
  now: Date;
}

/** Writes the file's row and queues its job, in the caller's transaction; the row as listed. */
export async function createReportFile(trx: Kysely<Schema>, request: GenerateRequest): Promise<ReportFileRow> {
  const fileid = generateKey(request.now);
  const day = isoDay(request.now);
  const { extension } = FORMAT_FILES[request.format];
  const retention = await readConfigKey(trx, 'REPORT_RETENTION_DAYS');
  const row: ReportFileRow = {
    fileid,
    menucode: request.menucode,
    report: request.report,
    title: request.title,
    format: request.format,
    parameters: JSON.stringify(request.parameters),
    jobkey: reportJobKey(fileid),
    filename: `${request.report}-${day}-${fileid.slice(-6)}.${extension}`,
    storedname: resolve(join(request.dir, `${fileid}.${extension}`)),
    size: null,
    rowcount: null,
    expiresat: new Date(request.now.getTime() + retention * 86_400_000).toISOString(),
    downloadtoken: null,
    downloaduntil: null,
    createdby: request.user,
    createddate: request.now.toISOString(),
  };
  await anyDb(trx).insertInto('report_file').values(row).execute();
  await enqueue(trx, { jobtype: REPORT_JOB, jobkey: row.jobkey, parameters: { fileid }, user: request.user, now: request.now });
  return row;
}


const listed = (r: Record<string, unknown>): ListedFile => {
  const parameters = JSON.parse(String(r.parameters)) as ReportParameters;
  return {
    fileid: String(r.fileid),
    menucode: String(r.menucode),
    title: String(r.title),
    format: String(r.format),
    parameters: parameters.heading.map(([label, value]) => `${label}: ${value}`).join('; '),
    createdby: String(r.createdby),
    createddate: String(r.createddate),
    status: String(r.status ?? JOB_STATUS.QUEUED),
    percentage: Number(r.percentage ?? 0),
    size: r.size === null || r.size === undefined ? null : Number(r.size),
    rowcount: r.rowcount === null || r.rowcount === undefined ? null : Number(r.rowcount),
    filename: String(r.filename),
    expiresat: String(r.expiresat),
    // A failed job's reason, never a stack: the job stores the error's message only.
    message: r.status === JOB_STATUS.FAILED ? String(r.error ?? REPORT_TEXTS.noData) : null,
  };
};

const fileQuery = (db: Kysely<Schema>) =>
  anyDb(db)
    .selectFrom('report_file as f')
    .leftJoin('job as j', 'j.jobkey', 'f.jobkey')
    .select(['f.fileid', 'f.menucode', 'f.title', 'f.format', 'f.parameters', 'f.createdby', 'f.createddate', 'f.size', 'f.rowcount', 'f.filename', 'f.expiresat', 'j.status', 'j.percentage', 'j.error']);

/** A page of files, newest first: of one menu (a report page) or of one user (Download Report). */
export async function listReportFiles(db: Kysely<Schema>, filter: { menucode?: string; user?: string }, page: number, limit: number): Promise<{ rows: ListedFile[]; total: number }> {
  let base = anyDb(db).selectFrom('report_file as f');
  if (filter.menucode) base = base.where('f.menucode', '=', filter.menucode);
  if (filter.user) base = base.where('f.createdby', '=', filter.user);
  const total = Number(((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string }).n);
  let query = fileQuery(db);
  if (filter.menucode) query = query.where('f.menucode', '=', filter.menucode);
  if (filter.user) query = query.where('f.createdby', '=', filter.user);
  const rows = (await query.orderBy('f.createddate', 'desc').orderBy('f.fileid', 'desc').limit(limit).offset((page - 1) * limit).execute()) as Record<string, unknown>[];
  return { rows: rows.map(listed), total };
}

export async function findReportFile(db: Kysely<Schema>, fileid: string): Promise<(ReportFileRow & { status: string | null; percentage: number | null; error: string | null }) | undefined> {
  return (await anyDb(db)
    .selectFrom('report_file as f')
    .leftJoin('job as j', 'j.jobkey', 'f.jobkey')
    .selectAll('f')
    .select(['j.status', 'j.percentage', 'j.error'])
    .where('f.fileid', '=', fileid)
    .executeTakeFirst()) as (ReportFileRow & { status: string | null; percentage: number | null; error: string | null }) | undefined;
}

/** Where a report file's one-time path points (a file link, server/platform/session/fileLinks.ts). */
export const REPORT_FILE_PREFIX = '/report-files/';

/**
 * The job: reads the report a page at a time into its file (a temporary name, renamed when whole, so a
 * download never sees half a file), reporting the percentage after each page. A retaken job starts the
 * file again.
 */
export async function generateReportFile(db: Kysely<Schema>, fileid: string, now: Date, progress: (percentage: number) => Promise<void>): Promise<{ fileid: string; rows: number; size: number }> {
  const file = await findReportFile(db, fileid);
  if (!file) throw new Error(REPORT_TEXTS.notFound);
  const query = REPORT_QUERIES[file.report];
  if (!query) throw new Error(`No report "${file.report}"`);
  const parameters = JSON.parse(file.parameters) as ReportParameters;
  const ctx = { db, now, today: isoDay(now), members: parameters.members ?? {} };
  const total = await query.count(ctx, parameters.criteria);
  // Refused before any row is written (a retried job would write a million rows to fail again).
  const limit = formatRowLimit(file.format);
  if (limit && total > limit.rows) throw new Error(limit.message);
  mkdirSync(resolve(file.storedname, '..'), { recursive: true });
  const partial = `${file.storedname}.part`;
  const writer = openReportWriter(file.format, partial, query.columns, {
    title: file.title,
    lines: [...parameters.heading, ['Generated by', file.createdby], ['Generated at', `${file.createddate.slice(0, 19).replace('T', ' ')} UTC`]],
  });
  let rows = 0;
  try {
    for await (const page of query.pages(ctx, parameters.criteria, REPORT_PAGE_SIZE)) {
      await writer.write(page);
      rows += page.length;
      await progress(total > 0 ? Math.min(99, (rows / total) * 100) : 99);
    }
    await writer.close();
  } catch (error) {
    await writer.abort();
    await rm(partial, { force: true });
    throw error;
  }
  await rename(partial, file.storedname);
  const { size } = await stat(file.storedname);
  await anyDb(db).updateTable('report_file').set({ size, rowcount: rows }).where('fileid', '=', fileid).execute();
  return { fileid, rows, size };
}

/** The retention sweep: files past their expiry are deleted from disk, then their rows. */
export async function sweepReportFiles(db: Kysely<Schema>, now: Date): Promise<{ deleted: number }> {
  const expired = (await anyDb(db).selectFrom('report_file').select(['fileid', 'storedname']).where('expiresat', '<=', now.toISOString()).execute()) as { fileid: string; storedname: string }[];
  for (const file of expired) {
    await rm(file.storedname, { force: true });
    await rm(`${file.storedname}.part`, { force: true });
    await anyDb(db).deleteFrom('report_file').where('fileid', '=', file.fileid).execute();
  }
  return { deleted: expired.length };
}
