import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { COPY_FIGURES } from '@brnd/contracts/domain/copy-figures';
import { messages, type Locale } from '@brnd/locales/messages';

/**
 * The copy lint (docs/decisions/048-copy-glossary-lint-typography.md, locales/GLOSSARY.md). It has
 * no exceptions but the allow-list of words a Polish sentence keeps in English.
 */

/**
 * Words a Polish message may share with the English one: names, codes, symbols, and words that
 * are the same in both languages. A Polish message equal to the English fails unless every word
 * of it is here.
 */
const SAME_IN_BOTH = new Set([
  'BRND',
  'BTC',
  'ETH',
  'USD',
  'PLN',
  'IEO',
  'ICO',
  'ERC20',
  'FAQ',
  'BETA',
  'CSV',
  'UUID',
  'VAT',
  'QR',
  'SaaS',
  'e-commerce',
  'Bitcoin',
  'Ether',
  'Ethereum',
  'MetaMask',
  'Whitepaper',
  'PDF',
  'Premium',
  'Standard',
  'Enterprise',
  'Agency',
  'Blog',
  'Menu',
  'Logo',
  'Limit',
  'Token',
  'Operator',
  'Status',
  'Email',
  'E-mail',
  'English',
  'Polski',
]);

/** Arguments that carry a count or a figure: shown only through `plural` or `number`. */
const NUMBER_ARGUMENT =
  /^(count|total|held|index|required|votes|limit|max|min|days|hours|minutes|seconds|rows|tokens|cap|members|links|timeInHours|voteLimit|employees|documents|brands|users|clicks|allocation)$|Count$|Limit$/;

/** Masculine-only second-person forms; the copy addresses everyone (GLOSSARY.md, "Forma"). */
const MASCULINE_ONLY = [
  /\p{L}+łeś(?!\p{L})/u,
  /\p{L}+łbyś(?!\p{L})/u,
  /(?<!\p{L})jako pierwszy(?!\p{L})/u,
  /(?<!\p{L})jesteś (pewien|pewny|zalogowany|gotowy|zapisany|zarejestrowany)(?!\p{L})/u,
  /(?<!\p{L})(zalogowany|zarejestrowany|pewien) (jako|że)(?!\p{L})/u,
  /(?<!\p{L})sam (wybierasz|decydujesz)(?!\p{L})/u,
];

/** Every figure of the rules, as each language would type it (1,000,000 / 1 000 000 / 10%). */
function typedForms(value: number): string[] {
  const forms = new Set<string>();
  for (const locale of ['en', 'pl']) {
    forms.add(new Intl.NumberFormat(locale).format(value));
    forms.add(new Intl.NumberFormat(locale, { useGrouping: false }).format(value));
    if (value > 0 && value < 1) forms.add(`${new Intl.NumberFormat(locale).format(value * 100)}`);
  }
  forms.add(String(value));
  return [...forms].map((form) => form.replace(/\s/g, ' '));
}

/**
 * The unit each figure is typed with ("10 BRND", "25 zł", "20%"): a number next to its unit is a
 * copy of the rule; the same number elsewhere ("10 letters", "2026-10") is not. `null`: a figure
 * too common to tell apart (1 BRND a vote).
 */
const FIGURE_UNITS: Record<keyof typeof COPY_FIGURES, string | null> = {
  contestPrize: 'BRND',
  contestPrizeUsd: 'USD|\\$',
  voteLimit: 'votes?|głos',
  voteWindowHours: 'h\\b|hours?|godz',
  voteReward: null,
  userReward: 'BRND',
  brandReward: 'BRND',
  saleShare: '%|percent|proc',
  buybackShare: '%|percent|proc',
  cardMinimum: 'PLN|zł',
  premiumStake: 'BRND',
  oemStake: 'BRND',
  defaultPrice: 'USD|\\$',
  tierCount: 'tiers?|etap|progi|progów',
  tierTokens: 'BRND',
  saleAllocation: 'BRND',
  totalSupply: 'BRND',
  homeTopRated: 'brands|marek|most|najwy',
  verificationDays: 'business|working|dni robocz|dnia robocz',
  checkSeconds: 's\\b|sec|sek',
  cardRetrySeconds: 's\\b|sec|sek',
  refusedKeptDays: 'days?|dni',
  refusedKeptMax: '',
  logoMaxMb: 'MB',
  documentMaxMb: 'MB',
  csvMaxMb: 'MB',
  passwordMin: 'to\\s|do\\s|characters|znak',
  passwordMax: 'characters|znaków',
  phoneCodeLength: '-?(?:digit|cyfr)',
};

