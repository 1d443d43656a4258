// Loads bench-report-jobs.ts in a worker thread through tsx's loader (a worker does not inherit the main thread's).
import { register } from 'tsx/esm/api';
register();
await import('./bench-report-jobs.ts');
