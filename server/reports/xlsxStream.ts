// An XLSX workbook of one sheet written as rows come (SpreadsheetML, ECMA-376): the fixed parts first, then the
// sheet's rows deflated straight into the zip (inline strings and numbers: no shared-strings table to keep in
// memory), so a million rows take the memory of one page of them.
import { openZip, type ZipEntryStream, type ZipWriter } from './xlsxZip';

export interface XlsxColumn {
  /** The row's property the column shows. */
  key: string;
  label: string;
  /** Width in characters. */
  width: number;
  /** number: a number cell (a value that is not a number is written as text). */
  type: 'number' | 'text';
}

export interface XlsxSheet {
  name: string;
  columns: XlsxColumn[];
}

export interface XlsxWriter {
  addRows(rows: Record<string, unknown>[]): Promise<void>;
  close(): Promise<void>;
  /** Gives the file up half written: its streams are destroyed and the file closed. */
  abort(): Promise<void>;
}

/** A sheet's rows, the header row included (Excel's grid). */
export const XLSX_MAX_ROWS = 1_048_576;
/** Characters a cell holds in Excel; longer texts are cut there. */
export const XLSX_MAX_CELL_TEXT = 32_767;
/** Characters of a sheet's name. */
export const XLSX_MAX_SHEET_NAME = 31;

export const XLSX_TEXTS = {
  tooManyRows: `XLSX holds at most ${(XLSX_MAX_ROWS - 1).toLocaleString('en-US')} rows under its header: choose CSV or narrow the criteria`,
  defaultSheetName: 'Sheet1',
} as const;

/**
 * Characters of XML handed to the compressor at a time: well under V8's large-object size, so each chunk dies
 * young (a 100 KB chunk would be allocated in the old generation and pile up there until a full GC).
 */
const CHUNK_CHARS = 16_384;
/** Rows serialised between two turns of the event loop (a writer on the serving thread lets requests in). */
const YIELD_ROWS = 200;
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const SHEET_PART = 'xl/worksheets/sheet1.xml';
const STYLES_PART = 'xl/styles.xml';
const WORKBOOK_PART = 'xl/workbook.xml';
/** Style index of the header row's cells in styles.xml's cellXfs (0 is the default). */
const HEADER_STYLE = 1;

