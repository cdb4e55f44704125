import { searchKey } from '#shared/search-key.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * A bank statement exported as CSV, read liberally (docs/payments.md, ADR 0038): UTF-8 with or
 * without a BOM, or Windows-1250 (what Serbian e-banking exports by default; a file that is not
 * valid UTF-8 is read as Windows-1250); `;`, `,` or tab between cells, cells in double quotes
 * with `""` inside; a header row naming the columns (Serbian, Cyrillic, English), else the
 * columns in the order date, amount, payer, reference. Nothing in a cell is ever evaluated: a
 * cell that looks like a spreadsheet formula (`=`, `+`, `-`, `@`) is text.
 */

export interface StatementRow {
  /** The line of the file where the row starts (the header is line 1). */
  line: number;
  date: string;
  /** Para of a credit, or null when the amount cannot be read (or is not a credit). */
  amountPara: number | null;
  payer: string;
  reference: string;
}

export interface Statement {
  rows: StatementRow[];
  encoding: 'utf-8' | 'windows-1250';
  delimiter: ';' | ',' | '\t';
  columns: { date: string | null; amount: string; payer: string | null; reference: string };
}

const unreadable = (message: string) => new AppError(400, 'statement.unreadable', message);

/** Longest cell kept (a reference or a payer's name is far shorter); longer cells are cut. */
const CELL_MAX = 500;

// --- bytes to text -------------------------------------------------------------------------

const utf8 = new TextDecoder('utf-8', { fatal: true });
const windows1250 = new TextDecoder('windows-1250');

export function decodeStatement(bytes: Buffer): { text: string; encoding: Statement['encoding'] } {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    throw new AppError(400, 'statement.not_text', 'The file is UTF-16 text: export the statement as CSV in UTF-8 or Windows-1250');
  }
  if (bytes.includes(0)) {
    throw new AppError(400, 'statement.not_text', 'The file is not a CSV text file (it holds binary data): export the statement as CSV in UTF-8 or Windows-1250');
  }
  const start = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  try {
    return { text: utf8.decode(bytes.subarray(start)), encoding: 'utf-8' };
  } catch {
    return { text: windows1250.decode(bytes), encoding: 'windows-1250' };
  }
}

// --- text to records -----------------------------------------------------------------------

/** The separator of the header line: the most frequent of `;`, tab and `,` outside quotes. */
export function detectDelimiter(text: string): Statement['delimiter'] {
  const counts = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && (ch === ';' || ch === ',' || ch === '\t')) counts[ch]++;
  }
  if (counts[';'] >= counts[','] && counts[';'] >= counts['\t'] && counts[';'] > 0) return ';';
  if (counts['\t'] > counts[',']) return '\t';
  return ',';
}

/**
 * RFC 4180 records: cells separated by `delimiter`, records by CRLF, LF or CR; a quoted cell
 * may hold the delimiter, line breaks and `""`. A quote inside an unquoted cell is kept as
 * text. Each record knows the line it starts on.
 */
export function parseCsv(text: string, delimiter: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  eachCsvRecord(text, delimiter, (line, cells) => { records.push({ line, cells }); });
  return records;
}

/**
 * `parseCsv`'s records handed to `visit` one at a time, none kept: a 5 MB statement is
 * ~120,000 records, and holding them all beside the rows made from them doubled what an
 * import needs in memory. An unquoted cell is a slice of `text`, not built a character at a time.
 */
