import { useState } from 'react';
import { useIntl } from 'react-intl';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { myBrands, type MyBrand } from '@brnd/contracts/api/brands';
import type { ApiClient } from '@brnd/contracts/api/client';
import { useApiClient } from '../../api.tsx';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Badge } from '../../components/Badge/Badge.tsx';
import { cardText } from '../../components/BrandCard/brand-display.ts';
import { Button, ButtonLink } from '../../components/Button/Button.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { Link } from '../../navigation.tsx';
import { BRANDS_KEY } from '../shared/brand-votes.ts';
import { BrandDocumentsDialog } from './BrandDocumentsDialog.tsx';
import styles from './MyBrandsScreen.module.css';
import { BrandLogo } from '../../components/BrandLogo/BrandLogo.tsx';
import { isRefused, type VerificationStatus } from '@brnd/contracts/domain/verification';

export function myBrandsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [BRANDS_KEY, 'mine'],
    queryFn: async (): Promise<MyBrand[]> => (await api.call(myBrands)).brands.rows,
  });
}

const VERIFICATION_TONE = {
  pending: 'warning',
  verified: 'success',
  rejected: 'danger',
  revoked: 'danger',
} as const satisfies Record<VerificationStatus, string>;

/** /user/mybrands/lists: the brands this user added or referred, and the way to add one. */
export function MyBrandsScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const api = useApiClient();
  const query = useQuery(myBrandsQueryOptions(api));
  const [documentsOf, setDocumentsOf] = useState<MyBrand | null>(null);
  const refused = isRefused(documentsOf?.verification_status);

  let body;
  if (query.isPending) {
    body = <Spinner label={t('brands.mine.loading')} />;
  } else if (query.isError) {
    body = (
      <div className={styles.problem}>
        <Alert variant="danger">{t('brands.mine.error')}</Alert>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('brands.mine.retry')}
        </Button>
      </div>
    );
  } else if (query.data.length === 0) {
    body = <p className={styles.empty}>{t('brands.mine.empty')}</p>;
  } else {
    body = (
      <ul className={styles.list} aria-label={t('brands.mine.title')}>
        {query.data.map((brand) => (
          <li key={brand.id} className={styles.row}>
            <BrandLogo className={styles.logo} src={brand.image_url} name={brand.name} size={48} />
            <div className={styles.text}>
              <Link to={`/brand/${brand.id}`} title={brand.name} className={styles.name}>
                {cardText(brand.name)}
              </Link>
              <span className={styles.muted} title={brand.website}>
                {cardText(brand.website)}
              </span>
              {brand.verification_reason && (
                <span className={styles.reason}>
                  {t('brands.mine.reason', { reason: brand.verification_reason })}
                </span>
              )}
            </div>
            {brand.verification_status && (
              <Badge tone={VERIFICATION_TONE[brand.verification_status]}>
                {t(`brands.mine.verification.${brand.verification_status}`)}
              </Badge>
            )}
            <span className={styles.votes}>
              {t('brands.mine.votes', { votes: brand.votes ?? 0 })}
            </span>
            {brand.verification_status && (
              // Only the brand's owner has a console; a referred brand is not theirs.
              <Link
                to={`/user/brands/${brand.id}`}
                aria-label={t('brandTokens.console.linkLabel', { brand: brand.name })}
              >
                {t('brandTokens.console.link')}
              </Link>
            )}
            {brand.verification_status === 'pending' && (
              // While operators verify it, the owner can still send the documents they lacked.
              <Button
                variant="ghost"
                aria-label={t('brands.documents.openLabel', { brand: brand.name })}
                onClick={() => setDocumentsOf(brand)}
              >
                {t('brands.documents.open')}
              </Button>
            )}
            {isRefused(brand.verification_status) && (
              // The owner fixes what the operator pointed out and asks again.
              <Button
                variant="secondary"
                aria-label={t('brands.resubmit.openLabel', { brand: brand.name })}
                onClick={() => setDocumentsOf(brand)}
              >
                {t('brands.resubmit.open')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className={styles.page} aria-labelledby="my-brands-title">
      <div className={styles.header}>
        <div>
          <h2 id="my-brands-title">{t('brands.mine.title')}</h2>
          <p className={styles.muted}>{t('brands.mine.lead')}</p>
        </div>
        <ButtonLink to="/user/mybrands/addbrand">{t('brands.mine.add')}</ButtonLink>
      </div>
      {body}
      <BrandDocumentsDialog
        brand={documentsOf}
        resubmit={refused}
        onClose={() => setDocumentsOf(null)}
      />
    </section>
  );
}
