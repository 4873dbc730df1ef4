import styles from './ProgressBar.module.css';

export interface ProgressBarProps {
  value: number;
  max: number;
  /** The bar's name, e.g. 'Raised'. */
  label: string;
  /** The figures as read aloud, e.g. '50,100 USD of 1,000,000 USD'. */
  valueText: string;
}

/** A determinate progress bar; the fill never passes the end, whatever the numbers say. */
export function ProgressBar({ value, max, label, valueText }: ProgressBarProps) {
  const share = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      aria-valuetext={valueText}
      className={styles.track}
    >
      <div className={styles.fill} style={{ width: `${share * 100}%` }} />
    </div>
  );
}
