// The streaming XLSX writer: files read back with exceljs' full reader (sheet name, header, cell types and
// values, widths, escaping), the zip checked entry by entry against its central directory (CRC, sizes, the
// data descriptor), Excel's row limit, and a file error failing the writer's calls instead of the thread.
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { join } from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { columnLetters, openXlsx, sheetName, XLSX_MAX_ROWS, XLSX_MAX_SHEET_NAME, XLSX_TEXTS, type XlsxColumn } from '../../server/reports/xlsxStream';
import { openReportWriter, PDF_MAX_ROWS } from '../../server/reports/reportWriters';
import { formatRowLimit } from '../../server/reports/reportStore';

const dir = mkdtempSync(join(tmpdir(), 'xlsx-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const nextPath = () => join(dir, `book-${++n}.xlsx`);

const COLUMNS: XlsxColumn[] = [
  { key: 'id', label: 'Transaction ID', width: 16, type: 'text' },
  { key: 'miles', label: 'Award Miles', width: 13, type: 'number' },
  { key: 'reason', label: 'Reason & <Notes>', width: 30, type: 'text' },
];

async function readBack(path: string): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  expect(book.worksheets).toHaveLength(1);
  return book.worksheets[0];
}

const rowValues = (sheet: ExcelJS.Worksheet, n: number): unknown[] => (sheet.getRow(n).values as unknown[]).slice(1);

interface ZipEntry {
  name: string;
  flags: number;
  data: Buffer;
}

/** The zip read through its central directory; each entry inflated and checked against its CRC and sizes. */
function readZip(bytes: Buffer): ZipEntry[] {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBe(bytes.length - 22);
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  expect(at + bytes.readUInt32LE(end + 12)).toBe(end);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    expect(bytes.readUInt32LE(at)).toBe(0x02014b50);
    const flags = bytes.readUInt16LE(at + 8);
    const crc = bytes.readUInt32LE(at + 16);
    const compressed = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    expect(bytes.readUInt32LE(local)).toBe(0x04034b50);
    expect(bytes.subarray(local + 30, local + 30 + bytes.readUInt16LE(local + 26)).toString('utf8')).toBe(name);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = inflateRawSync(bytes.subarray(start, start + compressed));
    expect([name, data.length, crc32(data)]).toEqual([name, size, crc]);
    if (flags & 0x0008) {
      // The data descriptor after the data repeats the CRC and sizes the local header could not know.
      const descriptor = start + compressed;
      expect([bytes.readUInt32LE(descriptor), bytes.readUInt32LE(descriptor + 4), bytes.readUInt32LE(descriptor + 8), bytes.readUInt32LE(descriptor + 12)]).toEqual([0x08074b50, crc, compressed, size]);
    } else {
      expect([bytes.readUInt32LE(local + 14), bytes.readUInt32LE(local + 18), bytes.readUInt32LE(local + 22)]).toEqual([crc, compressed, size]);
    }
    entries.push({ name, flags, data });
  }
  return entries;
}

