import { useState } from 'react';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { revalidateLogic } from '@tanstack/react-form';
import {
  brandDocuments,
  resubmitBrand,
  uploadBrandDocuments,
  type MyBrand,
} from '@brnd/contracts/api/brands';
import type { ApiClient } from '@brnd/contracts/api/client';
import { VerificationDocumentEntries } from '@brnd/contracts/domain/rules';
import {
  REFUSED_DOCUMENTS_KEPT_DAYS,
  UPLOADABLE_DOCUMENTS,
} from '@brnd/contracts/domain/verification';
import { useApiClient } from '../../api.tsx';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Modal } from '../../components/Modal/Modal.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { apiErrorText, serverFieldErrors } from '../shared/api-error.ts';
import { BRANDS_KEY } from '../shared/brand-votes.ts';
import { LoadFailure } from '../shared/LoadStates.tsx';
import { useAppForm } from '../shared/app-form.tsx';
import { submitHandler, useServerFieldErrors } from '../shared/forms.ts';
import { useApiErrorToast } from '../shared/use-api-error-toast.ts';
import styles from './MyBrandsScreen.module.css';

export function brandDocumentsQueryOptions(api: ApiClient, brandId: number) {
  return queryOptions({
    queryKey: [BRANDS_KEY, 'documents', brandId],
    queryFn: async () => (await api.call(brandDocuments, { params: { brandId } })).documents,
  });
}

/** Each document optional, as on the registration forms; sending none is refused on submit. */
const DocumentsFormSchema = v.object(VerificationDocumentEntries);
type DocumentsValues = v.InferInput<typeof DocumentsFormSchema>;

const EMPTY: DocumentsValues = {
  registryExtract: undefined,
  articles: undefined,
  bankAccount: undefined,
  identity: undefined,
};

export interface BrandDocumentsDialogProps {
  /** The brand whose documents are shown; null closes the dialog. */
  brand: { id: number; name: string } | null;
  /**
   * A rejected or revoked brand: the chosen documents (if any) are sent, then the brand is sent
   * for verification again.
   */
  resubmit?: boolean;
  onClose(): void;
}

/**
 * My brands, for a brand waiting for verification: which of the terms' documents were sent, and
 * a way to send the missing ones (or a better scan) before the operators decide. For a rejected
 * or revoked brand, the same form sends it for verification again.
 */
export function BrandDocumentsDialog({
  brand,
  resubmit = false,
  onClose,
}: BrandDocumentsDialogProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const showError = useApiErrorToast();
  const [nothingChosen, setNothingChosen] = useState(false);
  const brandId = brand?.id ?? 0;
  const held = useQuery({ ...brandDocumentsQueryOptions(api, brandId), enabled: brand !== null });

  const upload = useMutation({
    mutationFn: (body: DocumentsValues) =>
      api.call(uploadBrandDocuments, { params: { brandId }, body }),
    onSuccess: ({ documents }) => {
      queryClient.setQueryData(brandDocumentsQueryOptions(api, brandId).queryKey, documents);
      toast.success(t('brands.documents.uploaded'));
      form.reset();
    },
    onError: (error) => {
      if (!serverFieldErrors(error)) showError(error);
    },
  });

  const sendAgain = useMutation({
    mutationFn: async (body: DocumentsValues) => {
      // Documents first: a refused file leaves the brand as it was, to be fixed and sent again.
      if (UPLOADABLE_DOCUMENTS.some((kind) => body[kind])) {
        await api.call(uploadBrandDocuments, { params: { brandId }, body });
      }
      return (await api.call(resubmitBrand, { params: { brandId } })).brand;
    },
    onSuccess: (sent) => {
      queryClient.setQueryData<MyBrand[]>([BRANDS_KEY, 'mine'], (rows) =>
        rows?.map((row) => (row.id === sent.id ? sent : row)),
      );
      void queryClient.invalidateQueries({ queryKey: [BRANDS_KEY, 'documents', brandId] });
      toast.success(t('brands.resubmit.done', { brand: sent.name }));
      close();
    },
    // A refusal (an operator decided meanwhile) is shown in the dialog, which stays open.
  });
  const sendAgainRefusal =
    sendAgain.error && !serverFieldErrors(sendAgain.error)
      ? apiErrorText(sendAgain.error, intl)
      : null;

  const form = useAppForm({
    defaultValues: EMPTY,
    validationLogic: revalidateLogic(),
    validators: { onDynamic: DocumentsFormSchema },
    onSubmit: ({ value }) => {
      if (resubmit) {
        sendAgain.mutate(value);
        return;
      }
      const chosen = UPLOADABLE_DOCUMENTS.some((kind) => value[kind]);
      setNothingChosen(!chosen);
      if (chosen) upload.mutate(value);
    },
  });
  useServerFieldErrors(form, serverFieldErrors(resubmit ? sendAgain.error : upload.error));

  function close() {
    form.reset();
    upload.reset();
    sendAgain.reset();
    setNothingChosen(false);
    onClose();
  }

  const size = (bytes: number) => `${intl.formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`;

  let body;
  if (held.isPending) {
    body = <Spinner label={t('brands.documents.loading')} />;
  } else if (held.isError) {
    body = <LoadFailure error={held.error} onRetry={() => void held.refetch()} />;
  } else {
    body = (
      <form noValidate onSubmit={submitHandler(form)} className={styles.documentsForm}>
        {UPLOADABLE_DOCUMENTS.map((kind) => {
          const sent = held.data.find((document) => document.document === kind);
          return (
            <form.AppField
              key={kind}
              name={kind}
              listeners={{ onChange: () => setNothingChosen(false) }}
            >
              {(field) => (
                <field.DocumentField
                  hint={
                    sent
                      ? t('brands.documents.sent', { name: sent.file_name, size: size(sent.size) })
                      : undefined
                  }
                />
              )}
            </form.AppField>
          );
        })}
        {nothingChosen && <Alert variant="warning">{t('uploads.documentRequired')}</Alert>}
        {sendAgainRefusal && <Alert variant="danger">{sendAgainRefusal}</Alert>}
        <div className={styles.dialogActions}>
          <Button variant="ghost" type="button" onClick={close}>
            {t('brands.documents.close')}
          </Button>
          <Button type="submit" busy={resubmit ? sendAgain.isPending : upload.isPending}>
            {t(resubmit ? 'brands.resubmit.submit' : 'brands.documents.submit')}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <Modal
      open={brand !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={t(resubmit ? 'brands.resubmit.dialogTitle' : 'brands.documents.dialogTitle', {
        brand: brand?.name ?? '',
      })}
      description={t(resubmit ? 'brands.resubmit.dialogText' : 'brands.documents.dialogText', {
        days: REFUSED_DOCUMENTS_KEPT_DAYS,
      })}
    >
      {body}
    </Modal>
  );
}
