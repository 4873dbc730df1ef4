import { useCallback, useEffect, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { AnyFormApi } from '@tanstack/react-form';
import type { FieldErrors } from './api-error.ts';
import { firstErrorId } from './field-error.ts';

/** Turns a field's TanStack Form errors into the sentence shown under it. */
export function useErrorText(): (errors: readonly unknown[]) => string | undefined {
  const intl = useIntl();
  return useCallback(
    (errors) => {
      const id = firstErrorId(errors);
      return id === undefined ? undefined : intl.formatMessage({ id });
    },
    [intl],
  );
}

/**
 * Shows a 400's per-field messages under the fields they name. They sit in TanStack Form's
 * `onServer` slot, which the form clears as soon as the user edits the form again.
 */
export function useServerFieldErrors(form: AnyFormApi, errors: FieldErrors | undefined) {
  useEffect(() => {
    if (errors) form.setErrorMap({ onServer: { fields: errors } });
  }, [form, errors]);
}

/**
 * The submit handler of a `<form noValidate>`: our own messages replace the browser's, and
 * keyboard users land on the first field that needs fixing.
 */
export function submitHandler(form: AnyFormApi) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    void form.handleSubmit().then(() => {
      if (form.state.isValid) return;
      // The error attributes arrive with the next render.
      requestAnimationFrame(() => {
        element.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      });
    });
  };
}
