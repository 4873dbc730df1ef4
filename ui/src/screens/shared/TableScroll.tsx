import type { ReactNode } from 'react';
import { cx } from '../../components/class-names.ts';
import table from './table.module.css';

export interface TableScrollProps {
  /** Names the scroll box for screen readers: the table's caption or heading. */
  label: string;
  /** The screen's own scroll box class, when it has one. */
  className?: string;
  /** For a table shown on demand: the toggle's `aria-controls` names it, `hidden` hides it. */
  id?: string;
  hidden?: boolean;
  children: ReactNode;
}

/**
 * A wide table's sideways scroll box. It is focusable and named so a keyboard can scroll it
 * (WCAG 2.1.1; axe's scrollable-region-focusable), and a shadow on the edge with more columns
 * tells a phone user there is more to see. It is a group, not a region: the card around a table
 * is already a landmark named by the same heading, and two landmarks may not share a name.
 */
export function TableScroll({ label, className, id, hidden, children }: TableScrollProps) {
  return (
    <div
      id={id}
      hidden={hidden}
      role="group"
      aria-label={label}
      tabIndex={0}
      className={cx(table.scroll, 'scroll-cue', className)}
    >
      {children}
    </div>
  );
}
