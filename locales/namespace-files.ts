import type { Message, Tree } from './flatten.ts';

/**
 * The namespace files of both languages that do not ship with the first page (browser.ts): each
 * its own chunk, and this list of them one more, loaded when a route first needs a namespace.
 */
export const files = import.meta.glob<Tree<Message>>(
  ['./{en,pl}/*.json', '!./{en,pl}/{common,nav,footer,language,pages,home}.json'],
  { import: 'default' },
);
