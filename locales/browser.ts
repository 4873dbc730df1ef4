import { flatten, type Locale, type Message, type Tree } from './flatten.ts';

/** In the app's build every message is a precompiled syntax tree (app/vite.config.ts). */
export type BrowserMessages = Record<string, Message>;

/**
 * How the browser gets its messages (docs/decisions/011-page-weight.md): only the active
 * language, and a namespace only once a page that uses it is shown.
 *
 * The shared namespaces are the ones the site's frame (navigation, footer, language switch, error
 * pages) and the home page show; their English ships inside the app, because English is the
 * default and the fallback. Tab titles, API error messages and the toasts' labels are not among
 * them (decision 070): the first page shows none of them (its HTML has its title), so they load
 * with the first screen route, the first toast, or once the first page has loaded. Every other
 * namespace loads with its route (`withMessages` in app/src/routes/screen-route.tsx). Keep the
 * lists of shared namespaces in the globs here, in polish-shared.ts and in namespace-files.ts equal
 * (locales.test.ts loads every file through them).
 */
const englishShared = import.meta.glob<Tree<Message>>(
  './en/{common,nav,footer,language,pages,home}.json',
  { eager: true, import: 'default' },
);

/** The same namespaces in Polish, one chunk of their own: a Polish visitor's first page needs them. */
const polishShared = () => import('./polish-shared.ts').then((module) => module.files);

/**
 * Every other namespace file of both languages, each its own chunk fetched on first use. The
 * list of them is a chunk of its own too (decision 060): the first page needs none of them.
 */
const otherFiles = () => import('./namespace-files.ts').then((module) => module.files);

const namespaceOf = (file: string) => file.replace(/^.*\/(.+)\.json$/, '$1');

export const SHARED_NAMESPACES: readonly string[] = Object.keys(englishShared).map(namespaceOf);

export const englishSharedMessages: BrowserMessages = Object.assign(
  {},
  ...Object.entries(englishShared).map(([file, tree]) => flatten(tree, namespaceOf(file))),
);

export async function hasNamespace(namespace: string): Promise<boolean> {
  return SHARED_NAMESPACES.includes(namespace) || `./pl/${namespace}.json` in (await otherFiles());
}

export async function loadNamespace(locale: Locale, namespace: string): Promise<BrowserMessages> {
  const shared = locale === 'en' ? englishShared[`./en/${namespace}.json`] : undefined;
  if (shared) return flatten(shared, namespace);
  const file = `./${locale}/${namespace}.json`;
  const tree = SHARED_NAMESPACES.includes(namespace)
    ? (await polishShared())[file]
    : await (await otherFiles())[file]?.();
  if (!tree) throw new Error(`No messages for ${locale}/${namespace}`);
  return flatten(tree, namespace);
}
