import { useId, useMemo, useState, type ClipboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { DEFAULT_PHONE_COUNTRY } from '@brnd/contracts/domain/constants';
import { cx } from '../class-names.ts';
import { COUNTRIES, countryOfNumber, findCountry, joinPhone, splitPhone } from './countries.ts';
import styles from './PhoneField.module.css';

export interface PhoneFieldProps {
  label: string;
  /** International form, e.g. "+48 600 100 200"; '' when empty. */
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  /** ISO code of the country preselected while the value carries none. */
  defaultCountry?: string;
  disabled?: boolean;
  readOnly?: boolean;
  /** Already translated. */
  error?: string;
  hint?: string;
  /** Posts the full international number with a native form. */
  name?: string;
  id?: string;
  autoComplete?: string;
}

const fallbackCountry = findCountry(DEFAULT_PHONE_COUNTRY) ?? COUNTRIES[0]!;

export function PhoneField({
  label,
  value,
  onChange,
  onBlur,
  defaultCountry = DEFAULT_PHONE_COUNTRY,
  disabled,
  readOnly,
  error,
  hint,
  name,
  id,
  autoComplete = 'tel-national',
}: PhoneFieldProps) {
  const intl = useIntl();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const selectId = `${inputId}-country`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;

  const [chosen, setChosen] = useState(() => findCountry(defaultCountry) ?? fallbackCountry);
  // The value decides the country when it carries a calling code (a number loaded from the API).
  const { country, national } = splitPhone(value, chosen);

  const groups = useCountryGroups(intl.locale);

  function takeFullNumber(text: string) {
    const pasted = countryOfNumber(text, country);
    if (!pasted) return false;
    setChosen(pasted);
    onChange(joinPhone(pasted, splitPhone(text, pasted).national));
    return true;
  }

  function handlePaste(event: ClipboardEvent<HTMLInputElement>) {
    if (takeFullNumber(event.clipboardData.getData('text'))) event.preventDefault();
  }

  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <div className={cx(styles.row, error && styles.invalid)}>
        <div className={cx(styles.country, (disabled || readOnly) && styles.locked)}>
          <label htmlFor={selectId} className="visually-hidden">
            {intl.formatMessage({ id: 'common.countryCode' })}
          </label>
          {/* The native select stays on top (transparent) so keyboard and screen readers use it. */}
          <span className={styles.countryFace} aria-hidden="true">
            {country.code.toUpperCase()} +{country.dial}
          </span>
          <select
            id={selectId}
            className={styles.select}
            value={country.code}
            disabled={disabled || readOnly}
            onChange={(event) => {
              const next = findCountry(event.target.value) ?? country;
              setChosen(next);
              onChange(joinPhone(next, national));
            }}
          >
            {groups.map((group) => (
              <optgroup key={group.labelId} label={intl.formatMessage({ id: group.labelId })}>
                {group.countries.map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <input
          id={inputId}
          type="tel"
          inputMode="tel"
          autoComplete={autoComplete}
          className={styles.input}
          value={national}
          disabled={disabled}
          readOnly={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          onPaste={handlePaste}
          onBlur={onBlur}
          onChange={(event) => {
            const text = event.target.value;
            if (!takeFullNumber(text)) onChange(joinPhone(country, text));
          }}
        />
        {name && <input type="hidden" name={name} value={value} />}
      </div>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

function useCountryGroups(locale: string) {
  return useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    const options = COUNTRIES.map((country) => ({
      ...country,
      label: `${names.of(country.code.toUpperCase()) ?? country.name} (+${country.dial})`,
    }));
    const byName = (a: { label: string }, b: { label: string }) =>
      a.label.localeCompare(b.label, locale);
    return [
      { labelId: 'common.euCountries', countries: options.filter((c) => c.eu).sort(byName) },
      { labelId: 'common.otherCountries', countries: options.filter((c) => !c.eu).sort(byName) },
    ];
  }, [locale]);
}
