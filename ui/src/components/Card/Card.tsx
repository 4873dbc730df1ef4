import { useId, type ReactNode } from 'react';
import { cx } from '../class-names.ts';
import styles from './Card.module.css';

export interface CardProps {
  title?: string;
  /** The title's heading level, to fit the page's outline. */
  headingLevel?: 2 | 3;
  children: ReactNode;
  className?: string;
}

/** A surface; with a title it is a named section. */
export function Card({ title, headingLevel = 2, children, className }: CardProps) {
  const titleId = useId();
  if (!title) return <div className={cx(styles.card, className)}>{children}</div>;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={cx(styles.card, className)} aria-labelledby={titleId}>
      <Heading id={titleId} className={styles.title}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
