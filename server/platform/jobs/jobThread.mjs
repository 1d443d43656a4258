// The entry of a job's own thread: loads jobThread.ts through tsx's loader (a worker thread does not inherit
// the loader the main thread was started with).
import { register } from 'tsx/esm/api';
register();
await import('./jobThread.ts');
