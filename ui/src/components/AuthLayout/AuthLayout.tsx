import type { ReactNode } from 'react';
import { cx } from '../class-names.ts';
import styles from './AuthLayout.module.css';

export interface AuthLayoutProps {
  /** The page's h1. */
  title: string;
  /** A line under the title. */
  subtitle?: ReactNode;
  children: ReactNode;
  /** A side panel, e.g. the register page's benefits for users and brands. */
  aside?: ReactNode;
}

/** The centred card of the login, register, verification and password pages. */
export function AuthLayout({ title, subtitle, children, aside }: AuthLayoutProps) {
  return (
    <div className={cx(styles.page, aside != null && styles.withAside)}>
      <div className={styles.card}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <div className={styles.subtitle}>{subtitle}</div>}
        {children}
      </div>
      {aside != null && <aside className={styles.aside}>{aside}</aside>}
    </div>
  );
}
