import { useId } from 'react';
import { cx } from '../class-names.ts';
import styles from './Logo.module.css';

/** The BRND wordmark: a gradient token mark and the name as real text. */
export function Logo({ className }: { className?: string }) {
  const gradientId = useId();
  return (
    <span className={cx(styles.logo, className)}>
      <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#5b3fd6" />
            <stop offset="1" stopColor="#2457d6" />
          </linearGradient>
        </defs>
        <circle cx="16" cy="16" r="15" fill={`url(#${gradientId})`} />
        <path
          d="M11 9h6.2c2.8 0 4.5 1.4 4.5 3.6 0 1.5-.9 2.6-2.2 3 1.7.3 2.8 1.6 2.8 3.4 0 2.5-1.9 4-4.9 4H11V9Zm3 2.5v3.4h2.7c1.3 0 2-.6 2-1.7s-.7-1.7-2-1.7H14Zm0 5.8v3.9h3c1.4 0 2.2-.7 2.2-2s-.8-1.9-2.2-1.9h-3Z"
          fill="#fff"
        />
      </svg>
      <span className={styles.name}>BRND</span>
    </span>
  );
}
