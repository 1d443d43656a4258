// The three file formats of a report, each written a page of rows at a time (never the whole result in
// memory): CSV through a file stream that respects backpressure, XLSX through our own streaming writer
// (xlsxStream.ts: rows deflated into the zip as they come), PDF through pdfkit (summaries: a title, the
// parameters and a table).
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import PDFDocument from 'pdfkit';
import { openXlsx } from './xlsxStream';
import { destroyed } from './xlsxZip';

export const REPORT_FORMATS = ['CSV', 'XLSX', 'PDF'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const FORMAT_FILES: Record<ReportFormat, { extension: string; mimetype: string }> = {
  CSV: { extension: 'csv', mimetype: 'text/csv' },
  XLSX: { extension: 'xlsx', mimetype: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  PDF: { extension: 'pdf', mimetype: 'application/pdf' },
};

export interface ReportColumn {
  name: string;
  label: string;
  /** number: thousand separators in PDF and a number cell in XLSX. */
  format?: 'number' | 'text';
}

export interface ReportHeading {
  title: string;
  /** Label / value lines under the title (the parameters, who and when). */
  lines: [string, string][];
}

export interface ReportWriter {
  write(rows: Record<string, unknown>[]): Promise<void>;
  /** Finishes the file; its size in bytes. */
  close(): Promise<void>;
  /** Gives the file up half written (its rows' query failed): the file is closed, for the caller to remove. */
  abort(): Promise<void>;
}

const csvCell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet: quoted with a leading apostrophe.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The first error of each report file (see reportFile). */
const failures = new WeakMap<WriteStream, Error>();

/**
 * A report's file stream. An error no call is waiting for (a write the thread pool fails later, the writes a
 * destroy cuts short) is kept and thrown by the writer's next call, never at the thread: an 'error' event without
 * a listener ends the process (the report worker's thread) and the 'close' after it is never emitted.
 */
function reportFile(path: string): WriteStream {
  const stream = createWriteStream(path);
  stream.on('error', (error) => {
    if (!failures.has(stream)) failures.set(stream, error);
  });
  return stream;
}

function throwFailure(stream: WriteStream): void {
  const failure = failures.get(stream);
  if (failure) throw failure;
}

async function writeChunk(stream: WriteStream, text: string): Promise<void> {
  throwFailure(stream);
  if (!stream.write(text)) await once(stream, 'drain');
}

async function closeStream(stream: WriteStream): Promise<void> {
  throwFailure(stream);
  stream.end();
  await once(stream, 'finish');
}

function csvWriter(path: string, columns: ReportColumn[]): ReportWriter {
  const stream = reportFile(path);
  let started = false;
  return {
    async write(rows) {
      let text = started ? '' : `${columns.map((c) => csvCell(c.label)).join(',')}\r\n`;
      started = true;
      for (const row of rows) text += `${columns.map((c) => csvCell(row[c.name])).join(',')}\r\n`;
      await writeChunk(stream, text);
    },
    async close() {
      if (!started) await writeChunk(stream, `${columns.map((c) => csvCell(c.label)).join(',')}\r\n`);
      await closeStream(stream);
    },
    abort: () => (stream.closed ? Promise.resolve() : destroyed(stream)),
  };
}

function xlsxWriter(path: string, columns: ReportColumn[], heading: ReportHeading): ReportWriter {
  const sheet = openXlsx(path, {
    name: heading.title,
    columns: columns.map((c) => ({ key: c.name, label: c.label, width: Math.max(12, c.label.length + 2), type: c.format === 'number' ? 'number' : 'text' })),
  });
  return { write: (rows) => sheet.addRows(rows), close: () => sheet.close(), abort: () => sheet.abort() };
}

const thousands = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? n.toLocaleString('en-US') : String(value);
};

/** Rows a PDF report takes at most: PDF is for summaries and statements, not for data dumps. */
export const PDF_MAX_ROWS = 5000;

function pdfWriter(path: string, columns: ReportColumn[], heading: ReportHeading): ReportWriter {
  const landscape = columns.length > 6;
  const doc = new PDFDocument({ size: 'A4', layout: landscape ? 'landscape' : 'portrait', margin: 36, bufferPages: false });
  const stream = reportFile(path);
  doc.pipe(stream);
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const colWidth = width / Math.max(1, columns.length);
  let written = 0;
  doc.font('Helvetica-Bold').fontSize(16).text(heading.title, { align: 'left' });
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(9);
  for (const [label, value] of heading.lines) doc.text(`${label}: ${value}`);
  doc.moveDown(0.6);
  const rowHeight = 14;
  const header = () => {
    const y = doc.y;
    doc.rect(left, y - 2, width, rowHeight).fill('#1F4E79');
    doc.fillColor('#FFFFFF').font('Helvetica-Bold').fontSize(8);
    columns.forEach((c, i) => doc.text(c.label, left + i * colWidth + 3, y + 1, { width: colWidth - 6, height: rowHeight, ellipsis: true, lineBreak: false, align: c.format === 'number' ? 'right' : 'left' }));
    doc.fillColor('#000000').font('Helvetica');
    doc.x = left;
    doc.y = y + rowHeight;
  };
  header();
  const bottom = () => doc.page.height - doc.page.margins.bottom - rowHeight;
  return {
    async write(rows) {
      throwFailure(stream);
      for (const row of rows) {
        if (written >= PDF_MAX_ROWS) return;
        if (doc.y > bottom()) {
          doc.addPage();
          header();
        }
        const y = doc.y;
        if (written % 2 === 1) doc.rect(left, y - 2, width, rowHeight).fill('#EEF3F8').fillColor('#000000');
        doc.fontSize(8);
        columns.forEach((c, i) => {
          const value = c.format === 'number' ? thousands(row[c.name]) : row[c.name] === null || row[c.name] === undefined ? '' : String(row[c.name]);
          doc.text(value, left + i * colWidth + 3, y + 1, { width: colWidth - 6, height: rowHeight, ellipsis: true, lineBreak: false, align: c.format === 'number' ? 'right' : 'left' });
        });
        doc.x = left;
        doc.y = y + rowHeight;
        written += 1;
      }
    },
    async close() {
      if (written === 0) doc.moveDown().fontSize(10).text('No Data', left);
      throwFailure(stream);
      doc.end();
      await once(stream, 'finish');
    },
    async abort() {
      doc.unpipe(stream);
      if (!stream.closed) await destroyed(stream);
    },
  };
}

export function openReportWriter(format: ReportFormat, path: string, columns: ReportColumn[], heading: ReportHeading): ReportWriter {
  if (format === 'CSV') return csvWriter(path, columns);
  if (format === 'XLSX') return xlsxWriter(path, columns, heading);
  return pdfWriter(path, columns, heading);
}
