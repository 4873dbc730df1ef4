import en from './en/index.ts';
import pl from './pl/index.ts';
import { flatten, type Locale, type Messages } from './flatten.ts';

/**
 * Every message of both languages, loaded at once: for the server, tests and stories. The browser
 * loads only what a page needs through `browser.ts`.
 * English is the source of truth; Polish carries the same keys (checked by locales.test.ts).
 */
export { flatten, type Locale, type Messages };

export const messages: Record<Locale, Messages> = { en: flatten(en), pl: flatten(pl) };

/** The message as English text: what the server puts in an answer's `message`. */
export function englishMessage(id: string): string {
  return messages.en[id] ?? id;
}
