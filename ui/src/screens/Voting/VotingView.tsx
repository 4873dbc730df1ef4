import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Brand } from '@brnd/contracts/api/brand-listings';
import { VOTE_WINDOW_HOURS, VOTES_PER_WINDOW } from '@brnd/contracts/domain/constants';
import { Alert } from '../../components/Alert/Alert.tsx';
import { suggestionText } from '../../components/BrandCard/brand-display.ts';
import { Button } from '../../components/Button/Button.tsx';
import { Modal } from '../../components/Modal/Modal.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { TagSearch } from '../../components/TagSearch/TagSearch.tsx';
import { voteState } from '../shared/brand-votes.ts';
import { BrandGrid } from './BrandGrid.tsx';
import { SectionTabs } from './SectionTabs.tsx';
import type { IndustryFilter, Section } from './voting-queries.ts';
import styles from './VotingScreen.module.css';

/** The search box and what it found (use-brand-search.ts). */
export interface BrandSearch {
  text: string;
  onTextChange(text: string): void;
  /** Searches kept as tags: their brands are listed together. */
  tags: readonly string[];
  onAddTag(tag: string): void;
  onRemoveTag(tag: string): void;
  onClearTags(): void;
  /** Brands that match the typed text. */
  suggestions: readonly Brand[];
  onPickSuggestion(brandId: number): void;
  /** A brand picked from the suggestions, shown alone. */
  picked: Brand | null;
  onClearPicked(): void;
  /** The tags' brands, each once. */
  results: readonly Brand[];
  /** A tag's brands are still loading. */
  searching: boolean;
  /** A search found no brand: the page offers to refer one. */
  notFound: boolean;
  onNotFoundChange(open: boolean): void;
}

export interface VotingViewProps {
  section: Section;
  onSectionChange(section: Section): void;
  industry: IndustryFilter;
  onIndustryChange(industry: IndustryFilter): void;
  /** The open section's brands in the industry; undefined until they have loaded. */
  sectionBrands: readonly Brand[] | undefined;
  sectionFailed: boolean;
  onRetrySection(): void;
  search: BrandSearch;
  /** The numbers of the vote limit's message. */
  limitValues: { voteLimit: number; timeInHours: number };
  /** The brand whose vote is being sent. */
  votingFor?: number;
  onVote(brandId: number): void;
  /** The 'refer a new brand' button. */
  onRefer(): void;
  /** 'Refer' in the dialog of a search that found nothing. */
  onReferNotFound(): void;
  /** Last month's winner above the search (WinnerPanel, which loads it itself). */
  winnerPanel: ReactNode;
  /** The 'refer a new brand' dialog (ReferBrandModal, which adds the brand itself). */
  referModal: ReactNode;
}

/** /voting: the monthly contest. Search, browse the three lists, vote and refer new brands. */
export function VotingView({
  section,
  onSectionChange,
  industry,
  onIndustryChange,
  sectionBrands,
  sectionFailed,
  onRetrySection,
  search,
  limitValues,
  votingFor,
  onVote,
  onRefer,
  onReferNotFound,
  winnerPanel,
  referModal,
}: VotingViewProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const limitText = t('voting.vote.limitTooltip', limitValues);
  const { picked, tags, results } = search;

  const grid = (brands: readonly Brand[], label: string) => (
    <BrandGrid
      // A new list starts again from the first 12 cards.
      key={label}
      brands={brands}
      label={label}
      limitText={limitText}
      votingFor={votingFor}
      onVote={onVote}
    />
  );

  let content;
  if (picked) {
    content = (
      <section aria-labelledby="voting-picked" className={styles.results}>
        <div className={styles.resultsHeader}>
          <h2 id="voting-picked">{t('voting.search.picked')}</h2>
          <Button variant="ghost" onClick={search.onClearPicked}>
            {t('voting.search.showAll')}
          </Button>
        </div>
        {grid([picked], t('voting.search.picked'))}
      </section>
    );
  } else if (tags.length > 0) {
    content = (
      <section aria-labelledby="voting-results" className={styles.results}>
        <div className={styles.resultsHeader}>
          <h2 id="voting-results">{t('voting.search.results')}</h2>
          <Button variant="ghost" onClick={search.onClearTags}>
            {t('voting.search.showAll')}
          </Button>
        </div>
        {search.searching && results.length === 0 ? (
          <Spinner label={t('voting.search.loading')} />
        ) : (
          grid(results, `${t('voting.search.results')}: ${tags.join(', ')}`)
        )}
      </section>
    );
  } else {
    content = (
      <SectionTabs
        section={section}
        onSectionChange={onSectionChange}
        industry={industry}
        onIndustryChange={onIndustryChange}
        brands={sectionBrands}
        failed={sectionFailed}
        onRetry={onRetrySection}
        renderGrid={grid}
      />
    );
  }

  const visibleBrands = picked ? [picked] : tags.length > 0 ? results : [];
  const limited = [...visibleBrands, ...(sectionBrands ?? [])].some(
    (brand) => voteState(brand) === 'limit',
  );

  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <div className={styles.inner}>
          <h1>{t('voting.title')}</h1>
          <p className={styles.lead}>
            {t('voting.lead', { voteLimit: VOTES_PER_WINDOW, timeInHours: VOTE_WINDOW_HOURS })}
          </p>
          <a className={styles.start} href="#start-voting">
            {t('voting.start')}
          </a>
        </div>
      </header>
      <div className={styles.inner}>
        {winnerPanel}
        <section id="start-voting" className={styles.voting} aria-label={t('voting.start')}>
          <div className={styles.searchRow}>
            <TagSearch
              label={t('voting.search.label')}
              placeholder={t('voting.search.placeholder')}
              value={search.text}
              onValueChange={search.onTextChange}
              tags={tags}
              onAddTag={search.onAddTag}
              onRemoveTag={search.onRemoveTag}
              suggestions={search.suggestions.map((brand) => ({
                id: brand.id,
                label: suggestionText(brand.name),
                title: brand.name,
              }))}
              onPickSuggestion={(suggestion) => search.onPickSuggestion(suggestion.id)}
            />
            <Button variant="secondary" onClick={onRefer}>
              {t('voting.refer.open')}
            </Button>
          </div>
          {limited && (
            <Alert variant="warning" title={t('voting.vote.limitExceeded')}>
              {t('voting.vote.limitWait')}
            </Alert>
          )}
          {content}
        </section>
      </div>
      <Modal
        open={search.notFound}
        onOpenChange={search.onNotFoundChange}
        title={t('voting.search.notFoundTitle')}
        description={t('voting.search.notFound')}
        footer={
          <>
            <Button variant="secondary" onClick={() => search.onNotFoundChange(false)}>
              {t('common.close')}
            </Button>
            <Button onClick={onReferNotFound}>{t('voting.search.notFoundRefer')}</Button>
          </>
        }
      />
      {referModal}
    </div>
  );
}
