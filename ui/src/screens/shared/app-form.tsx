import type { ChangeEvent, ReactNode } from 'react';
import { createFormHook, createFormHookContexts } from '@tanstack/react-form';
import type { UploadableDocument } from '@brnd/contracts/domain/verification';
import { Checkbox, type CheckboxProps } from '../../components/Checkbox/Checkbox.tsx';
import { CodeInput, type CodeInputProps } from '../../components/CodeInput/CodeInput.tsx';
import { FileDrop, type FileDropProps } from '../../components/FileDrop/FileDrop.tsx';
import {
  PasswordField as PasswordInput,
  type PasswordFieldProps,
} from '../../components/PasswordField/PasswordField.tsx';
import {
  PhoneField as PhoneInput,
  type PhoneFieldProps,
} from '../../components/PhoneField/PhoneField.tsx';
import { ControlField } from '../../components/TextField/ControlField.tsx';
import {
  TextField as TextInput,
  type TextFieldProps,
} from '../../components/TextField/TextField.tsx';
import fieldStyles from '../../components/TextField/TextField.module.css';
import { cx } from '../../components/class-names.ts';
import { DocumentDrop as DocumentInput, type DocumentDropProps } from './DocumentDrop.tsx';
import { useErrorText } from './forms.ts';

/**
 * The app's form hook (decision 059): `useAppForm` is TanStack Form's `useForm` whose
 * `form.AppField` hands its child the field components below, already bound to the field's
 * value, change, blur and error text. A form states its fields —
 * `<form.AppField name="email">{(field) => <field.TextField label={…} type="email" />}</form.AppField>`
 * — and the wiring (and so the labels, aria-invalid and aria-describedby of every design-system
 * field) lives here once.
 */
export const { fieldContext, formContext, useFieldContext } = createFormHookContexts();

/** What a bound field takes: everything but what the field itself decides. */
type Bound<P> = Omit<P, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'>;

/** The field's value, its change and blur, and its first error as the sentence shown under it. */
function useBoundField<T>() {
  const field = useFieldContext<T>();
  const errorText = useErrorText();
  return { field, error: errorText(field.state.meta.errors) };
}

function textProps(field: ReturnType<typeof useFieldContext<string>>, error: string | undefined) {
  return {
    name: field.name,
    value: field.state.value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => field.handleChange(event.target.value),
    onBlur: field.handleBlur,
    error,
  };
}

function TextField(props: Bound<TextFieldProps>) {
  const { field, error } = useBoundField<string>();
  return <TextInput {...props} {...textProps(field, error)} />;
}

/** A sum of money or tokens: decimal keyboard on a phone, no browser suggestions. */
function AmountField(props: Bound<TextFieldProps>) {
  const { field, error } = useBoundField<string>();
  return (
    <TextInput inputMode="decimal" autoComplete="off" {...props} {...textProps(field, error)} />
  );
}

function PasswordField(props: Bound<PasswordFieldProps>) {
  const { field, error } = useBoundField<string>();
  return <PasswordInput {...props} {...textProps(field, error)} />;
}

function PhoneField(props: Bound<PhoneFieldProps>) {
  const { field, error } = useBoundField<string>();
  return (
    <PhoneInput
      {...props}
      name={field.name}
      value={field.state.value}
      onChange={(value) => field.handleChange(value)}
      onBlur={field.handleBlur}
      error={error}
    />
  );
}

function CheckboxField(props: Bound<Omit<CheckboxProps, 'checked'>>) {
  const { field, error } = useBoundField<boolean | undefined>();
  return (
    <Checkbox
      {...props}
      name={field.name}
      checked={field.state.value === true}
      onChange={(checked) => field.handleChange(checked)}
      onBlur={field.handleBlur}
      error={error}
    />
  );
}

function FileField(props: Bound<Omit<FileDropProps, 'file'>>) {
  const { field, error } = useBoundField<File | undefined>();
  return (
    <FileDrop
      {...props}
      file={field.state.value}
      onChange={(file) => field.handleChange(file)}
      onBlur={field.handleBlur}
      error={error}
    />
  );
}

/** One of the verification documents; the field's name is the document's kind. */
function DocumentField(props: Bound<Omit<DocumentDropProps, 'kind' | 'file'>>) {
  const { field, error } = useBoundField<File | undefined>();
  return (
    <DocumentInput
      {...props}
      kind={field.name as UploadableDocument}
      file={field.state.value}
      onChange={(file) => field.handleChange(file)}
      onBlur={field.handleBlur}
      error={error}
    />
  );
}

/** A code typed one digit a box; the spec marks every empty box, not the code as a whole. */
function CodeField(props: Omit<CodeInputProps, 'value' | 'onChange' | 'errors'>) {
  const { field, error } = useBoundField<string[]>();
  return (
    <CodeInput
      {...props}
      value={field.state.value}
      onChange={(digits) => field.handleChange(digits)}
      errors={field.state.value.map((digit) => (error && !digit ? error : undefined))}
    />
  );
}

interface ControlProps {
  label: string;
  hint?: string;
  className?: string;
  disabled?: boolean;
}

/** A select laid out like a TextField; its children are the options. */
function SelectField({
  label,
  hint,
  className,
  disabled,
  children,
}: ControlProps & { children: ReactNode }) {
  const { field, error } = useBoundField<string>();
  return (
    <ControlField label={label} hint={hint} error={error}>
      {(aria) => (
        <select
          {...aria}
          name={field.name}
          value={field.state.value}
          onChange={(event) => field.handleChange(event.target.value)}
          onBlur={field.handleBlur}
          disabled={disabled}
          className={cx(fieldStyles.input, className)}
        >
          {children}
        </select>
      )}
    </ControlField>
  );
}

/** A textarea laid out like a TextField. */
function TextAreaField({
  label,
  hint,
  className,
  disabled,
  rows,
}: ControlProps & { rows?: number }) {
  const { field, error } = useBoundField<string>();
  return (
    <ControlField label={label} hint={hint} error={error}>
      {(aria) => (
        <textarea
          {...aria}
          name={field.name}
          value={field.state.value}
          onChange={(event) => field.handleChange(event.target.value)}
          onBlur={field.handleBlur}
          disabled={disabled}
          rows={rows}
          className={cx(fieldStyles.input, className)}
        />
      )}
    </ControlField>
  );
}

export const { useAppForm, withForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: {
    TextField,
    AmountField,
    PasswordField,
    PhoneField,
    CheckboxField,
    FileField,
    DocumentField,
    CodeField,
    SelectField,
    TextAreaField,
  },
  formComponents: {},
});
