import en from './en.json' with { type: 'json' };
import pl from './pl.json' with { type: 'json' };

/** English is the source of truth; Polish carries the same keys (checked by locales.test.ts). */
export type Messages = Record<string, string>;
export type Locale = 'en' | 'pl';

type Tree = { [key: string]: string | Tree };

export function flatten(tree: Tree, prefix = ''): Messages {
  const out: Messages = {};
  for (const [key, value] of Object.entries(tree)) {
    const id = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[id] = value;
    else Object.assign(out, flatten(value, id));
  }
  return out;
}

export const messages: Record<Locale, Messages> = { en: flatten(en), pl: flatten(pl) };

/** The message as English text: what the server puts in an answer's `message`. */
export function englishMessage(id: string): string {
  return messages.en[id] ?? id;
}
