import { useEffect, useRef } from 'react';
import { Link } from '../../navigation.tsx';
import { cx } from '../class-names.ts';
import styles from './TabNav.module.css';

export interface TabNavItem {
  to: string;
  label: string;
  /** The page shown is this tab's (the URL decides, so a reload keeps it). */
  current: boolean;
}

/** A row of links styled as tabs: each is a page of its own, unlike Tabs' panels. */
export function TabNav({ label, items }: { label: string; items: readonly TabNavItem[] }) {
  const list = useRef<HTMLUListElement>(null);
  const current = items.findIndex((item) => item.current);
  // On a phone the strip scrolls sideways: bring the current tab into it, as a tab bar would.
  useEffect(() => {
    const strip = list.current;
    const tab = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !tab) return;
    const { offsetLeft, offsetWidth } = tab;
    if (
      offsetLeft < strip.scrollLeft ||
      offsetLeft + offsetWidth > strip.scrollLeft + strip.clientWidth
    ) {
      strip.scrollLeft = offsetLeft - (strip.clientWidth - offsetWidth) / 2;
    }
  }, [current]);
  return (
    <nav aria-label={label} className={styles.nav}>
      <ul ref={list} className={cx(styles.tabs, 'scroll-cue')}>
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className={styles.tab}
              aria-current={item.current ? 'page' : undefined}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
