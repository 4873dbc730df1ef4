import { parseRecordId } from '@brnd/contracts/domain/rules';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { Brand } from '@brnd/contracts/api/brand-listings';
import { COPIED_MESSAGE_DURATION_MS } from '@brnd/contracts/domain/constants';
import { useApiClient } from '../../api.tsx';
import { Alert } from '../../components/Alert/Alert.tsx';
import { cardText, websiteHref } from '../../components/BrandCard/brand-display.ts';
import { VoteButton } from '../../components/BrandCard/VoteButton.tsx';
import { Button, ButtonLink } from '../../components/Button/Button.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { apiErrorText } from '../shared/api-error.ts';
import { brandDetailsQueryOptions } from '../shared/brand-queries.ts';
import { useVote, useVoteLimitValues, voteState } from '../shared/brand-votes.ts';
import { MessagePage } from '../shared/MessagePage.tsx';
import styles from './BrandDetailScreen.module.css';
import { BrandLogo } from '../../components/BrandLogo/BrandLogo.tsx';
import { countryName } from '../shared/countries.ts';

export interface BrandDetailScreenProps {
  /** The `{brandId}` of /brand/{brandId}, as typed in the address. */
  brandId: string;
}

const SOCIAL = ['facebook', 'twitter', 'instagram', 'linkedin'] as const;
const SOCIAL_NAMES: Record<(typeof SOCIAL)[number], string> = {
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
};

/** /brand/{brandId}: one brand, its votes this month and a way to vote and share. */
export function BrandDetailScreen({ brandId }: BrandDetailScreenProps) {
  const intl = useIntl();
  const api = useApiClient();
  // The contract's one id rule: an address that names no record shows "not found" at once.
  const id = parseRecordId(brandId);
  const query = useQuery({ ...brandDetailsQueryOptions(api, id ?? 0), enabled: id !== null });

  if (id === null || query.data === null) return <BrandNotFound />;
  if (query.isPending) {
    return (
      <div className={styles.page}>
        <Spinner size="large" label={intl.formatMessage({ id: 'voting.detail.loading' })} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className={styles.page}>
        <Alert variant="danger">{apiErrorText(query.error, intl)}</Alert>
        <Button onClick={() => void query.refetch()}>
          {intl.formatMessage({ id: 'voting.list.retry' })}
        </Button>
      </div>
    );
  }
  return <BrandDetail brand={query.data} />;
}

function BrandNotFound() {
  const intl = useIntl();
  return (
    <MessagePage
      title={intl.formatMessage({ id: 'voting.detail.notFound' })}
      actions={
        <ButtonLink to="/voting">
          {intl.formatMessage({ id: 'voting.detail.backToVoting' })}
        </ButtonLink>
      }
    >
      <p>{intl.formatMessage({ id: 'voting.detail.notFoundText' })}</p>
    </MessagePage>
  );
}

function BrandDetail({ brand }: { brand: Brand }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const limitText = t('voting.vote.limitTooltip', useVoteLimitValues());
  const { castVote, votingFor } = useVote({
    loginSearch: useMemo(() => ({ redirect: `/brand/${brand.id}` }), [brand.id]),
  });
  const socials = SOCIAL.filter((network) => brand[network]);
  const country = brand.country ? countryName(brand.country, intl.locale) : null;

  return (
    <div className={styles.page}>
      <article className={styles.brand} aria-labelledby="brand-name">
        <header className={styles.header}>
          <BrandLogo className={styles.logo} src={brand.image_url} name={brand.name} size={96} />
          <div>
            <h1 id="brand-name" className={styles.name}>
              {brand.name}
            </h1>
            <p className={styles.votes}>
              <span>{t('voting.detail.votes')}: </span>
              <strong>{intl.formatNumber(brand.votes ?? 0)}</strong>
            </p>
          </div>
        </header>
        <p className={styles.description}>{brand.description}</p>
        <dl className={styles.facts}>
          {country && (
            <div>
              <dt>{t('voting.detail.country')}</dt>
              <dd>{country}</dd>
            </div>
          )}
          <div>
            <dt>{t('voting.detail.website')}</dt>
            <dd>
              <a
                href={websiteHref(brand.website)}
                rel="noopener noreferrer"
                target="_blank"
                title={brand.website}
              >
                {cardText(brand.website)}
              </a>
            </dd>
          </div>
          {socials.length > 0 && (
            <div>
              <dt>{t('voting.detail.social')}</dt>
              <dd>
                <ul className={styles.social}>
                  {socials.map((network) => (
                    <li key={network}>
                      <a
                        href={websiteHref(brand[network] ?? '')}
                        rel="noopener noreferrer"
                        target="_blank"
                      >
                        {SOCIAL_NAMES[network]}
                      </a>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          )}
        </dl>
        <div className={styles.actions}>
          <VoteButton
            brandId={brand.id}
            brandName={brand.name}
            voteState={voteState(brand)}
            limitText={limitText}
            busy={votingFor === brand.id}
            onVote={castVote}
          />
          <CopyLink />
        </div>
      </article>
      <aside className={styles.panel} aria-labelledby="brand-panel">
        <h2 id="brand-panel">{t('voting.detail.panelTitle')}</h2>
        <ul>
          <li>{t('voting.detail.panelDaily')}</li>
          <li>{t('voting.detail.panelReward')}</li>
        </ul>
        <ButtonLink to="/voting" variant="secondary">
          {t('voting.detail.backToVoting')}
        </ButtonLink>
      </aside>
    </div>
  );
}

/** Copies the page's address; the confirmation stays for the spec's 5 seconds. */
function CopyLink() {
  const intl = useIntl();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <>
      <Button
        variant="ghost"
        onClick={async () => {
          clearTimeout(timer.current);
          try {
            await navigator.clipboard.writeText(window.location.href);
            setCopy('copied');
          } catch {
            setCopy('failed');
          }
          timer.current = setTimeout(() => setCopy('idle'), COPIED_MESSAGE_DURATION_MS);
        }}
      >
        {intl.formatMessage({ id: 'voting.detail.copyLink' })}
      </Button>
      <span role="status" className={styles.copyStatus} data-transient>
        {copy === 'copied' && intl.formatMessage({ id: 'voting.detail.copied' })}
        {copy === 'failed' && intl.formatMessage({ id: 'voting.detail.copyFailed' })}
      </span>
    </>
  );
}
