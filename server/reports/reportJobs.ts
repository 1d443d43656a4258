// The report jobs: a Generate's file (any app server may take it; a killed server's job is taken again after
// its lease and starts the file anew) and the daily retention sweep of expired files.
import type { DailySchedule, JobHandler } from '../platform/jobs/jobHandler';
import { generateReportFile, REPORT_JOB, REPORT_SWEEP_JOB, sweepReportFiles } from './reportStore';
import { sendStatements, STATEMENT_JOB, type StatementJobParameters } from './statementStore';

export const reportJobHandlers: JobHandler[] = [
  {
    jobtype: REPORT_JOB,
    // A report that failed twice will fail again: its file shows the reason ('No Data' in the progress widget).
    maxAttempts: 3,
    // A 1,000,000-row file takes minutes: its own thread, so the server keeps answering meanwhile.
    ownThread: true,
    async run({ db, parameters, now, progress }) {
      const { fileid } = (parameters ?? {}) as { fileid?: unknown };
      if (typeof fileid !== 'string') throw new Error('parameters.fileid is required');
      return generateReportFile(db, fileid, now(), progress);
    },
  },
  {
    // Monthly statements: a retaken job skips the members already in the statement's log.
    jobtype: STATEMENT_JOB,
    maxAttempts: 3,
    ownThread: true,
    run: ({ db, parameters, now, progress }) => sendStatements(db, parameters as StatementJobParameters, now(), progress),
  },
  {
    jobtype: REPORT_SWEEP_JOB,
    run: ({ db, now }) => sweepReportFiles(db, now()),
  },
];

export const reportSchedules: DailySchedule[] = [{ jobtype: REPORT_SWEEP_JOB, daily: (today) => ({ jobkey: `${REPORT_SWEEP_JOB}:${today}` }) }];
