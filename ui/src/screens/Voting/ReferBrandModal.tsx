import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Brand } from '@brnd/contracts/api/brand-listings';
import { addBrand, brandPreview } from '@brnd/contracts/api/brands';
import type { EndpointBody } from '@brnd/contracts/api/endpoint';
import { isEndpointError } from '@brnd/contracts/api/errors';
import { useApiClient } from '../../api.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Modal } from '../../components/Modal/Modal.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import { apiErrorText, serverFieldErrors } from '../shared/api-error.ts';
import { BRANDS_KEY } from '../shared/brand-votes.ts';
import { useApiErrorToast } from '../shared/use-api-error-toast.ts';
import { useUrlCheck } from './url-check.ts';
import { brandSectionQueryOptions } from './voting-queries.ts';
import styles from './VotingScreen.module.css';

export interface ReferBrandModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The brand is in: the page shows the newly added list, where it now leads. */
  onAdded(brand: Brand): void;
}

/**
 * "Refer a new brand": the user pastes a website, the server looks the page up a second after
 * typing stops and shows its logo, name and description; Add is offered once a name was found,
 * unless the brand is in the contest already (said instead). Closing or cancelling clears the URL.
 */
export function ReferBrandModal({ open, onOpenChange, onAdded }: ReferBrandModalProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const api = useApiClient();
  const queryClient = useQueryClient();
  const showError = useApiErrorToast();
  const [url, setUrl] = useState('');
  const [added, setAdded] = useState<Brand | null>(null);
  const check = useUrlCheck(url, (address) => api.call(brandPreview, { query: { url: address } }));
  const add = useMutation({
    mutationFn: (body: EndpointBody<typeof addBrand>) => api.call(addBrand, { body }),
  });

  function close() {
    setUrl('');
    add.reset();
    onOpenChange(false);
  }

  /** A refusal that belongs under the URL (an invalid or already added website). */
  function addErrorText(error: unknown): string | undefined {
    const field = serverFieldErrors(error)?.website;
    if (field) return t(field);
    if (isEndpointError(error, addBrand, 'brandExists')) return apiErrorText(error, intl);
    return undefined;
  }

  const preview = check.state === 'found' ? check.preview : undefined;
  const existing = preview?.existing ?? null;
  const fieldError =
    check.state === 'invalid'
      ? t('validation.website')
      : check.state === 'failed'
        ? apiErrorText(check.error, intl)
        : addErrorText(add.error);

  return (
    <>
      <Modal
        open={open}
        onOpenChange={(next) => (next ? onOpenChange(true) : close())}
        title={t('voting.refer.title')}
        description={t('voting.refer.description')}
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              {t('voting.refer.cancel')}
            </Button>
            <Button
              disabled={!preview?.name || existing !== null}
              busy={add.isPending}
              onClick={() => {
                if (!preview) return;
                add.mutate(
                  {
                    website: preview.website,
                    name: preview.name,
                    description: preview.description,
                    image_url: preview.image_url,
                  },
                  {
                    onSuccess: ({ details }) => {
                      // The new brand leads the newly added list at once, before any refetch.
                      queryClient.setQueryData(
                        brandSectionQueryOptions(api, 'newlyadded', 'all').queryKey,
                        (rows) => [details, ...(rows ?? []).filter((row) => row.id !== details.id)],
                      );
                      void queryClient.invalidateQueries({
                        queryKey: [BRANDS_KEY],
                        refetchType: 'none',
                      });
                      close();
                      setAdded(details);
                      onAdded(details);
                    },
                    onError: (error) => {
                      if (addErrorText(error) === undefined) showError(error);
                    },
                  },
                );
              }}
            >
              {t('voting.refer.add')}
            </Button>
          </>
        }
      >
        <TextField
          label={t('voting.refer.url')}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="brand.com"
          value={url}
          onChange={(event) => {
            setUrl(event.target.value);
            add.reset();
          }}
          error={fieldError}
        />
        <div className={styles.preview} aria-live="polite">
          {check.state === 'checking' && (
            <Spinner size="small" label={t('voting.refer.checking')} />
          )}
          {preview && (
            <div className={styles.previewFound}>
              {preview.image_url && <img src={preview.image_url} alt="" width={40} height={40} />}
              <div className={styles.previewText}>
                <p>{t('voting.refer.found', { name: preview.name })}</p>
                {preview.description && (
                  <p className={styles.previewDescription}>{preview.description}</p>
                )}
                {existing && (
                  <p className={styles.previewExisting}>
                    {t('voting.refer.existing', { name: existing.name })}
                  </p>
                )}
              </div>
            </div>
          )}
        </div>
      </Modal>
      <Modal
        open={added !== null}
        onOpenChange={(next) => !next && setAdded(null)}
        title={t('voting.refer.successTitle')}
        description={t('voting.refer.success', { name: added?.name ?? '' })}
        footer={<Button onClick={() => setAdded(null)}>{t('voting.refer.successClose')}</Button>}
      />
    </>
  );
}
