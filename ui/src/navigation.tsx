import { createContext, useContext, type AnchorHTMLAttributes, type ReactNode } from 'react';

/**
 * ui never imports the router. Screens navigate through this adapter; the app binds it to
 * TanStack Router, Storybook binds it to a recorder that the interaction tests read.
 */
export interface NavigateOptions {
  search?: Record<string, string | number | undefined>;
  hash?: string;
  replace?: boolean;
}

export interface Navigation {
  /**
   * The site's own address for links people share (referral links): the app's origin. Stories
   * bind a fixed one, so what they show does not depend on the port they happen to be served on.
   */
  origin: string;
  navigate(to: string, options?: NavigateOptions): void;
  /** The href the app would render for a link, so links stay real anchors. */
  href(to: string, options?: NavigateOptions): string;
  /** A full-page load, for addresses outside the app (payment providers, exchanges). */
  assign?(url: string): void;
  /**
   * Starts loading a page the visitor is about to open (a link pointed at or focused): its code,
   * messages and data, so the click finds them loaded. The app binds it to the router's preload.
   */
  preload?(to: string, options?: NavigateOptions): void;
}

export function hrefFor(to: string, options: NavigateOptions = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.search ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const query = search.toString();
  return `${to}${query ? `?${query}` : ''}${options.hash ? `#${options.hash}` : ''}`;
}

const NavigationContext = createContext<Navigation | null>(null);

export function NavigationProvider({
  value,
  children,
}: {
  value: Navigation;
  children: ReactNode;
}) {
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useNavigation needs a NavigationProvider');
  return navigation;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  options?: NavigateOptions;
};

/** A real anchor (middle-click, copy link) that navigates in-app on a plain click. */
export function Link({
  to,
  options,
  onClick,
  onMouseEnter,
  onFocus,
  onTouchStart,
  children,
  ...rest
}: LinkProps) {
  const navigation = useNavigation();
  const preload = () => navigation.preload?.(to, options);
  return (
    <a
      {...rest}
      href={navigation.href(to, options)}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        preload();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        preload();
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        preload();
      }}
      onClick={(event) => {
        onClick?.(event);
        if (
          event.defaultPrevented ||
          event.button !== 0 ||
          event.metaKey ||
          event.ctrlKey ||
          event.shiftKey ||
          event.altKey
        ) {
          return;
        }
        event.preventDefault();
        navigation.navigate(to, options);
      }}
    >
      {children}
    </a>
  );
}