function eachCsvRecord(text: string, delimiter: string, visit: (line: number, cells: string[]) => void): void {
  let cells: string[] = [];
  let cell = '';
  let cellStart = 0;
  let quoted = false;
  let wasQuoted = false;
  let atCellStart = true;
  let line = 1;
  let recordLine = 1;
  const endCell = (end: number) => {
    const value = wasQuoted ? cell : text.slice(cellStart, end);
    cells.push(value.length > CELL_MAX ? value.slice(0, CELL_MAX) : value);
    cell = ''; wasQuoted = false; atCellStart = true;
  };
  const endRecord = (end: number) => {
    endCell(end);
    if (cells.some((c) => c.trim() !== '')) visit(recordLine, cells);
    cells = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') { cell += '"'; i++; } else quoted = false;
      } else {
        if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line++;
        cell += ch;
      }
      continue;
    }
    if (atCellStart) cellStart = i;
    if (ch === '"' && atCellStart) { quoted = true; wasQuoted = true; atCellStart = false; continue; }
    if (ch === delimiter) { endCell(i); cellStart = i + 1; continue; }
    if (ch === '\r' || ch === '\n') {
      endRecord(i);
      if (ch === '\r' && text[i + 1] === '\n') i++;
      cellStart = i + 1;
      line++;
      recordLine = line;
      continue;
    }
    // Text after a quoted cell's closing quote belongs to it, as before.
    if (wasQuoted) cell += ch;
    atCellStart = false;
  }
  if (quoted) throw unreadable(`A quoted cell that starts on line ${recordLine} never ends: check the file's quotes`);
  endRecord(text.length);
}

// --- cells to values -----------------------------------------------------------------------

/**
 * An amount as banks write it, to para, by its digits (never through a float): `1.234,50`,
 * `1234,50`, `1 234,50`, `1,234.50`, `1234.50`, `1234,5`, `1234`, with `RSD`/`din` around it.
 * A single separator followed by one or two digits is the decimal one; separators followed by
 * groups of three are thousands. Anything else (three decimals, letters, `=1+1`) is null.
 * Negative amounts (money going out) are returned negative.
 */
