import type { Message, Tree } from './flatten.ts';

/**
 * The Polish twins of the shared namespaces (browser.ts), one chunk: a Polish visitor's first page
 * needs all of them at once, so one request brings them, and the first page's file holds one
 * import instead of one per namespace. Keep the list equal to browser.ts's English one.
 */
export const files = import.meta.glob<Tree<Message>>(
  './pl/{common,nav,footer,language,pages,home}.json',
  { eager: true, import: 'default' },
);