const FIGURES = Object.entries(COPY_FIGURES).flatMap(([name, value]) => {
  const unit = FIGURE_UNITS[name as keyof typeof COPY_FIGURES];
  if (unit === null) return [];
  return typedForms(value).map((form) => ({
    name,
    form,
    pattern: new RegExp(
      `(?<![\\d.,])${form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\d|[.,]\\d)\\s*(?:${unit})`,
      'iu',
    ),
  }));
});

/** Units an amount is shown in: an amount beside one is written by `formatAmount` (decision 065). */
const UNIT = '(?:BRND|BTC|ETH|USD|PLN|zł)(?![\\p{L}\\d])';
const UNIT_ARGUMENT = /^(currency|ticker|unit|signature)$/;

/**
 * An amount built by hand in code: a value and its unit glued in a template literal
 * (`${paid} ${currency}`, `${amount} BTC`) or in JSX (`{intl.formatNumber(x)} BRND`). The number
 * comes out in English digits whatever the language and may wrap away from its unit.
 */
const HAND_BUILT_AMOUNT = [
  /\$\{[^{}]+\} \$\{[^{}]*(?:currency|ticker|unit|signature)\b[^{}]*\}/u,
  new RegExp(`\\$\\{[^{}]+\\} ${UNIT}`, 'u'),
  new RegExp(`\\)\\} ${UNIT}`, 'u'),
  /\)\} \{[^{}]*(?:currency|ticker|unit|signature)\}/u,
];

/** Where the product's own words are built: every package's source, tests and stories aside. */
const SOURCE_ROOTS = ['ui/src', 'app/src', 'emails/src', 'bff/src', 'mocks/src'];
/**
 * The local stand-ins for a payment gateway and a card exchange draw those providers' own pages
 * (in the providers' words, not ours), so they are not the product's copy.
 */
const NOT_OUR_COPY = /-simulator\.ts$/;

/**
 * Keys whose text is a control's label: a button, a tab, a navigation entry, a badge or a status.
 * Its Polish must fit where the English fits (phone widths are proven by the layout e2e test,
 * decision 037; this catches a label that grew far past the English before a browser runs).
 */
const CONTROL_KEY =
  /(^|\.)(tabs|nav|badges|statuses|methods|stages|types)\.[^.]+$|\.(submit|button\w*|cancel|save|back\w*|next|retry\w*|close|apply|confirm|signIn|signUp|logOut|add|buy|send|copy|tab\w*|cta\w*|vote|show\w*|hide\w*|remove|edit|delete|download|upload)$/;
/** A label, not a sentence that happens to sit under such a key. */
const isLabel = (text: string) => text.length <= 40 && !/[.:]\s/.test(text);
/** Polish runs longer than English; a label may take 60 % more, or one more long word. */
const labelBudget = (english: string) => Math.max(english.length * 1.6, english.length + 16);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function walk(nodes: MessageFormatElement[], visit: (node: MessageFormatElement) => void): void {
  for (const node of nodes) {
    visit(node);
    if ('options' in node)
      for (const option of Object.values(node.options)) walk(option.value, visit);
    if ('children' in node) walk(node.children, visit);
  }
}

function literals(text: string): string {
  const parts: string[] = [];
  walk(parse(text), (node) => {
    if (node.type === TYPE.literal) parts.push(node.value);
  });
  return parts.join(' ').replace(/\s/g, ' ');
}

const locales: Locale[] = ['en', 'pl'];
const entries = locales.flatMap((locale) =>
  Object.entries(messages[locale]).map(([id, text]) => ({ locale, id, text })),
);

