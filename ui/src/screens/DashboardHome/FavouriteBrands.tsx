import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { VOTE_WINDOW_HOURS } from '@brnd/contracts/domain/constants';
import { useApiClient } from '../../api.tsx';
import { favouriteText } from '../../components/BrandCard/brand-display.ts';
import { VoteButton } from '../../components/BrandCard/VoteButton.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { Link } from '../../navigation.tsx';
import { favouriteBrandsQueryOptions } from '../shared/brand-queries.ts';
import { useVote, useVoteLimitValues, voteState } from '../shared/brand-votes.ts';
import styles from './DashboardHomeScreen.module.css';
import { BrandLogo } from '../../components/BrandLogo/BrandLogo.tsx';

/** The dashboard lists the user's five most-voted brands. */
export const FAVOURITES_SHOWN = 5;

/**
 * Top 5 favourite brands: the user's votes for each, and a vote for today, or 'Vote again after
 * 24 hours' (the vote window: one vote per brand in it) for a brand voted for in this window.
 */
export function FavouriteBrands() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const api = useApiClient();
  const query = useQuery(favouriteBrandsQueryOptions(api));
  const limitText = t('voting.vote.limitTooltip', useVoteLimitValues());
  const { castVote, votingFor } = useVote({
    loginSearch: useMemo(() => ({ redirect: '/user/dashboard' }), []),
  });

  let body;
  if (query.isPending) body = <Spinner label={t('voting.favourites.loading')} />;
  else if (query.isError) body = <p>{t('voting.favourites.error')}</p>;
  else if (query.data.length === 0) {
    body = (
      <>
        <p>{t('voting.favourites.empty')}</p>
        <Link to="/voting">{t('voting.favourites.goVote')}</Link>
      </>
    );
  } else {
    body = (
      <ol className={styles.favourites}>
        {query.data.slice(0, FAVOURITES_SHOWN).map((brand) => (
          <li key={brand.id}>
            <BrandLogo src={brand.image_url} name={brand.name} size={32} />
            <span className={styles.favouriteText}>
              <Link to={`/brand/${brand.id}`} title={brand.name}>
                {favouriteText(brand.name)}
              </Link>
              <span className={styles.note}>
                {t('voting.favourites.myVotes', { votes: brand.myvotes })}
              </span>
            </span>
            {voteState(brand) === 'voted' ? (
              <span className={styles.note}>
                {t('voting.vote.againAfter', { timeInHours: VOTE_WINDOW_HOURS })}
              </span>
            ) : (
              <VoteButton
                brandId={brand.id}
                brandName={brand.name}
                voteState={voteState(brand)}
                limitText={limitText}
                busy={votingFor === brand.id}
                onVote={castVote}
              />
            )}
          </li>
        ))}
      </ol>
    );
  }
  return <Card title={t('voting.favourites.title')}>{body}</Card>;
}
