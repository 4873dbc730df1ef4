import type { ReactNode } from 'react';
import type { EnsureQueryDataOptions } from '@tanstack/react-query';
import type { ApiClient } from '@brnd/contracts/api/client';

/**
 * What the app needs to know about a screen to give it a route (decision 054): the tab title,
 * the locale namespaces it shows beyond the shared ones, its code, and the queries its first
 * render reads. A route's loader fetches those queries, the code and the messages at once, so a
 * navigation is one round of requests, not code first and data after the page renders.
 *
 * A manifest is imported with the app's first code: it may import query options (and through
 * them the contract's endpoints, whose answer schemas the production build strips), never the
 * screen's components, hooks or field rules.
 */
export interface ScreenManifest<Screen extends ScreenComponent, Params extends object = NoParams> {
  title: TitleKey;
  /** Locale namespaces beyond the shared ones (@brnd/locales/browser), loaded with the code. */
  namespaces: readonly string[];
  /** The screen component, loaded when the route is first visited or preloaded. */
  load(): Promise<Screen>;
  /**
   * The queries the screen's first render reads, built with the same query options its hooks
   * use (so a story, a route and the screen share one data path). `params` are the route's.
   */
  queries?(api: ApiClient, params: Params): readonly ScreenQuery[];
}

/** A screen whose data does not depend on its address. */
export type NoParams = Record<never, never>;

/** A screen: a function component (any props). */
export type ScreenComponent = (props: never) => ReactNode;

/** A manifest, its screen's props and its route's params inferred from what it states. */
export function defineScreen<Screen extends ScreenComponent, Params extends object = NoParams>(
  manifest: ScreenManifest<Screen, Params>,
): ScreenManifest<Screen, Params> {
  return manifest;
}

/** Any query's options, as `queryClient.ensureQueryData` takes them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each query has its own data and key types
export type ScreenQuery = EnsureQueryDataOptions<any, Error, any, any>;

/** Browser tab titles per page; the text lives in locales (`titles.*`). */
export type TitleKey =
  | 'home'
  | 'ico'
  | 'buyToken'
  | 'buySuccess'
  | 'login'
  | 'register'
  | 'confirmEmail'
  | 'verifyEmail'
  | 'emailVerified'
  | 'confirmPhone'
  | 'phoneVerify'
  | 'forgotPassword'
  | 'resetPassword'
  | 'success'
  | 'contactSuccess'
  | 'serverError'
  | 'voting'
  | 'brand'
  | 'myBrands'
  | 'addBrand'
  | 'newBrandAccount'
  | 'notFound'
  | 'dashboard'
  | 'profile'
  | 'pricing'
  | 'faq'
  | 'termsOfService'
  | 'privacyPolicy'
  | 'company'
  | 'contact'
  | 'blog'
  | 'wallet'
  | 'transactions'
  | 'referrals'
  | 'admin'
  | 'adminOrders'
  | 'adminOrder'
  | 'adminNotifications'
  | 'adminPayouts'
  | 'adminSale'
  | 'verification'
  | 'contest'
  | 'auditLog'
  | 'buybacks'
  | 'burns'
  | 'myTokens'
  | 'brandConsole';
