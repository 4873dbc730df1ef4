import { useIntl } from 'react-intl';
import { cx } from '../class-names.ts';
import styles from './Spinner.module.css';

export interface SpinnerProps {
  size?: 'small' | 'medium' | 'large';
  /** What is loading, read by screen readers; defaults to "Loading…". */
  label?: string;
  /** Inside a control that already says it is busy (a busy Button), the spinner stays silent. */
  decorative?: boolean;
  className?: string;
}

export function Spinner({ size = 'medium', label, decorative = false, className }: SpinnerProps) {
  const intl = useIntl();
  const circle = (
    <svg className={styles.circle} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle className={styles.track} cx="12" cy="12" r="9" />
      <path className={styles.arc} d="M12 3a9 9 0 0 1 9 9" />
    </svg>
  );
  if (decorative) {
    return <span className={cx(styles.spinner, styles[size], className)}>{circle}</span>;
  }
  return (
    <span role="status" className={cx(styles.spinner, styles[size], className)}>
      {circle}
      <span className="visually-hidden">
        {label ?? intl.formatMessage({ id: 'common.loading' })}
      </span>
    </span>
  );
}
