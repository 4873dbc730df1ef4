import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Brand } from '@brnd/contracts/api/brand-listings';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { Tabs } from '../../components/Tabs/Tabs.tsx';
import { INDUSTRY_FILTERS, SECTIONS, type IndustryFilter, type Section } from './voting-queries.ts';
import styles from './VotingScreen.module.css';

export interface SectionTabsProps {
  section: Section;
  onSectionChange(section: Section): void;
  industry: IndustryFilter;
  onIndustryChange(industry: IndustryFilter): void;
  /** The open section's brands in the industry; undefined until they have loaded. */
  brands: readonly Brand[] | undefined;
  failed: boolean;
  onRetry(): void;
  renderGrid(brands: readonly Brand[], label: string): ReactNode;
}

/** The industry filter over the three lists (top rated, trending, newly added) in tabs. */
export function SectionTabs({
  section,
  onSectionChange,
  industry,
  onIndustryChange,
  brands,
  failed,
  onRetry,
  renderGrid,
}: SectionTabsProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <>
      <div className={styles.filter}>
        <label htmlFor="voting-industry">{t('voting.industry.label')}</label>
        <select
          id="voting-industry"
          value={industry}
          onChange={(event) => onIndustryChange(event.target.value as IndustryFilter)}
        >
          {INDUSTRY_FILTERS.map((value) => (
            <option key={value} value={value}>
              {t(`voting.industry.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <Tabs
        label={t('voting.sections.label')}
        value={section}
        onValueChange={(value) => onSectionChange(value as Section)}
        tabs={SECTIONS.map((value) => ({
          value,
          label: t(`voting.sections.${value}`),
          // Only the open tab's panel is mounted: the brands are always its section's.
          content: (
            <SectionList
              brands={brands}
              failed={failed}
              onRetry={onRetry}
              industry={industry}
              renderGrid={(rows) =>
                renderGrid(
                  rows,
                  `${t(`voting.sections.${value}`)}: ${t(`voting.industry.${industry}`)}`,
                )
              }
            />
          ),
        }))}
      />
    </>
  );
}

function SectionList({
  brands,
  failed,
  onRetry,
  industry,
  renderGrid,
}: {
  brands: readonly Brand[] | undefined;
  failed: boolean;
  onRetry(): void;
  industry: IndustryFilter;
  renderGrid(brands: readonly Brand[]): ReactNode;
}) {
  const intl = useIntl();
  if (failed) {
    return (
      <div className={styles.problem}>
        <Alert variant="danger">{intl.formatMessage({ id: 'voting.list.error' })}</Alert>
        <Button onClick={onRetry}>{intl.formatMessage({ id: 'voting.list.retry' })}</Button>
      </div>
    );
  }
  if (!brands) return <Spinner label={intl.formatMessage({ id: 'voting.list.loading' })} />;
  if (brands.length === 0) {
    return (
      <p className={styles.empty}>
        {intl.formatMessage({
          id: industry === 'all' ? 'voting.list.emptyAll' : 'voting.list.empty',
        })}
      </p>
    );
  }
  return renderGrid(brands);
}
