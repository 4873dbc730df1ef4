import { useId, useRef, useState, type DragEvent } from 'react';
import { useIntl } from 'react-intl';
import { cx } from '../class-names.ts';
import styles from './FileDrop.module.css';

export interface FileDropProps {
  label: string;
  hint?: string;
  /** The file input's accept list: a hint for the picker, the form's rule decides. */
  accept?: string;
  file: File | undefined;
  onChange(file: File | undefined): void;
  onBlur?(): void;
  /** Already translated. */
  error?: string;
  /** Texts of the zone, translated by the caller. */
  dropText: string;
  chooseText: string;
  removeText: string;
  chosenText(file: File, size: string): string;
}

/** A file field that also takes a file dropped on it; the chosen file is named with its size. */
export function FileDrop({
  label,
  hint,
  accept,
  file,
  onChange,
  onBlur,
  error,
  dropText,
  chooseText,
  removeText,
  chosenText,
}: FileDropProps) {
  const intl = useIntl();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onChange(dropped);
    onBlur?.();
  }

  const size = file
    ? intl.formatNumber(file.size / 1024, { maximumFractionDigits: 0 }) + ' KB'
    : '';

  return (
    <div className={styles.field}>
      <span className={styles.label} id={`${id}-label`}>
        {label}
      </span>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <div
        className={cx(styles.zone, over && styles.over, error && styles.invalid)}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <p className={styles.dropText}>{dropText}</p>
        <input
          ref={input}
          id={id}
          type="file"
          accept={accept}
          className={styles.input}
          aria-labelledby={`${id}-label ${id}-choose`}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            onChange(event.target.files?.[0]);
            // The same file chosen again after a removal must fire a change again.
            event.target.value = '';
          }}
          onBlur={onBlur}
        />
        <label htmlFor={id} id={`${id}-choose`} className={styles.choose}>
          {chooseText}
        </label>
        {file && (
          <p className={styles.chosen}>
            <span>{chosenText(file, size)}</span>
            <button
              type="button"
              className={styles.remove}
              onClick={() => {
                onChange(undefined);
                input.current?.focus();
              }}
            >
              {removeText}
            </button>
          </p>
        )}
      </div>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
