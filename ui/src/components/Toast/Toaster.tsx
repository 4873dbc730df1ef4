import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { StatusIcon } from '../Alert/Alert.tsx';
import { cx } from '../class-names.ts';
import type { ToasterProps, ToastMessage } from './Toast.tsx';
import styles from './Toast.module.css';

/** The stack in the top-right corner, newest first. */
export function Toaster({ toasts, onDismiss }: ToasterProps) {
  const intl = useIntl();
  return (
    <section
      className={styles.region}
      aria-label={intl.formatMessage({ id: 'toast.region' })}
      data-transient
    >
      {toasts.map((toast) => (
        <ToastView key={toast.id} toast={toast} onDismiss={onDismiss} />
      ))}
    </section>
  );
}

function ToastView({ toast, onDismiss }: { toast: ToastMessage; onDismiss(id: number): void }) {
  const intl = useIntl();
  const [paused, setPaused] = useState(false);
  const remaining = useRef(toast.durationMs);
  const { id } = toast;

  // Hovering or focusing a toast stops its clock, so nobody loses a message mid-read.
  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused, id, onDismiss]);

  const title =
    toast.title ??
    intl.formatMessage({ id: toast.variant === 'success' ? 'toast.success' : 'toast.warning' });

  return (
    <div
      role={toast.variant === 'danger' ? 'alert' : 'status'}
      aria-atomic="true"
      className={cx(styles.toast, styles[toast.variant])}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <StatusIcon variant={toast.variant} className={styles.icon} />
      <div className={styles.text}>
        <p className={styles.title}>{title}</p>
        <p className={styles.message}>{toast.message}</p>
      </div>
      <button type="button" className={styles.close} onClick={() => onDismiss(id)}>
        <span className="visually-hidden">{intl.formatMessage({ id: 'toast.dismiss' })}</span>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
      </button>
    </div>
  );
}