describe('streaming XLSX writer', () => {
  it('writes a sheet exceljs reads back: its name, a bold header row, number and text cells, empty cells left out, widths', async () => {
    const path = nextPath();
    const xlsx = openXlsx(path, { name: 'Custom Transaction', columns: COLUMNS });
    await xlsx.addRows([
      { id: 'T-1', miles: 1500, reason: 'Goodwill' },
      { id: 'T-2', miles: '-250', reason: null },
    ]);
    await xlsx.addRows([{ id: 'T-3', miles: null, reason: '' }, { id: 'T-4' }]);
    await xlsx.close();

    const sheet = await readBack(path);
    expect(sheet.name).toBe('Custom Transaction');
    expect(rowValues(sheet, 1)).toEqual(['Transaction ID', 'Award Miles', 'Reason & <Notes>']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(rowValues(sheet, 2)).toEqual(['T-1', 1500, 'Goodwill']);
    // A number column's text that is a number becomes a number cell.
    expect(sheet.getRow(3).getCell(2).type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getRow(3).getCell(2).value).toBe(-250);
    expect(sheet.getRow(3).getCell(3).type).toBe(ExcelJS.ValueType.Null);
    expect(rowValues(sheet, 4)).toEqual(['T-3']);
    expect(rowValues(sheet, 5)).toEqual(['T-4']);
    expect(sheet.rowCount).toBe(5);
    expect(sheet.columns.map((c) => c.width)).toEqual([16, 13, 30]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('keeps text as text: markup, quotes, formulas, spaces at the ends, _xHHHH_, emoji; drops what XML 1.0 forbids; cuts at 32,767 characters', async () => {
    const path = nextPath();
    const texts = ['a & b < c > d " e \' f', '=SUM(A1:A2)', '  padded  ', 'line\nbreak\ttab', '_x0041_ and _X00e9_', 'Zürich ✈ 😀', 'bell\u0007 nul\u0000 lone\uD800 \uFFFF end', 'x'.repeat(40_000), '12345'];
    const xlsx = openXlsx(path, { name: 'Texts', columns: [{ key: 'text', label: 'Text', width: 20, type: 'text' }, { key: 'number', label: 'Number', width: 12, type: 'number' }] });
    await xlsx.addRows(texts.map((text) => ({ text, number: text })));
    await xlsx.addRows([{ text: new Date('2026-11-24T10:00:00.000Z'), number: 12.5 }]);
    await xlsx.close();

    const sheet = await readBack(path);
    const read = texts.map((_, i) => sheet.getRow(i + 2).getCell(1));
    expect(read.map((c) => c.type)).toEqual(texts.map(() => ExcelJS.ValueType.String));
    expect(read.map((c) => c.value)).toEqual([
      'a & b < c > d " e \' f',
      '=SUM(A1:A2)',
      '  padded  ',
      'line\nbreak\ttab',
      // Written as _x005F_x0041_ (Excel reads _xHHHH_ as an escaped character, ECMA-376 ST_Xstring): exceljs
      // decodes that in shared strings only, so the raw XML is checked below.
      '_x005F_x0041_ and _X00e9_',
      'Zürich ✈ 😀',
      'bell nul lone  end',
      'x'.repeat(32_767),
      '12345',
    ]);
    // Text that is not a number stays text in a number column; a number's text becomes a number.
    expect(sheet.getRow(3).getCell(2).value).toBe('=SUM(A1:A2)');
    expect(sheet.getRow(10).getCell(2).value).toBe(12345);
    expect(rowValues(sheet, 11)).toEqual(['2026-11-24T10:00:00.000Z', 12.5]);
    const xml = readZip(readFileSync(path))[5].data.toString('utf8');
    expect(xml).toContain('<t>_x005F_x0041_ and _X00e9_</t>');
    expect(xml).toContain('<t>a &amp; b &lt; c &gt; d &quot; e \' f</t>');
    expect(xml).toContain('<t xml:space="preserve">  padded  </t>');
  });

  it('is a sound zip: every entry inflates to its CRC and sizes, the sheet streamed with a data descriptor', async () => {
    const path = nextPath();
    const xlsx = openXlsx(path, { name: 'Zip', columns: COLUMNS });
    // Pages as the report job writes them, large enough for the compressor to push back.
    for (let page = 0; page < 10; page++) await xlsx.addRows(Array.from({ length: 2000 }, (_, i) => ({ id: `T-${page * 2000 + i}`, miles: i, reason: `Reason number ${page * 2000 + i}` })));
    await xlsx.close();

    const entries = readZip(readFileSync(path));
    expect(entries.map((e) => e.name)).toEqual(['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/worksheets/sheet1.xml']);
    expect(entries.map((e) => Boolean(e.flags & 0x0008))).toEqual([false, false, false, false, false, true]);
    const sheetXml = entries[5].data.toString('utf8');
    expect(sheetXml.match(/<row /g)).toHaveLength(20_001);
    expect(sheetXml).toContain('<row r="20001"><c r="A20001" t="inlineStr"><is><t>T-19999</t></is></c><c r="B20001"><v>1999</v></c>');

    const sheet = await readBack(path);
    expect(sheet.rowCount).toBe(20_001);
    expect(rowValues(sheet, 20_001)).toEqual(['T-19999', 1999, 'Reason number 19999']);
  });

  it('holds no more memory after 350,000 rows than after 50,000: nothing is kept per row or per chunk', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const xlsx = openXlsx(nextPath(), { name: 'Memory', columns: COLUMNS });
    const pages = async (count: number) => {
      for (let page = 0; page < count; page++) await xlsx.addRows(Array.from({ length: 2000 }, (_, i) => ({ id: `T-${page}-${i}`, miles: i, reason: `Reason number ${page * 2000 + i}` })));
    };
    await pages(25);
    gc();
    const after50k = process.memoryUsage().heapUsed;
    await pages(150);
    gc();
    const after350k = process.memoryUsage().heapUsed;
    await xlsx.close();
    // Measured: 30-60 KB; a promise kept per drain wait (the leak this pins) made it 1.0-1.2 MB.
    expect(after350k - after50k).toBeLessThan(256 * 1024);
  }, 60_000);

  it('an empty report is its header row alone', async () => {
    const path = nextPath();
    const xlsx = openXlsx(path, { name: 'Empty', columns: COLUMNS });
    await xlsx.close();
    const sheet = await readBack(path);
    expect(sheet.rowCount).toBe(1);
    expect(rowValues(sheet, 1)).toEqual(COLUMNS.map((c) => c.label));
  });

  it("refuses rows past Excel's grid (1,048,576 rows with the header) and writes the last row that fits", async () => {
    const path = nextPath();
    const xlsx = openXlsx(path, { name: 'Grid', columns: [{ key: 'n', label: 'N', width: 12, type: 'number' }] });
    const fits = XLSX_MAX_ROWS - 2;
    const page = 100_000;
    for (let from = 0; from < fits; from += page) await xlsx.addRows(Array.from({ length: Math.min(page, fits - from) }, (_, i) => ({ n: from + i })));
    await expect(xlsx.addRows([{ n: -1 }, { n: -2 }])).rejects.toThrow(XLSX_TEXTS.tooManyRows);
    await xlsx.addRows([{ n: fits }]);
    await expect(xlsx.addRows([{ n: -3 }])).rejects.toThrow(XLSX_TEXTS.tooManyRows);
    await xlsx.close();
    const sheet = readZip(readFileSync(path))[5].data.toString('utf8');
    expect(sheet.endsWith(`<row r="${XLSX_MAX_ROWS}"><c r="A${XLSX_MAX_ROWS}"><v>${fits}</v></c></row></sheetData></worksheet>`)).toBe(true);
  }, 60_000);

  it('a file that cannot be written fails the writer with the file error, not the thread (no unhandled error)', async () => {
    const xlsx = openXlsx(join(dir, 'no-such-dir', 'book.xlsx'), { name: 'Missing', columns: COLUMNS });
    // The open fails after the first rows may already sit in the buffers: close() reports it at the latest.
    await xlsx.addRows([{ id: 'T-1', miles: 1, reason: 'r' }]).catch(() => undefined);
    await expect(xlsx.close()).rejects.toThrow(/ENOENT/);
    await expect(xlsx.addRows([{ id: 'T-2', miles: 2, reason: 'r' }])).rejects.toThrow(/ENOENT/);
  });

  it('names the sheet as Excel allows: forbidden characters replaced, no apostrophe at the ends, 31 characters, never empty', () => {
    expect(sheetName('Custom Transaction')).toBe('Custom Transaction');
    expect(sheetName('Miles: in/out [2026]?*\\')).toBe('Miles  in out  2026');
    expect(sheetName("'Quoted'")).toBe('Quoted');
    expect(sheetName('A very long report title that goes on and on')).toHaveLength(XLSX_MAX_SHEET_NAME);
    expect(sheetName('')).toBe(XLSX_TEXTS.defaultSheetName);
    expect(sheetName('[]')).toBe(XLSX_TEXTS.defaultSheetName);
  });

  it('names columns A..Z, AA.., up to XFD', () => {
    expect([1, 2, 26, 27, 52, 53, 702, 703, 16_384].map(columnLetters)).toEqual(['A', 'B', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA', 'XFD']);
  });

  it("the report's XLSX writer keeps the report's columns: labels, widths from the label, numbers for 'number'", async () => {
    const path = nextPath();
    const writer = openReportWriter('XLSX', path, [{ name: 'trxid', label: 'Transaction ID' }, { name: 'awardmiles', label: 'Award Miles', format: 'number' }, { name: 'reason', label: 'Reason' }], { title: 'Custom Transaction Report: a long title', lines: [] });
    await writer.write([{ trxid: 'T-9', awardmiles: '700', reason: 'Bonus' }]);
    await writer.close();
    const sheet = await readBack(path);
    expect(sheet.name).toBe('Custom Transaction Report: a lo'.replace(':', ' '));
    expect(rowValues(sheet, 1)).toEqual(['Transaction ID', 'Award Miles', 'Reason']);
    expect(rowValues(sheet, 2)).toEqual(['T-9', 700, 'Bonus']);
    expect(sheet.columns.map((c) => c.width)).toEqual([16, 13, 12]);
  });

  it.each(['CSV', 'XLSX', 'PDF'] as const)('a %s report given up half written (its query failed) leaves no open file behind', async (format) => {
    const path = join(dir, `given-up.${format.toLowerCase()}.part`);
    const openOn = () => readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`).startsWith(path);
      } catch {
        return false;
      }
    });
    const writer = openReportWriter(format, path, [{ name: 'trxid', label: 'Transaction ID' }, { name: 'reason', label: 'Reason' }], { title: 'Given up', lines: [] });
    await writer.write(Array.from({ length: 2000 }, (_, i) => ({ trxid: `T-${i}`, reason: 'x'.repeat(40) })));
    // The file opens on the thread pool: waited for (a state, not a duration).
    for (let turn = 0; turn < 1000 && openOn().length === 0; turn++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(openOn()).toHaveLength(1);
    await writer.abort();
    expect(openOn()).toEqual([]);
    rmSync(path, { force: true });
  });

  it.each(['CSV', 'XLSX', 'PDF'] as const)('a %s report given up at once, its writes still under way, ends without an unheard error', async (format) => {
    // The writes a destroy cuts short fail: unheard, their error ended the thread before the file's 'close'.
    for (let k = 0; k < 5; k++) {
      const path = join(dir, `given-up-at-once-${k}.${format.toLowerCase()}.part`);
      const writer = openReportWriter(format, path, [{ name: 'trxid', label: 'Transaction ID' }, { name: 'reason', label: 'Reason' }], { title: 'Given up', lines: [] });
      await writer.write(Array.from({ length: 2000 }, (_, i) => ({ trxid: `T-${i}`, reason: 'x'.repeat(40) })));
      await writer.abort();
      rmSync(path, { force: true });
    }
  });

  it.each(['CSV', 'PDF'] as const)('a %s file that cannot be opened fails the writer\'s next call with the file error, not the thread', async (format) => {
    const path = join(dir, 'no-such-directory', `report.${format.toLowerCase()}`);
    const writer = openReportWriter(format, path, [{ name: 'trxid', label: 'Transaction ID' }], { title: 'Nowhere', lines: [] });
    await writer.write([{ trxid: 'T-1' }]);
    // The open fails on the thread pool; the writer holds the error for its next call.
    let failure: unknown;
    for (let turn = 0; turn < 1000 && failure === undefined; turn++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      failure = await writer.write([{ trxid: 'T-2' }]).then(() => undefined, (error: unknown) => error);
    }
    expect(String(failure)).toContain('ENOENT');
    await expect(writer.close()).rejects.toThrow('ENOENT');
    await writer.abort();
  });

  it('a report over a format\'s rows is refused before any row is written: PDF 5,000, XLSX 1,048,575, CSV any', () => {
    expect(formatRowLimit('PDF')).toEqual({ rows: PDF_MAX_ROWS, message: 'PDF is for summaries: this report has more than 5,000 rows, choose XLSX or CSV' });
    expect(PDF_MAX_ROWS).toBe(5000);
    expect(formatRowLimit('XLSX')).toEqual({ rows: 1_048_575, message: 'XLSX holds at most 1,048,575 rows under its header: choose CSV or narrow the criteria' });
    expect(formatRowLimit('CSV')).toBeUndefined();
  });
});