export function parseAmountPara(text: string): number | null {
  let s = text.replace(/[\s\u00a0\u202f']/g, '').replace(/^(RSD|din\.?|дин\.?)/i, '').replace(/(RSD|din\.?|дин\.?)$/i, '');
  let sign = 1;
  if (/^-/.test(s) || /^\(.*\)$/.test(s)) { sign = -1; s = s.replace(/^-|^\(|\)$/g, ''); }
  else if (s.startsWith('+')) s = s.slice(1);
  if (!/^\d[\d.,]*$/.test(s)) return null;
  let whole: string;
  let decimals = '';
  const lastSep = Math.max(s.lastIndexOf(','), s.lastIndexOf('.'));
  const tail = lastSep >= 0 ? s.slice(lastSep + 1) : '';
  if (lastSep >= 0 && (tail.length === 1 || tail.length === 2)) {
    decimals = tail;
    whole = s.slice(0, lastSep);
    const decimalSep = s[lastSep]!;
    // The other separator, if any, groups thousands; the decimal one appears once.
    if (whole.includes(decimalSep)) return null;
  } else whole = s;
  if (/[.,]/.test(whole)) {
    const seps = new Set(whole.match(/[.,]/g));
    if (seps.size > 1 || !/^\d{1,3}([.,]\d{3})+$/.test(whole)) return null;
    whole = whole.replace(/[.,]/g, '');
  }
  if (!/^\d+$/.test(whole) || whole.length > 13) return null;
  const para = Number(whole) * 100 + Number(decimals.padEnd(2, '0') || '0');
  return sign * para;
}

/** A cell as text: trimmed, control characters dropped. Formula-looking text stays as it is. */
function clean(cell: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  return (cell ?? '').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trim();
}

// --- the header ----------------------------------------------------------------------------

/** Header words by column, compared as search keys (src/shared/search-key.ts): no case, diacritics, script or punctuation. */
const HEADERS = {
  date: ['datum', 'date', 'datum valute', 'datum knjizenja', 'datum transakcije', 'datum placanja', 'datum izvrsenja'],
  amount: ['iznos', 'amount', 'uplata', 'priliv', 'potrazuje', 'potrazivanje', 'credit', 'kredit', 'odobrenje', 'iznos uplate', 'iznos rsd'],
  debit: ['duguje', 'isplata', 'odliv', 'debit', 'zaduzenje'],
  payer: ['platilac', 'uplatilac', 'nalogodavac', 'payer', 'naziv', 'ime', 'name', 'komitent', 'posiljalac', 'naziv platioca', 'naziv uplatioca', 'primalac platilac', 'platilac primalac'],
  reference: ['poziv na broj', 'poziv na broj odobrenja', 'poziv na broj platioca', 'poziv na broj primaoca', 'pnb', 'reference', 'referenca', 'poziv', 'reference number', 'ref'],
  model: ['model', 'model odobrenja'],
} as const;
type Column = keyof typeof HEADERS;

/** Words of a credit (money in) and of a debit (money out) inside an amount column's header ("Iznos potražuje"). */
const CREDIT_WORDS = ['potrazuje', 'uplata', 'priliv', 'credit', 'kredit', 'odobrenje'];
const DEBIT_WORDS: readonly string[] = HEADERS.debit;

function findColumns(header: string[]): Partial<Record<Column, number>> | null {
  const keys = header.map((cell) => searchKey(cell));
  const found: Partial<Record<Column, number>> = {};
  // The amount first: a header naming a credit wins over a plain "Iznos", and never a debit one.
  const credit = keys.findIndex((k) => CREDIT_WORDS.some((w) => k.split(/[\s/()-]+/).includes(w)));
  if (credit >= 0) found.amount = credit;
  for (const column of Object.keys(HEADERS) as Column[]) {
    if (found[column] !== undefined) continue;
    const names: readonly string[] = HEADERS[column];
    let at = keys.findIndex((k, i) => names.includes(k) && !Object.values(found).includes(i));
    // "Poziv na broj (odobrenje)", "Iznos u RSD": a header that starts with a known name.
    if (at < 0) {
      at = keys.findIndex((k, i) => names.some((n) => n.length >= 4 && k.startsWith(n)) && !Object.values(found).includes(i)
        && (column !== 'amount' || !DEBIT_WORDS.some((w) => k.includes(w))));
    }
    if (at >= 0) found[column] = at;
  }
  return found.amount !== undefined && found.reference !== undefined ? found : null;
}

// --- the whole statement -------------------------------------------------------------------

/** The statement's rows, or 400 statement.unreadable / statement.not_text saying what could not be read. */
export function readStatement(bytes: Buffer): Statement {
  const { text, encoding } = decodeStatement(bytes);
  if (text.trim() === '') throw unreadable('The file is empty');
  const delimiter = detectDelimiter(text);
  // Set by the first record (the header); `as`, so that the compiler does not take them for null after the visit.
  let columns = null as Partial<Record<Column, number>> | null;
  let names = null as Statement['columns'] | null;
  const rows: StatementRow[] = [];
  eachCsvRecord(text, delimiter, (line, cells) => {
    if (!names) {
      // The first record is the header.
      columns = findColumns(cells);
      if (columns) {
        const name = (i: number | undefined) => (i === undefined ? null : clean(cells[i]) || `#${i + 1}`);
        names = { date: name(columns.date), amount: name(columns.amount)!, payer: name(columns.payer), reference: name(columns.reference)! };
      } else {
        if (cells.length < 4) {
          throw unreadable(`The header names no amount and no reference column (found: ${cells.map(clean).join(', ').slice(0, 200)}); without them the columns must be date, amount, payer, reference`);
        }
        columns = { date: 0, amount: 1, payer: 2, reference: 3 };
        names = { date: '#1', amount: '#2', payer: '#3', reference: '#4' };
      }
      return;
    }
    const c = columns!;
    let amountPara = parseAmountPara(clean(cells[c.amount!]));
    if (amountPara !== null && amountPara <= 0) amountPara = null;
    const model = c.model === undefined ? '' : clean(cells[c.model]).replace(/\D/g, '');
    let reference = clean(cells[c.reference!]);
    // A column of its own for the model: "97" there, the check digits and number here.
    if (model === '97' && reference !== '' && !/^\(?97/.test(reference.replace(/\s/g, ''))) reference = `97 ${reference}`;
    rows.push({ line, date: clean(c.date === undefined ? '' : cells[c.date]), amountPara, payer: clean(c.payer === undefined ? '' : cells[c.payer]), reference });
  });
  if (!names || rows.length === 0) throw unreadable('The file has no row below its header: a statement is a header row, then one row per payment');
  const readable = rows.filter((r) => r.amountPara !== null || r.reference !== '');
  if (readable.length === 0) throw unreadable(`No row has an amount or a reference that could be read (columns used: amount "${names.amount}", reference "${names.reference}")`);
  return { rows, encoding, delimiter, columns: names };
}
