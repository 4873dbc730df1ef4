import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { TOAST_DURATION_MS, TOAST_MAX_SHOWN } from '@brnd/contracts/domain/constants';
import { withMessages } from '../../i18n.tsx';

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

export interface ToasterProps {
  toasts: ToastMessage[];
  onDismiss(id: number): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/**
 * The stack's code and its labels (`toast.*`), fetched on the first toast or once the first page
 * has loaded (the stack mounts then): the first page shows no toast, so neither is in its file
 * (decision 070).
 */
const loadToaster = withMessages(['toast'], () => import('./Toaster.tsx'));
export const LazyToaster = lazy(() =>
  loadToaster().then((module) => ({ default: module.Toaster })),
);

/**
 * Holds the toasts and renders the one `Toaster` given (the app's `LazyToaster`; stories and tests
 * pass `Toaster` itself, so a toast shows in the same render); mount it once around the app.
 * The stack (a labelled region the toasts are announced in) is mounted once the page has loaded,
 * or with the first toast if that comes sooner.
 */
export function ToastProvider({
  Toaster,
  children,
}: {
  Toaster: ComponentType<ToasterProps>;
  children: ReactNode;
}) {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const [used, setUsed] = useState(false);
  useEffect(() => {
    const mount = () => setUsed(true);
    if (document.readyState === 'complete') mount();
    else window.addEventListener('load', mount, { once: true });
    return () => window.removeEventListener('load', mount);
  }, []);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const api = useMemo<ToastApi>(() => {
    const show =
      (variant: ToastVariant) =>
      (message: string, options: ToastOptions = {}) => {
        const id = nextId.current++;
        setUsed(true);
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
      {used && (
        <Suspense fallback={null}>
          <Toaster toasts={toasts} onDismiss={dismiss} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider');
  return api;
}
