import { useIntl } from 'react-intl';
import { countdownParts, useNow, type CountdownParts } from './countdown.ts';
import styles from './Countdown.module.css';

export interface CountdownProps {
  /** ISO 8601 or epoch ms; zeros are shown after it (and when there is none). */
  end: string | number | null;
  /** Names the timer for assistive technology, e.g. 'Time left in the sale'. */
  label: string;
}

const UNITS: (keyof CountdownParts)[] = ['days', 'hours', 'minutes', 'seconds'];

/** Days, hours, minutes and seconds to a moment, ticking every second. */
export function Countdown({ end, label }: CountdownProps) {
  const intl = useIntl();
  const now = useNow();
  const endMs = typeof end === 'string' ? Date.parse(end) : (end ?? Number.NaN);
  const parts = countdownParts(Number.isFinite(endMs) ? endMs : now, now);
  return (
    // role=timer is not live by default, so screen readers are not told every second.
    <div role="timer" aria-label={label} className={styles.countdown}>
      {UNITS.map((unit) => (
        <div key={unit} className={styles.unit}>
          <span className={styles.value}>{String(parts[unit]).padStart(2, '0')}</span>
          <span className={styles.name}>
            {intl.formatMessage({ id: `sale.countdown.${unit}` }, { count: parts[unit] })}
          </span>
        </div>
      ))}
    </div>
  );
}
