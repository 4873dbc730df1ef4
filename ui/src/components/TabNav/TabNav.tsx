import { Link } from '../../navigation.tsx';
import styles from './TabNav.module.css';

export interface TabNavItem {
  to: string;
  label: string;
  /** The page shown is this tab's (the URL decides, so a reload keeps it). */
  current: boolean;
}

/** A row of links styled as tabs: each is a page of its own, unlike Tabs' panels. */
export function TabNav({ label, items }: { label: string; items: readonly TabNavItem[] }) {
  return (
    <nav aria-label={label}>
      <ul className={styles.tabs}>
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
