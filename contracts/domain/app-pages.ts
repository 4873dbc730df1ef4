import { INTL_LOCALE, LANGUAGES, type Language } from './constants.ts';

/**
 * The web app's pages that e-mails and SMS link to, by the path of their route. The app checks at
 * compile time that every path here is one of its routes (app/src/app-pages.ts), so renaming a
 * route without renaming it here fails the typecheck instead of sending a link to a 404.
 */
export const APP_PAGES = {
  home: '/',
  login: '/login',
  forgotPassword: '/forgotpassword',
  register: '/register',
  verifyEmail: '/verify/$code',
  resetPassword: '/resetpassword/$code',
  myBrands: '/user/mybrands/lists',
  myTokens: '/user/tokens',
  wallet: '/user/wallet',
  transactions: '/user/transactions',
  buyOrder: '/user/buytoken/$uuid',
  profile: '/user/profile/person',
  newBrandAccount: '/newbrandaccount',
  contact: '/contact',
} as const;

export type AppPage = (typeof APP_PAGES)[keyof typeof APP_PAGES];

/** The `$name` segments of a route path. */
export type PageParams<P extends string> = P extends `${string}$${infer Name}/${infer Rest}`
  ? Name | PageParams<Rest>
  : P extends `${string}$${infer Name}`
    ? Name
    : never;

export type PageLinkOptions<P extends string> = ([PageParams<P>] extends [never]
  ? { params?: undefined }
  : { params: Record<PageParams<P>, string> }) & {
  search?: Record<string, string>;
  /** The reader's language: the page opens in it, whatever browser the link is opened in. */
  language?: Language;
};

/**
 * The search parameter a link names its page's language with (`lang=pl`), for a reader who opens
 * a mail on another device than the one they chose the language on. The app reads it first.
 */
export const PAGE_LANGUAGE_PARAM = 'lang';

/** The language a `lang` value names (`en`, `pl`), if any. */
export function pageLanguageOf(value: string | null | undefined): Language | undefined {
  return LANGUAGES.find((language) => INTL_LOCALE[language] === value);
}

/** `link` with its page's language added (`…?lang=pl`). */
export function withPageLanguage(link: string, language: Language): string {
  const param = `${PAGE_LANGUAGE_PARAM}=${INTL_LOCALE[language]}`;
  return `${link}${link.includes('?') ? '&' : '?'}${param}`;
}

/** An absolute link to a page of the app: `appUrl` is the public origin (APP_URL). */
export function pageLink<P extends AppPage>(
  appUrl: string,
  page: P,
  ...[options]: [PageParams<P>] extends [never]
    ? [options?: PageLinkOptions<P>]
    : [options: PageLinkOptions<P>]
): string {
  const params = (options?.params ?? {}) as Record<string, string>;
  const path = page.replace(/\$([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`The link to ${page} needs ${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams(options?.search ?? {}).toString();
  const link = `${appUrl.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
  return options?.language ? withPageLanguage(link, options.language) : link;
}