// Characters XML 1.0 does not allow (controls other than tab and line ends, U+FFFE/U+FFFF, lone surrogates).
const ILLEGAL_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text as XML character data or an attribute value: escaped, illegal characters dropped. */
export function xmlText(text: string): string {
  return text.replace(ILLEGAL_XML, '').replace(/[&<>"]/g, (c) => XML_ENTITIES[c]);
}

/**
 * A cell's text as Excel reads it back: cut to Excel's limit, and a literal `_xHHHH_` kept literal (Excel reads
 * that pattern as an escaped character, so its underscore is escaped as `_x005F_`).
 */
function cellText(text: string): string {
  const cut = text.length > XLSX_MAX_CELL_TEXT ? text.slice(0, XLSX_MAX_CELL_TEXT) : text;
  return xmlText(cut.replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1'));
}

/** A sheet name Excel accepts: none of : \ / ? * [ ], no apostrophe at either end, 1 to 31 characters. */
export function sheetName(title: string): string {
  const name = title
    .replace(ILLEGAL_XML, '')
    .replace(/[:\\/?*[\]]/g, ' ')
    .slice(0, XLSX_MAX_SHEET_NAME)
    .replace(/^'+|'+$/g, '')
    .trim();
  return name === '' ? XLSX_TEXTS.defaultSheetName : name;
}

/** A 1-based column number as its letters (1 -> A, 27 -> AA). */
export function columnLetters(n: number): string {
  let letters = '';
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

const inlineString = (ref: string, text: string, style = ''): string => {
  const preserve = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style} t="inlineStr"><is><t${preserve}>${cellText(text)}</t></is></c>`;
};

const asText = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value));

/** One cell's XML ('' for an empty value: the cell is left out). */
function cell(ref: string, column: XlsxColumn, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (column.type === 'number') {
    const n = typeof value === 'number' ? value : Number(value);
    if (Number.isFinite(n)) return `<c r="${ref}"><v>${n}</v></c>`;
  }
  return inlineString(ref, asText(value));
}

const contentTypes = (): string =>
  `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  `<Override PartName="/${WORKBOOK_PART}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
  `<Override PartName="/${SHEET_PART}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
  `<Override PartName="/${STYLES_PART}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
  '</Types>';

const packageRels = (): string =>
  `${XML_DECLARATION}<Relationships xmlns="${NS_PKG_REL}">` +
  `<Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="${WORKBOOK_PART}"/>` +
  '</Relationships>';

const workbookRels = (): string =>
  `${XML_DECLARATION}<Relationships xmlns="${NS_PKG_REL}">` +
  `<Relationship Id="rId1" Type="${NS_REL}/worksheet" Target="${SHEET_PART.replace('xl/', '')}"/>` +
  `<Relationship Id="rId2" Type="${NS_REL}/styles" Target="${STYLES_PART.replace('xl/', '')}"/>` +
  '</Relationships>';

const workbook = (name: string): string =>
  `${XML_DECLARATION}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
  `<sheets><sheet name="${xmlText(name)}" sheetId="1" r:id="rId1"/></sheets>` +
  '</workbook>';

// The least styles.xml Excel takes (its two required fills), plus a bold font for the header row.
const styles = (): string =>
  `${XML_DECLARATION}<styleSheet xmlns="${NS_MAIN}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  `<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>` +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/** The sheet's opening up to its first row: the header row frozen, the columns' widths. */
const sheetStart = (columns: XlsxColumn[]): string =>
  `${XML_DECLARATION}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
  '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
  '<sheetFormatPr defaultRowHeight="15"/>' +
  (columns.length > 0 ? `<cols>${columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`).join('')}</cols>` : '') +
  '<sheetData>';
const SHEET_END = '</sheetData></worksheet>';

/** Opens the file and writes everything but the rows (the rows follow with addRows, close() ends the file). */
export function openXlsx(path: string, sheet: XlsxSheet): XlsxWriter {
  const letters = sheet.columns.map((_, i) => columnLetters(i + 1));
  const zip: ZipWriter = openZip(path);
  const start = async (): Promise<ZipEntryStream> => {
    await zip.add('[Content_Types].xml', contentTypes());
    await zip.add('_rels/.rels', packageRels());
    await zip.add(WORKBOOK_PART, workbook(sheetName(sheet.name)));
    await zip.add('xl/_rels/workbook.xml.rels', workbookRels());
    await zip.add(STYLES_PART, styles());
    const part = zip.open(SHEET_PART);
    const style = ` s="${HEADER_STYLE}"`;
    await part.write(`${sheetStart(sheet.columns)}<row r="1">${sheet.columns.map((c, i) => inlineString(`${letters[i]}1`, c.label, style)).join('')}</row>`);
    return part;
  };
  // A failed start (no such directory) fails the first addRows or close, never as an unhandled rejection.
  const started = start();
  started.catch(() => {});
  let written = 1;
  return {
    async addRows(rows) {
      const part = await started;
      if (written + rows.length > XLSX_MAX_ROWS) throw new Error(XLSX_TEXTS.tooManyRows);
      let xml = '';
      for (const [i, row] of rows.entries()) {
        written += 1;
        xml += `<row r="${written}">`;
        for (const [c, column] of sheet.columns.entries()) xml += cell(`${letters[c]}${written}`, column, row[column.key]);
        xml += '</row>';
        if (xml.length >= CHUNK_CHARS) {
          await part.write(xml);
          xml = '';
        }
        if (i % YIELD_ROWS === YIELD_ROWS - 1) await yieldTurn();
      }
      if (xml !== '') await part.write(xml);
    },
    async close() {
      const part = await started;
      await part.write(SHEET_END);
      await part.end();
      await zip.close();
    },
    abort: () => zip.abort(),
  };
}
