import type { ReactNode } from 'react';
import { cx } from '../class-names.ts';
import styles from './Alert.module.css';

export type AlertVariant = 'info' | 'success' | 'warning' | 'danger';

export interface AlertProps {
  variant?: AlertVariant;
  title?: string;
  children: ReactNode;
  className?: string;
}

/** An inline message box; a danger alert is announced as soon as it appears. */
export function Alert({ variant = 'info', title, children, className }: AlertProps) {
  return (
    <div
      role={variant === 'danger' ? 'alert' : 'status'}
      className={cx(styles.alert, styles[variant], className)}
    >
      <StatusIcon variant={variant} className={styles.icon} />
      <div className={styles.text}>
        {title && <p className={styles.title}>{title}</p>}
        <div className={styles.body}>{children}</div>
      </div>
    </div>
  );
}

/** The variant's mark in a circle (also the toasts'), sized and coloured by `className`. */
export function StatusIcon({ variant, className }: { variant: AlertVariant; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" />
      {variant === 'success' && <path d="m7.5 12.5 3 3 6-6.5" />}
      {variant === 'info' && <path d="M12 11v6m0-9.5V8" />}
      {(variant === 'warning' || variant === 'danger') && <path d="M12 7v6m0 3.5v.5" />}
    </svg>
  );
}
