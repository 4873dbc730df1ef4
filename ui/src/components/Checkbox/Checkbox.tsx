import { useId, type ReactNode } from 'react';
import { cx } from '../class-names.ts';
import styles from './Checkbox.module.css';

export interface CheckboxProps {
  /** May hold links (the terms checkbox links to the terms and the privacy policy). */
  label: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  onBlur?(): void;
  /** Already translated. */
  error?: string;
  name?: string;
  id?: string;
  disabled?: boolean;
}

export function Checkbox({
  label,
  checked,
  onChange,
  onBlur,
  error,
  name,
  id,
  disabled,
}: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={styles.field}>
      <div className={styles.row}>
        <input
          id={inputId}
          type="checkbox"
          name={name}
          className={cx(styles.input, error && styles.invalid)}
          checked={checked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={onBlur}
        />
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
      </div>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
