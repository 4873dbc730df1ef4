import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Brand } from '@brnd/contracts/api/brand-listings';
import { VOTE_WINDOW_HOURS, VOTES_PER_WINDOW } from '@brnd/contracts/domain/constants';
import { useApiClient } from '../../api.tsx';
import { useNavigation } from '../../navigation.tsx';
import { useSession } from '../../session.tsx';
import { Alert } from '../../components/Alert/Alert.tsx';
import { suggestionText } from '../../components/BrandCard/brand-display.ts';
import { Button } from '../../components/Button/Button.tsx';
import { Modal } from '../../components/Modal/Modal.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { Tabs } from '../../components/Tabs/Tabs.tsx';
import { TagSearch } from '../../components/TagSearch/TagSearch.tsx';
import { brandDetailsQueryOptions } from '../shared/brand-queries.ts';
import { useApiErrorToast } from '../shared/use-api-error-toast.ts';
import { useVote, useVoteLimitValues, voteState } from '../shared/brand-votes.ts';
import { BrandGrid } from './BrandGrid.tsx';
import { ReferBrandModal } from './ReferBrandModal.tsx';
import { WinnerPanel } from './WinnerPanel.tsx';
import {
  FIRST_SECTION,
  INDUSTRY_FILTERS,
  SECTIONS,
  brandSearchQueryOptions,
  brandSectionQueryOptions,
  mergeResults,
  type IndustryFilter,
  type Section,
} from './voting-queries.ts';
import styles from './VotingScreen.module.css';
import { useVoteEvents } from '../shared/live-updates.ts';

/** Suggestions wait for a short pause in typing, and show this many brands. */
const SUGGEST_DELAY_MS = 250;
const SUGGESTIONS = 8;

