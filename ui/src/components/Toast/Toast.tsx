import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useIntl } from 'react-intl';
import { TOAST_DURATION_MS, TOAST_MAX_SHOWN } from '@brnd/contracts/domain/constants';
import { cx } from '../class-names.ts';
import styles from './Toast.module.css';

export type ToastVariant = 'success' | 'danger' | 'warning';

export interface ToastOptions {
  /** How long the toast stays; TOAST_DURATION_MS (5 s) unless given. */
  durationMs?: number;
  /** Replaces the variant's title ('Success!' or 'Warning'). */
  title?: string;
}

export interface ToastMessage {
  id: number;
  variant: ToastVariant;
  /** Already translated. */
  message: string;
  title?: string;
  durationMs: number;
}

export interface ToastApi {
  success(message: string, options?: ToastOptions): number;
  danger(message: string, options?: ToastOptions): number;
  warning(message: string, options?: ToastOptions): number;
  dismiss(id: number): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Holds the toasts and renders the one Toaster; mount it once around the app. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const api = useMemo<ToastApi>(() => {
    const show =
      (variant: ToastVariant) =>
      (message: string, options: ToastOptions = {}) => {
        const id = nextId.current++;
        const toast: ToastMessage = {
          id,
          variant,
          message,
          title: options.title,
          durationMs: options.durationMs ?? TOAST_DURATION_MS,
        };
        // The same message again (a second save, a retried action) restarts its toast instead of
        // stacking a copy, and the stack never covers more than a few lines of the page.
        setToasts((current) =>
          [
            toast,
            ...current.filter((shown) => shown.variant !== variant || shown.message !== message),
          ].slice(0, TOAST_MAX_SHOWN),
        );
        return id;
      };
    return { success: show('success'), danger: show('danger'), warning: show('warning'), dismiss };
  }, [dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Toaster toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider');
  return api;
}

/** The stack in the top-right corner, newest first. */
export function Toaster({
  toasts,
  onDismiss,
}: {
  toasts: ToastMessage[];
  onDismiss(id: number): void;
}) {
  const intl = useIntl();
  return (
    <section className={styles.region} aria-label={intl.formatMessage({ id: 'toast.region' })}>
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
      <ToastIcon variant={toast.variant} />
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

function ToastIcon({ variant }: { variant: ToastVariant }) {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" />
      {variant === 'success' ? <path d="m7.5 12.5 3 3 6-6.5" /> : <path d="M12 7v6m0 3.5v.5" />}
    </svg>
  );
}
