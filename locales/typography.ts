import type { Locale, Message } from './flatten.ts';

/**
 * Typography applied where messages are rendered (the ui's LanguageProvider, the stories' `t`,
 * the mails' formatter), never typed into the JSON (docs/decisions/048-copy-glossary-lint-typography.md):
 * - Polish: a one-letter word (w, z, i, a, o, u) is bound to the word after it, so no line ends
 *   with a lone "w" (Polish typesetting rule; a bank's copy follows it);
 * - both languages: a number is never split from the next group of its digits or from its unit
 *   ("1 000 000 BRND", "# głosów", "{count, number} BRND");
 * - both languages: a Roman numeral stays with the word it numbers ("Próg IV", "Round II"); in
 *   English a lone "I" before another word is left free, as it may be the pronoun ("Can I pay").
 *
 * It works on a message's literal text only, so what a user typed (a brand's name, an e-mail)
 * is shown as typed. A message is either ICU text (server, tests, stories) or the syntax tree the
 * app's build compiles it into (app/vite.config.ts); both come out the same.
 */
export const NBSP = '\u00a0';

const ONE_LETTER_WORD = /(?<=^|[\s(„"«\u2013\u2014])([aiouwzAIOUWZ]) /g;
const DIGIT_GROUP = /(?<=\d) (?=\d{3}(?!\d))/g;
const NUMBER_AND_UNIT = /(?<=\d) (?=[\p{L}%$€£])/gu;
const ROMAN_NUMERAL = /(?<=\p{L}) (?=[IVX]+(?![\p{L}\d]))/gu;

/** The typography of a piece of literal text. */
export function typesetText(text: string, locale: Locale): string {
  let out = text.replace(DIGIT_GROUP, NBSP).replace(NUMBER_AND_UNIT, NBSP);
  // A lone English "I" before a word may be the pronoun ("Can I pay"); "Tier I" and "Tier I," bind.
  out = out.replace(ROMAN_NUMERAL, (space, offset: number) =>
    locale === 'en' && /^I(?![IVX]|$|[,.;:)])/.test(out.slice(offset + 1)) ? space : NBSP,
  );
  if (locale === 'pl') out = out.replace(ONE_LETTER_WORD, `$1${NBSP}`);
  return out;
}

/**
 * A number argument or a plural's `#` followed by a space and a word or another argument (its
 * unit, `{count, number} {ticker}`): the space binds them.
 */
const NUMBER_ARGUMENT_THEN_SPACE = /(\{\s*\w+\s*,\s*number\s*(?:,[^{}]*)?\}|#) (?=[^\s}])/g;

/**
 * ICU text: the rules above apply to the text around the arguments. None of them can match ICU
 * syntax itself (option keywords are words of several letters; `=0 {` is not a digit group).
 */
function typesetIcu(text: string, locale: Locale): string {
  return typesetText(text, locale).replace(NUMBER_ARGUMENT_THEN_SPACE, `$1${NBSP}`);
}

/** The parts of @formatjs/icu-messageformat-parser's tree this needs (its TYPE enum). */
interface Node {
  type: number;
  value?: unknown;
  options?: Record<string, { value: Node[] }>;
  children?: Node[];
}
const LITERAL = 0;
const ARGUMENT = 1;
const NUMBER = 2;
const POUND = 7;

function typesetTree(nodes: readonly Node[], locale: Locale): Node[] {
  return nodes.map((node, index) => {
    if (node.type === LITERAL && typeof node.value === 'string') {
      let value = typesetText(node.value, locale);
      const before = nodes[index - 1];
      const unitArgument = value === ' ' && nodes[index + 1]?.type === ARGUMENT;
      if (
        (before?.type === NUMBER || before?.type === POUND) &&
        (/^ \S/.test(value) || unitArgument)
      ) {
        value = NBSP + value.slice(1);
      }
      return { ...node, value };
    }
    if (node.options) {
      const options = Object.fromEntries(
        Object.entries(node.options).map(([key, option]) => [
          key,
          { ...option, value: typesetTree(option.value, locale) },
        ]),
      );
      return { ...node, options };
    }
    if (node.children) return { ...node, children: typesetTree(node.children, locale) };
    return node;
  });
}

export function typesetMessage<M extends Message>(message: M, locale: Locale): M {
  if (typeof message === 'string') return typesetIcu(message, locale) as M;
  return typesetTree(message as readonly Node[], locale) as unknown as M;
}

/** Every message of a catalog, typeset once per catalog and language. */
export function typesetMessages<M extends Message>(
  messages: Record<string, M>,
  locale: Locale,
): Record<string, M> {
  const out: Record<string, M> = {};
  for (const [id, message] of Object.entries(messages)) out[id] = typesetMessage(message, locale);
  return out;
}
