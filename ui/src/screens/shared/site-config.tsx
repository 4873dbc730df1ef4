import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@brnd/contracts/api/client';
import { site, type Company, type SiteConfig } from '@brnd/contracts/api/site';
import { useApiClient } from '../../api.tsx';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import styles from './site-config.module.css';

/**
 * The operator's details (companies, addresses, e-mails, jobs) come from `GET /api/site`, shared
 * by the company, terms and privacy pages.
 */

export function siteQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['site'],
    queryFn: () => api.call(site),
    // Deployment configuration: it changes with a redeploy, not while someone reads a page.
    staleTime: 60 * 60_000,
  });
}

/** Renders its children once the configuration is here; says so while loading or after a failure. */
export function SiteConfigGate({ children }: { children(config: SiteConfig): ReactNode }) {
  const intl = useIntl();
  const api = useApiClient();
  const query = useQuery(siteQueryOptions(api));
  if (query.isPending) {
    return (
      <div className={styles.state}>
        <Spinner size="large" label={intl.formatMessage({ id: 'legal.configLoading' })} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className={styles.state}>
        <Alert variant="danger">{intl.formatMessage({ id: 'legal.configError' })}</Alert>
        <Button variant="secondary" busy={query.isFetching} onClick={() => void query.refetch()}>
          {intl.formatMessage({ id: 'legal.tryAgain' })}
        </Button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}

/** A country code in the reader's language: 'PL' → 'Poland' / 'Polska'. */
export function useCountryName(): (code: string) => string {
  const intl = useIntl();
  const names = new Intl.DisplayNames([intl.locale], { type: 'region' });
  return (code) => names.of(code) ?? code;
}

export function EmailLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}

/** A company as official documents name it: name, address, country, register and VAT numbers. */
export function CompanyDetails({ company }: { company: Company }) {
  const intl = useIntl();
  const countryName = useCountryName();
  return (
    <address className={styles.company}>
      <strong>{company.name}</strong>
      <br />
      {company.address}, {countryName(company.country)}
      <br />
      {intl.formatMessage({ id: 'legal.registryCode' }, { code: company.registryCode })}
      <br />
      {intl.formatMessage({ id: 'legal.vatCode' }, { code: company.vatCode })}
    </address>
  );
}
