import { useId, type ReactNode } from 'react';
import { cx } from '../class-names.ts';
import styles from './TextField.module.css';

export interface ControlAria {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A select, textarea or file input laid out and announced exactly like a TextField: the caller
 * renders the control with the ids and ARIA attributes it is given.
 */
export function ControlField({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  /** Already translated; shown under the label. */
  hint?: string;
  /** Already translated. */
  error?: string | undefined;
  children(aria: ControlAria): ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <div className={cx(styles.control, error && styles.invalid)}>
        {children({
          id,
          ...(error ? { 'aria-invalid': true as const } : {}),
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        })}
      </div>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
