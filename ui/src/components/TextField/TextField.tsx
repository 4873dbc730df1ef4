import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cx } from '../class-names.ts';
import styles from './TextField.module.css';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> & {
  label: string;
  /** Already translated; shown under the input and announced with it. */
  error?: string;
  hint?: string;
  /** A control inside the end of the field, such as the show-password toggle. */
  action?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

export function TextField({
  label,
  error,
  hint,
  action,
  id,
  type = 'text',
  className,
  'aria-describedby': describedBy,
  ...input
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const descriptions = [hintId, errorId, describedBy].filter(Boolean).join(' ');

  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <div
        className={cx(styles.control, error && styles.invalid, action != null && styles.withAction)}
      >
        <input
          {...input}
          id={inputId}
          type={type}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={descriptions || undefined}
        />
        {action != null && <div className={styles.action}>{action}</div>}
      </div>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
