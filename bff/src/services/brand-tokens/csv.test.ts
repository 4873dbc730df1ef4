import { BULK_GIVE_CSV_TEMPLATE, BULK_GIVE_MAX_ROWS } from '@brnd/contracts/domain/brand-tokens';
import { expect, test } from 'vitest';
import { csvRecords, parseGiveCsv } from './csv.ts';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

test('rows with a header, a BOM and CRLF line ends keep the file’s line numbers', () => {
  const text = '\uFEFFrecipient,amount\r\nada@example.com,10\r\n\r\nBob@Example.com, 5 \r\n';
  expect(parseGiveCsv(text)).toEqual({
    rows: [
      { line: 2, recipient: 'ada@example.com', amount: 10 },
      { line: 4, recipient: 'bob@example.com', amount: 5 },
    ],
    errors: [],
  });
});

test('the template the console offers for download is a valid file as it stands', () => {
  expect(parseGiveCsv(BULK_GIVE_CSV_TEMPLATE)).toEqual({
    rows: [
      { line: 2, recipient: 'customer@example.com', amount: 10 },
      { line: 3, recipient: ADDRESS, amount: 5 },
    ],
    errors: [],
  });
});

test('the header is optional, and a wallet address is stored checksummed', () => {
  expect(parseGiveCsv(`${ADDRESS.toLowerCase()},3\nada@example.com,1`).rows).toEqual([
    { line: 1, recipient: ADDRESS, amount: 3 },
    { line: 2, recipient: 'ada@example.com', amount: 1 },
  ]);
});

test('quoted cells may hold the separator, doubled quotes and line breaks', () => {
  expect(csvRecords('"a,b","say ""hi"""\n"two\nlines",x\rlast,1')).toEqual([
    { line: 1, cells: ['a,b', 'say "hi"'] },
    { line: 2, cells: ['two\nlines', 'x'] },
    { line: 4, cells: ['last', '1'] },
  ]);
});

test('a semicolon file (a spreadsheet in Polish) reads the same', () => {
  expect(parseGiveCsv('Odbiorca;Ilość\nada@example.com;7\n').rows).toEqual([
    { line: 2, recipient: 'ada@example.com', amount: 7 },
  ]);
});

test('every bad row is named by its line with the reason', () => {
  const mixedCaseWrong = ADDRESS.replace('E0F', 'e0F');
  const text = [
    'recipient,amount',
    'ada@example.com,10',
    'not-an-address,5',
    'bob@example.com,0',
    'bob@example.com,1.5',
    'carol@example.com',
    `${mixedCaseWrong},1`,
    'dan@example.com,2,extra',
    '"open quote,1',
  ].join('\n');
  expect(parseGiveCsv(text)).toEqual({
    rows: [{ line: 2, recipient: 'ada@example.com', amount: 10 }],
    errors: [
      { line: 3, messageId: 'brandTokens.errors.recipient' },
      { line: 4, messageId: 'brandTokens.errors.amount' },
      { line: 5, messageId: 'brandTokens.errors.amount' },
      { line: 6, messageId: 'brandTokens.errors.csvColumns' },
      { line: 7, messageId: 'brandTokens.errors.recipient' },
      { line: 8, messageId: 'brandTokens.errors.csvColumns' },
      { line: 9, messageId: 'brandTokens.errors.csvColumns' },
    ],
  });
});

test('an empty file, or a header alone, has nothing to give', () => {
  for (const text of ['', '\uFEFF', '\r\n\r\n', 'recipient,amount\n']) {
    expect(parseGiveCsv(text)).toEqual({
      rows: [],
      errors: [{ line: 1, messageId: 'brandTokens.errors.csvEmpty' }],
    });
  }
});

test('more rows than a bulk give allows are refused at the first extra line', () => {
  const lines = Array.from({ length: BULK_GIVE_MAX_ROWS + 1 }, (_, i) => `u${i}@example.com,1`);
  const { errors } = parseGiveCsv(lines.join('\n'));
  expect(errors).toEqual([
    {
      line: BULK_GIVE_MAX_ROWS + 1,
      messageId: 'brandTokens.errors.csvRows',
      values: { max: BULK_GIVE_MAX_ROWS },
    },
  ]);
});
