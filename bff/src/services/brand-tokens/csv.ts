import {
  BULK_GIVE_MAX_ROWS,
  GiveSchema,
  isWalletAddress,
} from '@brnd/contracts/domain/brand-tokens';
import { getAddress } from 'ethers';
import * as v from 'valibot';

/**
 * The bulk give's CSV: `recipient,amount` rows, an optional header line, RFC 4180 quoting
 * (a quoted cell may hold the separator, `""` or a line break), a UTF-8 BOM, and CRLF, LF or CR
 * line ends. Spreadsheets set to Polish export `;` instead of `,`: the first line decides.
 * Line numbers are the file's own, from 1, the header included; a row whose quoted cell spans
 * lines is numbered by the line it starts on.
 */

export interface CsvGiveRow {
  line: number;
  /** An e-mail (lower case) or an EIP-55 address. */
  recipient: string;
  /** Whole tokens. */
  amount: number;
}

export interface CsvLineError {
  line: number;
  messageId: string;
  values?: Record<string, number>;
}

export interface ParsedGiveCsv {
  rows: CsvGiveRow[];
  errors: CsvLineError[];
}

interface RawRecord {
  line: number;
  cells: string[];
  /** A quote was left open at the end of the file. */
  unterminated?: boolean;
}

const HEADER_NAMES = new Set([
  'recipient',
  'email',
  'e-mail',
  'wallet',
  'address',
  'odbiorca',
  'adres',
  'portfel',
]);

function separatorOf(text: string): ',' | ';' {
  const firstLine = /^[^\r\n]*/.exec(text)?.[0] ?? '';
  return firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
}

/** Splits the text into records of cells, keeping each record's first line number. */
export function csvRecords(input: string): RawRecord[] {
  const text = input.replace(/^\uFEFF/, '');
  const separator = separatorOf(text);
  const records: RawRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    cells.push(cell);
    records.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] as string;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else quoted = false;
      } else {
        if (char === '\n' || (char === '\r' && text[index + 1] !== '\n')) line += 1;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      start = line;
    } else {
      cell += char;
    }
  }
  if (quoted) {
    cells.push(cell);
    records.push({ line: start, cells, unterminated: true });
  } else if (cell !== '' || cells.length > 0) {
    endRecord();
  }
  return records;
}

function isBlank(record: RawRecord): boolean {
  return record.cells.every((cell) => cell.trim() === '');
}

/** A header names its columns; a data row's amount starts with a digit. */
function isHeader(record: RawRecord): boolean {
  const first = (record.cells[0] ?? '').trim().toLowerCase();
  if (HEADER_NAMES.has(first)) return true;
  const amount = (record.cells[1] ?? '').trim();
  return !first.includes('@') && !/^0x/i.test(first) && amount !== '' && !/^\d/.test(amount);
}

function recipientOf(raw: string): string | undefined {
  if (!isWalletAddress(raw)) return raw;
  try {
    // A mixed-case address must carry a correct EIP-55 checksum (a mistyped character).
    return getAddress(raw);
  } catch {
    return undefined;
  }
}

/** Every row checked with GiveSchema; nothing is given here. */
export function parseGiveCsv(text: string): ParsedGiveCsv {
  const rows: CsvGiveRow[] = [];
  const errors: CsvLineError[] = [];
  const records = csvRecords(text).filter((record) => !isBlank(record));
  records.forEach((record, index) => {
    if (index === 0 && isHeader(record)) return;
    if (record.unterminated || record.cells.length !== 2) {
      errors.push({ line: record.line, messageId: 'brandTokens.errors.csvColumns' });
      return;
    }
    const parsed = v.safeParse(GiveSchema, {
      recipient: record.cells[0],
      amount: record.cells[1],
    });
    if (!parsed.success) {
      const issue = parsed.issues[0];
      const messageId = issue?.message.startsWith('brandTokens.')
        ? issue.message
        : 'brandTokens.errors.recipient';
      errors.push({ line: record.line, messageId });
      return;
    }
    const recipient = recipientOf(parsed.output.recipient);
    if (!recipient) {
      errors.push({ line: record.line, messageId: 'brandTokens.errors.recipient' });
      return;
    }
    rows.push({ line: record.line, recipient, amount: parsed.output.amount });
  });
  if (rows.length === 0 && errors.length === 0) {
    errors.push({ line: 1, messageId: 'brandTokens.errors.csvEmpty' });
  }
  if (rows.length > BULK_GIVE_MAX_ROWS) {
    const first = rows[BULK_GIVE_MAX_ROWS] as CsvGiveRow;
    errors.push({
      line: first.line,
      messageId: 'brandTokens.errors.csvRows',
      values: { max: BULK_GIVE_MAX_ROWS },
    });
  }
  errors.sort((a, b) => a.line - b.line);
  return { rows, errors };
}
