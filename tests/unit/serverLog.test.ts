// The server's terminal log: which requests get a line, and how a JSON line reads at a terminal.
import { describe, expect, it } from 'vitest';
import { formatLogLine } from '../../server/platform/core/prettyLog';
import { isQuietRequest } from '../../server/platform/core/requestLog';

const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

describe('request log', () => {
  it("quiets the front end's files when they are served, and logs API calls, downloads, page loads and failures", () => {
    expect(isQuietRequest('GET', '/', 200)).toBe(true);
    expect(isQuietRequest('GET', '/assets/index-AbC123.js', 200)).toBe(true);
    expect(isQuietRequest('GET', '/meta.json?t=1796206197777', 200)).toBe(true);
    expect(isQuietRequest('HEAD', '/logo.svg', 304)).toBe(true);
    expect(isQuietRequest('GET', '/assets/missing.js', 404)).toBe(false);
    expect(isQuietRequest('POST', '/api/country/list', 200)).toBe(false);
    expect(isQuietRequest('GET', '/files/0f3a9c', 200)).toBe(false);
    expect(isQuietRequest('GET', '/member', 200)).toBe(false);
  });
});

describe('terminal log lines', () => {
  it('shows time, level, method, path, status and time of a request', () => {
    const line = JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 1), pid: 1, hostname: 'vm', reqId: 'a-1', req: { method: 'POST', url: '/api/country/list' }, res: { statusCode: 400 }, responseTime: 12.4, msg: 'request completed' });
    expect(plain(formatLogLine(line))).toMatch(/^\d\d:\d\d:\d\d INFO {2}POST \/api\/country\/list 400 12 ms$/);
  });

  it('keeps other fields as key=value, shows an error stack, and puts the highlighted line in bold green', () => {
    const job = plain(formatLogLine(JSON.stringify({ level: 40, time: 0, jobid: 4, jobtype: 'name-check', msg: 'job done' })));
    expect(job).toMatch(/WARN {2}job done jobid=4 jobtype=name-check$/);
    const failed = plain(formatLogLine(JSON.stringify({ level: 50, time: 0, msg: 'unhandled error', err: { message: 'boom', stack: 'Error: boom\n    at x' } })));
    expect(failed).toContain('ERROR unhandled error\nError: boom');
    expect(formatLogLine(JSON.stringify({ level: 30, time: 0, highlight: true, msg: 'ALMS back office on http://localhost:8080 (sqlite)' }))).toContain('\u001b[1;32mALMS back office on http://localhost:8080 (sqlite)\u001b[0m');
    expect(formatLogLine('not json')).toBe('not json');
  });
});
