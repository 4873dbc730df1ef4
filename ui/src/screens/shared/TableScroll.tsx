import type { ReactNode } from 'react';
import { cx } from '../../components/class-names.ts';
import table from './table.module.css';

export interface TableScrollProps {
  /** Names the region for screen readers: the table's caption or heading. */
  label: string;
  /** The screen's own scroll box class, when it has one. */
  className?: string;
  children: ReactNode;
}

/**
 * A wide table's sideways scroll box. It is a focusable, named region so a keyboard can scroll it
 * (WCAG 2.1.1; axe's scrollable-region-focusable), and a shadow on the edge with more columns
 * tells a phone user there is more to see.
 */
export function TableScroll({ label, className, children }: TableScrollProps) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cx(table.scroll, 'scroll-cue', className)}
    >
      {children}
    </div>
  );
}
