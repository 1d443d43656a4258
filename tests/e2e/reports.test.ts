// Reports in Chromium, one login: for each report of the table, the parameter form is filled, the
// format chosen and Generate pressed; the file's row follows its job's percentage through the progress call
// (the page's clock moves the poll: a job at 40 % shows 40 % at the first ask, soon after the file appears, then
// 70 % at the slow pace, then done shows the success bar), Download
// says 'Downloading file...' and the browser receives the file; Download Report lists it; a failed job shows
// 'No Data'. The job is run by the test (the test server runs no worker), as any app server would run it.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claim, complete, progress } from '../../server/platform/jobs/jobQueue';
import { generateReportFile } from '../../server/reports/reportStore';
import { PROGRESS_FIRST_POLL_MS, PROGRESS_POLL_MS } from '../../engine/render/ReportPage';
import { holdClock, logIn, screenshotDir, settled, startBrowserRig, startClean, type BrowserRig } from './browser';

const REPORT_DIR = '.tmp/e2e-report-files';
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

const REPORTS: { path: string; title: string; report: string; format: string; starts: string }[] = [
  { path: '/dashboard-accounting-report', title: 'Dashboard Accounting Report', report: 'dashboard-accounting', format: 'PDF', starts: '%PDF-' },
  { path: '/member-profile-report', title: 'Member Profile Report', report: 'member-profile', format: 'CSV', starts: 'Member ID,Card Number,Member Name' },
  { path: '/air-accrual-report', title: 'Air Accrual Report', report: 'air-accrual', format: 'XLSX', starts: 'PK' },
];

describe('reports in Chromium', () => {
  let rig: BrowserRig;
  let page: Page;
  const consoleErrors: string[] = [];
  const db = () => rig.server.database.db;
  const row = (fileid: string) => page.locator(`tr[data-row-key="${fileid}"]`);
  const newestFile = async (report: string) => ((await (db() as any).selectFrom('report_file').select('fileid').where('report', '=', report).orderBy('createddate', 'desc').executeTakeFirst()) as { fileid: string } | undefined)?.fileid;
  const tickPoll = () => page.clock.runFor(PROGRESS_POLL_MS + 50);
  let progressAsks = 0;

  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig({ REPORT_DIR: REPORT_DIR });
    page = await rig.newPage();
    page.on('console', (message) => void (message.type() === 'error' && consoleErrors.push(message.text().slice(0, 300))));
    page.on('pageerror', (error) => void consoleErrors.push(error.message));
    page.on('request', (request) => void (request.url().endsWith('/api/report/progress') && progressAsks++));
    await page.clock.install();
    await logIn(page, 'admin');
    await page.getByText('Dashboard').first().waitFor();
  });
  afterAll(async () => {
    await (db() as any).deleteFrom('report_file').execute();
    await rig?.close();
    rmSync(REPORT_DIR, { recursive: true, force: true });
    expect(consoleErrors).toEqual([]);
  });

  it.each(REPORTS)('$title: Generate in $format follows the percentage, then Download receives the file', async ({ path, title, report, format, starts }) => {
    // The clock runs while the page loads; it is held only while the test moves the poll.
    await page.clock.resume();
    await startClean(page, path);
    await poll(() => page.getByRole('heading', { name: title }).count()).toBe(1);
    const generate = page.getByRole('button', { name: 'Generate' });
    await poll(() => generate.isEnabled()).toBe(true);
    await page.locator('.report-parameters').getByText(format, { exact: true }).click();
    // Held from before the click: the poll's first ask is timed from the moment the file's row appears.
    await holdClock(page);
    await generate.click();
    await poll(() => newestFile(report)).toBeTruthy();
    const fileid = (await newestFile(report))!;
    await row(fileid).waitFor();
    const widget = row(fileid).locator('.report-progress');
    expect((await widget.innerText()).trim()).toBe('0%');

    // An app server takes the job and reports 40 %: the widget shows it at the first ask, PROGRESS_FIRST_POLL_MS
    // after the row appeared (not a whole PROGRESS_POLL_MS later); from then on the file is asked at the slow
    // pace (one ask in the next PROGRESS_POLL_MS), which shows 70 %.
    const job = await claim(db(), { owner: 'e2e', leaseMs: 60_000, now: new Date(), jobtypes: ['report'] });
    expect(job?.jobkey).toBe(`report:${fileid}`);
    await progress(db(), { jobid: job!.jobid, owner: 'e2e', percentage: 40, leaseMs: 60_000, now: new Date() });
    await page.clock.runFor(PROGRESS_FIRST_POLL_MS + 50);
    await poll(() => widget.innerText()).toContain('40%');
    await progress(db(), { jobid: job!.jobid, owner: 'e2e', percentage: 70, leaseMs: 60_000, now: new Date() });
    const asked = progressAsks;
    await tickPoll();
    await poll(() => widget.innerText()).toContain('70%');
    expect(progressAsks - asked).toBe(1);
    await page.screenshot({ path: `${screenshotDir}/report-${report}-running.png`, animations: 'disabled' });

    // The job ends: the row shows success, its rows and size, and Download is offered.
    const outcome = await generateReportFile(db(), fileid, new Date(), async () => {});
    await complete(db(), { jobid: job!.jobid, owner: 'e2e', result: outcome, now: new Date() });
    await tickPoll();
    await poll(() => row(fileid).locator('.ant-progress-status-success').count()).toBe(1);
    const download = row(fileid).getByRole('button', { name: /Download/ });
    await poll(() => download.isEnabled()).toBe(true);
    const receiving = page.waitForEvent('download');
    await download.click();
    await poll(() => page.locator('.ant-message').innerText()).toContain('Downloading file...');
    const received = await receiving;
    expect(received.suggestedFilename()).toMatch(new RegExp(`^${report}-\\d{4}-\\d{2}-\\d{2}-[0-9A-Z]{6}\\.${format.toLowerCase()}$`));
    const bytes = readFileSync((await received.path())!);
    expect(bytes.subarray(0, starts.length).toString('latin1')).toBe(starts);
    await page.screenshot({ path: `${screenshotDir}/report-${report}.png`, animations: 'disabled' });
  });

  it("Download Report lists the user's files of every report; a failed job shows No Data", async () => {
    const answer = await rig.server.call('/api/report/redeposit/generate', { format: 'CSV' }, { token: (await rig.server.login('admin')).body.result.bearer, parameter: { criteria: { startdate: null, enddate: null, tierid: null } } });
    const failed = answer.body.result.fileid as string;
    await page.clock.resume();
    await startClean(page, '/download-report');
    await row(failed).waitFor();
    await holdClock(page);
    await (db() as any).updateTable('job').set({ status: 'FAILED', error: 'No Data' }).where('jobkey', '=', `report:${failed}`).execute();
    await tickPoll();
    await poll(() => row(failed).innerText()).toContain('No Data');
    const table = page.locator('.ant-table');
    for (const { title } of REPORTS) await poll(() => table.innerText()).toContain(title);
    await settled(table);
    await page.screenshot({ path: `${screenshotDir}/report-download-report.png`, fullPage: true, animations: 'disabled' });
  });
});
