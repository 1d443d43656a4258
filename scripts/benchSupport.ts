// Pieces both benchmarks use: option parsing, CPU accounting, the floor servers' JSON answers.
import type http from 'node:http';
import { cpus } from 'node:os';

export interface CpuSnapshot {
  machineBusyMs: number;
  processMs: number;
  at: number;
}

export function cpuSnapshot(): CpuSnapshot {
  const machineBusyMs = cpus().reduce((sum, { times }) => sum + times.user + times.nice + times.sys + times.irq, 0);
  const { user, system } = process.cpuUsage();
  return { machineBusyMs, processMs: (user + system) / 1000, at: performance.now() };
}

export function positive(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number, got "${raw}"`);
  return value;
}

export function writeJson(response: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

export const statusOf = (responsecode: string, responsemessage: string) => ({ status: { responsecode, responsemessage } });

export function closeFloor(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}

/** Runs a benchmark's main: a failure sets the exit code, and a lingering handle cannot hang the run. */
export function runBenchmark(main: () => Promise<void>): void {
  main()
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.stack : error);
      process.exitCode = 1;
    })
    .finally(() => {
      setTimeout(() => {
        console.error('bench: handles still open after cleanup, exiting');
        process.exit(process.exitCode ?? 0);
      }, 2000).unref();
    });
}
