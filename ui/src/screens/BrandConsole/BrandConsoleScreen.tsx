import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../api.tsx';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { TabNav } from '../../components/TabNav/TabNav.tsx';
import { Link } from '../../navigation.tsx';
import { brandTokenErrorText } from '../shared/brand-token-errors.ts';
import { brandConsoleQueryOptions } from '../shared/brand-token-queries.ts';
import screen from '../shared/screen.module.css';
import { CONSOLE_SECTIONS, consolePath, type ConsoleSection } from './console-data.ts';
import { Overview, PlanCard } from './ConsoleOverview.tsx';
import { GiveSection } from './GiveSection.tsx';
import { OffersSection } from './OffersSection.tsx';
import { StakingPanel } from './StakingPanel.tsx';
import styles from './BrandConsole.module.css';

export type { ConsoleSection } from './console-data.ts';

/**
 * The brand console (/user/brands/{brandId}/…) for the owner of a brand: plan and usage, the
 * token's figures and chart, issuing, giving (one or a CSV), offers and codes, staking.
 */
export function BrandConsoleScreen({
  brandId,
  section = 'overview',
}: {
  brandId: number;
  section?: ConsoleSection;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `brandTokens.${id}` }, values);
  const api = useApiClient();
  const query = useQuery(brandConsoleQueryOptions(api, brandId));

  if (query.isPending) return <Spinner size="large" label={t('console.loading')} />;
  if (query.isError) {
    return (
      <div className={styles.console}>
        <Alert variant="danger" title={t('console.loadFailed')}>
          {brandTokenErrorText(query.error, intl)}
        </Alert>
        <div className={screen.actions}>
          <Button onClick={() => void query.refetch()}>{t('console.retry')}</Button>
          <Link to="/user/mybrands/lists">{t('console.back')}</Link>
        </div>
      </div>
    );
  }

  const data = query.data;
  const verified = data.brand.verification_status === 'verified';
  let body;
  if (section === 'staking') body = <StakingPanel />;
  else if (!verified) body = null;
  else if (section === 'give') body = <GiveSection data={data} />;
  else if (section === 'offers') body = <OffersSection data={data} />;
  else body = <Overview data={data} />;

  return (
    <section className={styles.console} aria-labelledby="brand-console-title">
      <div className={styles.header}>
        <h2 id="brand-console-title">{t('console.title', { brand: data.brand.name })}</h2>
        <Link to="/user/mybrands/lists">{t('console.back')}</Link>
      </div>
      <TabNav
        label={t('console.sections')}
        items={CONSOLE_SECTIONS.map((item) => ({
          to: consolePath(brandId, item),
          label: t(`console.${item}`),
          current: item === section,
        }))}
      />
      {!verified && (
        <Alert variant="warning" title={t('verification.title')}>
          {t(`verification.${data.brand.verification_status}`)}{' '}
          {data.brand.verification_status !== 'pending' && (
            <Link to="/contact">{t('verification.contact')}</Link>
          )}
        </Alert>
      )}
      {!verified && section !== 'staking' && <PlanCard plan={data.plan} />}
      {body}
    </section>
  );
}
