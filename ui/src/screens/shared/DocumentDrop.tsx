import { useIntl } from 'react-intl';
import {
  VERIFICATION_DOCUMENT_MAX_BYTES,
  VERIFICATION_DOCUMENT_MIME_TYPES,
  type UploadableDocument,
} from '@brnd/contracts/domain/verification';
import { FileDrop } from '../../components/FileDrop/FileDrop.tsx';

/** The picker's hint: the accepted types and their usual extensions; the bytes decide. */
const DOCUMENT_ACCEPT = [...VERIFICATION_DOCUMENT_MIME_TYPES, '.pdf', '.png', '.jpg', '.jpeg'].join(
  ',',
);

/** The limit as the form's lead says it, from the one constant. */
export const DOCUMENT_MAX_MB = VERIFICATION_DOCUMENT_MAX_BYTES / (1024 * 1024);

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