describe('copy lint', () => {
  test('every key exists in both languages', () => {
    const en = Object.keys(messages.en);
    const pl = Object.keys(messages.pl);
    expect(en.filter((id) => !(id in messages.pl))).toEqual([]);
    expect(pl.filter((id) => !(id in messages.en))).toEqual([]);
  });

  test('a count or figure is shown only through plural or number', () => {
    const bare: string[] = [];
    for (const { locale, id, text } of entries) {
      walk(parse(text), (node) => {
        if (node.type === TYPE.argument && NUMBER_ARGUMENT.test(node.value)) {
          bare.push(`${locale}:${id} {${node.value}}`);
        }
        if (node.type === TYPE.argument && node.value in COPY_FIGURES) {
          bare.push(`${locale}:${id} {${node.value}}`);
        }
      });
    }
    expect(bare).toEqual([]);
  });

  test('no message types a figure the rules define (pass it as a value instead)', () => {
    const typed: string[] = [];
    for (const { locale, id, text } of entries) {
      const words = ` ${literals(text)} `;
      for (const { name, form, pattern } of FIGURES) {
        if (pattern.test(words)) typed.push(`${locale}:${id} types ${name} (${form})`);
      }
    }
    expect(typed).toEqual([]);
  });

  test('an amount beside its unit is a number format, never a bare value', () => {
    const unitAfter = new RegExp(`^ ${UNIT}`, 'u');
    const bare: string[] = [];
    const check = (nodes: MessageFormatElement[], locale: string, id: string) => {
      nodes.forEach((node, index) => {
        const next = nodes[index + 1];
        const after = nodes[index + 2];
        const unitFollows =
          (next?.type === TYPE.literal && unitAfter.test(next.value)) ||
          (next?.type === TYPE.literal &&
            next.value === ' ' &&
            after?.type === TYPE.argument &&
            UNIT_ARGUMENT.test(after.value));
        // "© {year} BRND" names the company, not an amount.
        if (node.type === TYPE.argument && node.value !== 'year' && unitFollows)
          bare.push(`${locale}:${id} {${node.value}}`);
        if ('options' in node)
          for (const option of Object.values(node.options)) check(option.value, locale, id);
        if ('children' in node) check(node.children, locale, id);
      });
    };
    for (const { locale, id, text } of entries) check(parse(text), locale, id);
    expect(bare).toEqual([]);
  });

  test('no amount is glued to its unit by hand in code (formatAmount writes it)', () => {
    const root = join(import.meta.dirname, '..');
    const found = SOURCE_ROOTS.flatMap((dir) => sourceFiles(join(root, dir)))
      .filter((path) => !NOT_OUR_COPY.test(path))
      .flatMap((path) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            HAND_BUILT_AMOUNT.some((pattern) => pattern.test(line))
              ? [`${relative(root, path)}:${index + 1}: ${line.trim()}`]
              : [],
          ),
      );
    expect(found).toEqual([]);
  });

  test('every Polish count has its one, few, many and other forms', () => {
    const missing: string[] = [];
    const check = (nodes: MessageFormatElement[], id: string) =>
      walk(nodes, (node) => {
        if (node.type !== TYPE.plural || node.pluralType === 'ordinal') return;
        const forms = ['one', 'few', 'many', 'other'].filter((form) => !(form in node.options));
        if (forms.length > 0) missing.push(`${id} {${node.value}} lacks ${forms.join(', ')}`);
      });
    for (const [id, text] of Object.entries(messages.pl)) check(parse(text), id);
    expect(missing).toEqual([]);
  });

  test('a Polish button, tab or badge label fits where the English one does', () => {
    const long = Object.entries(messages.en)
      .filter(([id, english]) => CONTROL_KEY.test(id) && isLabel(english))
      .filter(([id, english]) => (messages.pl[id] ?? '').length > labelBudget(english))
      .map(([id, english]) => `${id}: "${messages.pl[id]}" for "${english}"`);
    expect(long).toEqual([]);
  });

  test('Polish differs from English except for words on the allow-list', () => {
    const same = Object.entries(messages.pl)
      .filter(([id, text]) => text === messages.en[id])
      .filter(([, text]) =>
        (literals(text).match(/[\p{L}][\p{L}\d-]*/gu) ?? []).some(
          (word) => !SAME_IN_BOTH.has(word),
        ),
      )
      .map(([id, text]) => `${id}: ${text}`);
    expect(same).toEqual([]);
  });

  test('Polish addresses everyone, not only men', () => {
    const masculine = Object.entries(messages.pl).flatMap(([id, text]) =>
      MASCULINE_ONLY.filter((form) => form.test(text)).map((form) => `${id}: ${String(form)}`),
    );
    expect(masculine).toEqual([]);
  });
});
