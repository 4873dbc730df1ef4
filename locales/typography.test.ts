import { expect, test } from 'vitest';
import { parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { NBSP, typesetMessage, typesetText } from './typography.ts';

const shown = (text: string) => text.replaceAll(NBSP, '~');

test('a Polish one-letter word is bound to the next word, also after another one', () => {
  expect(shown(typesetText('Kawa z mlekiem i w kubku', 'pl'))).toBe('Kawa z~mlekiem i~w~kubku');
  expect(shown(typesetText('W sklepie a potem u nas (o ósmej)', 'pl'))).toBe(
    'W~sklepie a~potem u~nas (o~ósmej)',
  );
});

test('English keeps its articles free to wrap', () => {
  expect(shown(typesetText('a brand is a company', 'en'))).toBe('a brand is a company');
});

test('a number never wraps inside its digits or away from its unit, in both languages', () => {
  expect(shown(typesetText('wygrywa 1 000 000 BRND', 'pl'))).toBe('wygrywa 1~000~000~BRND');
  expect(shown(typesetText('within 2 days and 10 %', 'en'))).toBe('within 2~days and 10~%');
});

test('a Roman numeral stays with the word it numbers; the English pronoun I does not', () => {
  expect(shown(typesetText('Wyprzedane: Próg I, Próg II i Próg III', 'pl'))).toBe(
    'Wyprzedane: Próg~I, Próg~II i~Próg~III',
  );
  expect(shown(typesetText('Tier IV and Round II. Can I pay?', 'en'))).toBe(
    'Tier~IV and Round~II. Can I pay?',
  );
  expect(shown(typesetText('Round I', 'en'))).toBe('Round~I');
  expect(shown(typesetText('Victor Vix', 'en'))).toBe('Victor Vix');
});

test('a plural or number argument is bound to the word after it in ICU text and in a tree', () => {
  const icu = 'Masz {n, plural, one {# głos} other {# głosów}} i {count, number} BRND';
  const typeset = typesetMessage(icu, 'pl');
  const tree = typesetMessage(parse(icu), 'pl');
  const values = { n: 5, count: 1000 };
  const fromText = String(new IntlMessageFormat(typeset, 'pl').format(values));
  const fromTree = String(new IntlMessageFormat(tree, 'pl').format(values));
  expect(shown(fromText)).toBe('Masz 5~głosów i~1000~BRND');
  expect(fromTree).toBe(fromText);
});

test("what a user typed is left as typed: only the message's own text changes", () => {
  const message = typesetMessage('Marka {name} w konkursie', 'pl');
  const text = String(new IntlMessageFormat(message, 'pl').format({ name: 'Kawa z mlekiem' }));
  expect(shown(text)).toBe('Marka Kawa z mlekiem w~konkursie');
});

test('a number is bound to a unit that is itself an argument ({count, number} {ticker})', () => {
  const icu =
    'Trwa wybijanie {amount, number} {ticker} i {n, plural, one {# {ticker}} other {# {ticker}}}';
  const values = { amount: 1200, ticker: 'KAWA', n: 3 };
  const fromText = String(new IntlMessageFormat(typesetMessage(icu, 'pl'), 'pl').format(values));
  const fromTree = String(
    new IntlMessageFormat(typesetMessage(parse(icu), 'pl'), 'pl').format(values),
  );
  expect(shown(fromText)).toBe('Trwa wybijanie 1200~KAWA i~3~KAWA');
  expect(fromTree).toBe(fromText);
});