export interface VotingScreenProps {
  /** `?code=` of a referral link (/ref/{code} sends vote codes here): a visitor registers with it. */
  referralCode?: string;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** /voting: the monthly contest. Search, browse the three lists, vote and refer new brands. */
export function VotingScreen({ referralCode }: VotingScreenProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const api = useApiClient();
  const queryClient = useQueryClient();
  const showError = useApiErrorToast();
  useVoteEvents();
  const navigation = useNavigation();
  const { session } = useSession();
  const limitValues = useVoteLimitValues();
  const limitText = t('voting.vote.limitTooltip', limitValues);
  const { castVote, votingFor } = useVote({
    loginSearch: useMemo(() => ({ voting: '' }), []),
    referralCode,
  });

  // The list the route's loader fetched with the page's code.
  const [section, setSection] = useState<Section>(FIRST_SECTION.section);
  const [industry, setIndustry] = useState<IndustryFilter>(FIRST_SECTION.industry);
  const [text, setText] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [pickedId, setPickedId] = useState<number | null>(null);
  const [notFound, setNotFound] = useState(false);
  const [referOpen, setReferOpen] = useState(false);

  const typed = useDebounced(text.trim(), SUGGEST_DELAY_MS);
  const suggestionsQuery = useQuery({
    ...brandSearchQueryOptions(api, typed),
    enabled: typed !== '',
  });
  const suggestions =
    typed !== '' && text.trim() !== ''
      ? (suggestionsQuery.data ?? []).slice(0, SUGGESTIONS).map((brand) => ({
          id: brand.id,
          label: suggestionText(brand.name),
          title: brand.name,
        }))
      : [];

  const tagQueries = useQueries({
    queries: tags.map((tag) => brandSearchQueryOptions(api, tag)),
  });
  const results = mergeResults(tagQueries.map((query) => query.data));
  const searching = tagQueries.some((query) => query.isPending);

  async function addTag(tag: string) {
    // The box empties at once, so typing the next search while this one loads is kept.
    setText('');
    if (tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) return;
    // On a failure the text comes back for another try, unless the user typed on meanwhile.
    const restore = () => setText((current) => current || tag);
    try {
      const rows = await queryClient.fetchQuery(brandSearchQueryOptions(api, tag));
      if (rows.length === 0) {
        setNotFound(true);
        restore();
        return;
      }
      setPickedId(null);
      setTags((current) => (current.includes(tag) ? current : [...current, tag]));
    } catch (error) {
      showError(error);
      restore();
    }
  }

  function pickSuggestion(id: number) {
    const brand = suggestionsQuery.data?.find((candidate) => candidate.id === id);
    if (!brand) return;
    // The suggestion already holds the brand: show it at once, as its own cached entry.
    queryClient.setQueryData(brandDetailsQueryOptions(api, id).queryKey, brand);
    setPickedId(id);
    setText('');
  }
  const pickedQuery = useQuery({
    ...brandDetailsQueryOptions(api, pickedId ?? 0),
    enabled: pickedId !== null,
  });
  const pickedBrand = pickedId === null ? null : (pickedQuery.data ?? null);
  const sectionRows = useQuery(brandSectionQueryOptions(api, section, industry)).data;

  const grid = (brands: readonly Brand[], label: string) => (
    <BrandGrid
      // A new list starts again from the first 12 cards.
      key={label}
      brands={brands}
      label={label}
      limitText={limitText}
      votingFor={votingFor}
      onVote={castVote}
    />
  );

  let content;
  if (pickedBrand) {
    content = (
      <section aria-labelledby="voting-picked" className={styles.results}>
        <div className={styles.resultsHeader}>
          <h2 id="voting-picked">{t('voting.search.picked')}</h2>
          <Button variant="ghost" onClick={() => setPickedId(null)}>
            {t('voting.search.showAll')}
          </Button>
        </div>
        {grid([pickedBrand], t('voting.search.picked'))}
      </section>
    );
  } else if (tags.length > 0) {
    content = (
      <section aria-labelledby="voting-results" className={styles.results}>
        <div className={styles.resultsHeader}>
          <h2 id="voting-results">{t('voting.search.results')}</h2>
          <Button variant="ghost" onClick={() => setTags([])}>
            {t('voting.search.showAll')}
          </Button>
        </div>
        {searching && results.length === 0 ? (
          <Spinner label={t('voting.search.loading')} />
        ) : (
          grid(results, `${t('voting.search.results')}: ${tags.join(', ')}`)
        )}
      </section>
    );
  } else {
    content = (
      <>
        <div className={styles.filter}>
          <label htmlFor="voting-industry">{t('voting.industry.label')}</label>
          <select
            id="voting-industry"
            value={industry}
            onChange={(event) => setIndustry(event.target.value as IndustryFilter)}
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
          onValueChange={(value) => setSection(value as Section)}
          tabs={SECTIONS.map((value) => ({
            value,
            label: t(`voting.sections.${value}`),
            content: (
              <SectionList
                section={value}
                industry={industry}
                renderGrid={(brands) =>
                  grid(
                    brands,
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

  const visibleBrands = pickedBrand ? [pickedBrand] : tags.length > 0 ? results : [];
  const limited = [...visibleBrands, ...(sectionRows ?? [])].some(
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
        <WinnerPanel />
        <section id="start-voting" className={styles.voting} aria-label={t('voting.start')}>
          <div className={styles.searchRow}>
            <TagSearch
              label={t('voting.search.label')}
              placeholder={t('voting.search.placeholder')}
              value={text}
              onValueChange={setText}
              tags={tags}
              onAddTag={(tag) => void addTag(tag)}
              onRemoveTag={(tag) => setTags((current) => current.filter((each) => each !== tag))}
              suggestions={suggestions}
              onPickSuggestion={(suggestion) => pickSuggestion(suggestion.id)}
            />
            <Button
              variant="secondary"
              onClick={() => {
                // Referring needs an account: the server looks the site up for a known user.
                if (session) setReferOpen(true);
                else navigation.navigate('/login', { search: { voting: '' } });
              }}
            >
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
        open={notFound}
        onOpenChange={setNotFound}
        title={t('voting.search.notFoundTitle')}
        description={t('voting.search.notFound')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setNotFound(false)}>
              {t('common.close')}
            </Button>
            <Button
              onClick={() => {
                setNotFound(false);
                setReferOpen(true);
              }}
            >
              {t('voting.search.notFoundRefer')}
            </Button>
          </>
        }
      />
      <ReferBrandModal
        open={referOpen}
        onOpenChange={setReferOpen}
        onAdded={() => {
          setTags([]);
          setPickedId(null);
          setIndustry('all');
          setSection('newlyadded');
        }}
      />
    </div>
  );
}

function SectionList({
  section,
  industry,
  renderGrid,
}: {
  section: Section;
  industry: IndustryFilter;
  renderGrid(brands: Brand[]): ReactNode;
}) {
  const intl = useIntl();
  const api = useApiClient();
  const query = useQuery(brandSectionQueryOptions(api, section, industry));
  if (query.isPending) return <Spinner label={intl.formatMessage({ id: 'voting.list.loading' })} />;
  if (query.isError) {
    return (
      <div className={styles.problem}>
        <Alert variant="danger">{intl.formatMessage({ id: 'voting.list.error' })}</Alert>
        <Button onClick={() => void query.refetch()}>
          {intl.formatMessage({ id: 'voting.list.retry' })}
        </Button>
      </div>
    );
  }
  const brands = query.data;
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
