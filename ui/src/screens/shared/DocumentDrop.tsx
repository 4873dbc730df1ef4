import { Fragment, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import {
  UPLOADABLE_DOCUMENTS,
  VERIFICATION_DOCUMENT_MAX_BYTES,
  VERIFICATION_DOCUMENT_MIME_TYPES,
  type UploadableDocument,
} from '@brnd/contracts/domain/verification';
import { FileDrop } from '../../components/FileDrop/FileDrop.tsx';
import styles from './DocumentDrop.module.css';

/** The picker's hint: the accepted types and their usual extensions; the bytes decide. */
const DOCUMENT_ACCEPT = [...VERIFICATION_DOCUMENT_MIME_TYPES, '.pdf', '.png', '.jpg', '.jpeg'].join(
  ',',
);

/** The limit as the form's lead says it, from the one constant. */
const DOCUMENT_MAX_MB = VERIFICATION_DOCUMENT_MAX_BYTES / (1024 * 1024);

export interface DocumentDropProps {
  kind: UploadableDocument;
  /** What is already held for this document, said under its label. */
  hint?: string;
  file: File | undefined;
  onChange(file: File | undefined): void;
  onBlur?(): void;
  /** Already translated. */
  error?: string;
}

/**
 * One of the terms' verification documents on the add-brand and brand account forms: optional,
 * so the operator's queue shows what is still missing.
 */
export function DocumentDrop({ kind, hint, file, onChange, onBlur, error }: DocumentDropProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `brands.documents.${id}` }, values);
  const label = t(`kinds.${kind}`);
  return (
    <FileDrop
      label={label}
      hint={hint}
      accept={DOCUMENT_ACCEPT}
      file={file}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      dropText={t('drop')}
      chooseText={t('choose')}
      removeText={t('remove', { document: label })}
      chosenText={(chosen, size) => t('chosen', { name: chosen.name, size })}
    />
  );
}

export interface DocumentsFieldsetProps {
  className?: string;
  /** One document's field: the form's own `form.AppField` around its `field.DocumentField`. */
  field(kind: UploadableDocument): ReactNode;
}

/** The terms' documents as a part of a form: the title, the size rule and one field each. */
export function DocumentsFieldset({ className, field }: DocumentsFieldsetProps) {
  const intl = useIntl();
  return (
    <fieldset className={className}>
      <legend>{intl.formatMessage({ id: 'brands.documents.title' })}</legend>
      <p className={styles.lead}>
        {intl.formatMessage({ id: 'brands.documents.lead' }, { maxMb: String(DOCUMENT_MAX_MB) })}
      </p>
      {UPLOADABLE_DOCUMENTS.map((kind) => (
        <Fragment key={kind}>{field(kind)}</Fragment>
      ))}
    </fieldset>
  );
}
