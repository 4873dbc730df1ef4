import { useId, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { PHONE_CODE_LENGTH } from '@brnd/contracts/domain/constants';
import { cx } from '../class-names.ts';
import styles from './CodeInput.module.css';

export interface CodeInputProps {
  length?: number;
  /** One digit per box; '' for an empty box. */
  value: string[];
  onChange(value: string[]): void;
  /** Per box, already translated (the spec marks each empty box 'Invalid'). */
  errors?: (string | undefined)[];
  label: string;
  disabled?: boolean;
}

const digitsOf = (text: string) => text.replace(/[^0-9]/g, '');

export function CodeInput({
  length = PHONE_CODE_LENGTH,
  value,
  onChange,
  errors = [],
  label,
  disabled,
}: CodeInputProps) {
  const intl = useIntl();
  const id = useId();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length }, (_, index) => value[index] ?? '');

  function focusBox(index: number) {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  }

  function fill(from: number, text: string) {
    const pasted = digitsOf(text);
    if (!pasted) return;
    // A whole code fills every box wherever it is pasted.
    const start = pasted.length >= length ? 0 : from;
    const next = [...digits];
    for (let offset = 0; offset < pasted.length && start + offset < length; offset += 1) {
      next[start + offset] = pasted.charAt(offset);
    }
    onChange(next);
    focusBox(Math.min(start + pasted.length, length - 1));
  }

  function handleChange(index: number, text: string) {
    const previous = digits[index] ?? '';
    const next = [...digits];
    if (text === '') {
      next[index] = '';
      onChange(next);
      return;
    }
    // Letters and signs are refused: the box keeps what it had.
    if (/[^0-9]/.test(text)) return;
    // Autofill of a one-time code, or several digits arriving at once.
    if (text.length > 2 || (text.length === 2 && !previous)) {
      fill(index, text);
      return;
    }
    // Typing into a filled box replaces its digit, whichever side of it the caret was.
    const digit = text.length === 1 || !text.startsWith(previous) ? text.charAt(0) : text.charAt(1);
    next[index] = digit;
    onChange(next);
    if (index < length - 1) focusBox(index + 1);
  }

  function handleKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  }

  function handlePaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    fill(index, event.clipboardData.getData('text'));
  }

  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      <legend className={styles.legend}>{label}</legend>
      <div className={styles.boxes}>
        {digits.map((digit, index) => {
          const error = errors[index];
          const errorId = `${id}-error-${index}`;
          return (
            <div key={index} className={styles.cell}>
              <input
                ref={(element) => {
                  boxes.current[index] = element;
                }}
                className={cx(styles.box, error && styles.invalid)}
                value={digit}
                inputMode="numeric"
                pattern="[0-9]*"
                autoComplete={index === 0 ? 'one-time-code' : 'off'}
                aria-label={intl.formatMessage(
                  { id: 'common.digitLabel' },
                  { index: index + 1, count: length },
                )}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                onFocus={(event) => event.target.select()}
                onChange={(event) => handleChange(index, event.target.value)}
                onKeyDown={(event) => handleKeyDown(index, event)}
                onPaste={(event) => handlePaste(index, event)}
              />
              {error && (
                <p id={errorId} className={styles.error}>
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
