import type { ReactNode } from 'react';
import { Card } from '../../components/Card/Card.tsx';
import styles from './screen.module.css';

export interface MessagePageProps {
  title: string;
  children: ReactNode;
  /** Buttons or links under the text. */
  actions?: ReactNode;
}

/** A short page that tells the user one thing and offers where to go next. */
export function MessagePage({ title, children, actions }: MessagePageProps) {
  return (
    <div className={styles.page}>
      <Card>
        <h1>{title}</h1>
        {children}
        {actions && <div className={styles.actions}>{actions}</div>}
      </Card>
    </div>
  );
}
