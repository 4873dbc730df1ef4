/** A message id (`nav.blog`) and its ICU text, as react-intl takes them. */
export type Messages = Record<string, string>;
export type Locale = 'en' | 'pl';

/**
 * A message as react-intl takes it: its ICU text, or the syntax tree the app's build parses it
 * into (app/vite.config.ts). Server code and tests only ever see the text.
 */
export type Message = string | readonly object[];

export type Tree<M extends Message = string> = { [key: string]: M | Tree<M> };

/** Nested JSON keys become react-intl's dotted ids: `{ nav: { blog } }` → `nav.blog`. */
export function flatten<M extends Message = string>(tree: Tree<M>, prefix = ''): Record<string, M> {
  const out: Record<string, M> = {};
  for (const [key, value] of Object.entries(tree)) {
    const id = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string' || Array.isArray(value)) out[id] = value as M;
    else Object.assign(out, flatten(value as Tree<M>, id));
  }
  return out;
}
