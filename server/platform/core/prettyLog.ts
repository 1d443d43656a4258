// The log for a person at a terminal: pino's JSON lines turned into short readable ones (time, level, message, the
// request's method, path, status and time, other fields as key=value), in colour. A line marked `highlight` (the
// address the server answers on) is bold green. Without a terminal the JSON lines stay as they are, for collectors.
import { Writable } from 'node:stream';

const LEVELS: Record<number, [name: string, colour: string]> = {
  10: ['TRACE', '90'],
  20: ['DEBUG', '90'],
  30: ['INFO ', '36'],
  40: ['WARN ', '33'],
  50: ['ERROR', '31'],
  60: ['FATAL', '41;97'],
};
/** Fields every line has, or that the line's own text already shows. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'highlight', 'err']);

const paint = (colour: string, text: string) => `\u001b[${colour}m${text}\u001b[0m`;
const clock = (time: number) => new Date(time).toTimeString().slice(0, 8);

interface LogLine {
  level: number;
  time: number;
  msg?: string;
  highlight?: boolean;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  [field: string]: unknown;
}

/** One pino JSON line as a readable line (the text itself when it is not JSON). */
export function formatLogLine(text: string): string {
  let line: LogLine;
  try {
    line = JSON.parse(text) as LogLine;
  } catch {
    return text;
  }
  const [name, colour] = LEVELS[line.level] ?? ['LOG  ', '37'];
  const parts = [paint('90', clock(line.time)), paint(colour, name)];
  if (line.req?.method) {
    const status = line.res?.statusCode ?? 0;
    parts.push(`${line.req.method} ${line.req.url}`, paint(status >= 500 ? '31' : status >= 400 ? '33' : '32', String(status)), paint('90', `${Math.round(line.responseTime ?? 0)} ms`));
  } else {
    parts.push(line.highlight ? paint('1;32', line.msg ?? '') : (line.msg ?? ''));
  }
  const extra = Object.entries(line)
    .filter(([key]) => !SHOWN.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  if (extra.length) parts.push(paint('90', extra.join(' ')));
  const error = line.err ? `\n${paint('31', line.err.stack ?? line.err.message ?? '')}` : '';
  return parts.join(' ') + error;
}

/** A stream for pino that writes readable lines to `out` (a terminal). */
export function prettyLog(out: NodeJS.WritableStream): Writable {
  let rest = '';
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line) out.write(`${formatLogLine(line)}\n`);
      done();
    },
  });
}
