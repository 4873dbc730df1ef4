import type { ReactNode } from 'react';
import { cx } from '../class-names.ts';
import styles from './Badge.module.css';

export type BadgeTone = 'neutral' | 'warning' | 'success' | 'danger';

export interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}

/** A short status label; the colour only repeats what the words say. */
export function Badge({ tone = 'neutral', children, className }: BadgeProps) {
  return <span className={cx(styles.badge, styles[tone], className)}>{children}</span>;
}
