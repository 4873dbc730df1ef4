import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { Brand } from '@brnd/contracts/api/brand-listings';
import { MAX_BRAND_CARDS } from '@brnd/contracts/domain/constants';
import { Alert } from '../../components/Alert/Alert.tsx';
import { BrandCard } from '../../components/BrandCard/BrandCard.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { voteState } from '../shared/brand-votes.ts';
import { FIRST_CARDS, MORE_CARDS } from './voting-queries.ts';
import styles from './VotingScreen.module.css';

export interface BrandGridProps {
  brands: readonly Brand[];
  limitText: string;
  votingFor?: number;
  onVote(brandId: number): void;
  /** Accessible name of the list. */
  label: string;
}

/** Cards 12 at first, 6 more per "load more", at most 1000; says so when all are shown. */
export function BrandGrid({ brands, limitText, votingFor, onVote, label }: BrandGridProps) {
  const intl = useIntl();
  const [shown, setShown] = useState(FIRST_CARDS);
  const [loadedMore, setLoadedMore] = useState(false);
  const total = Math.min(brands.length, MAX_BRAND_CARDS);
  const visible = brands.slice(0, Math.min(shown, total));

  return (
    <div className={styles.gridArea}>
      <ul className={styles.grid} aria-label={label}>
        {visible.map((brand) => (
          <li key={brand.id}>
            <BrandCard
              brand={brand}
              voteState={voteState(brand)}
              limitText={limitText}
              busy={votingFor === brand.id}
              onVote={onVote}
            />
          </li>
        ))}
      </ul>
      {visible.length < total ? (
        <div className={styles.more}>
          <Button
            variant="secondary"
            onClick={() => {
              setShown((count) => count + MORE_CARDS);
              setLoadedMore(true);
            }}
          >
            {intl.formatMessage({ id: 'voting.list.loadMore' })}
          </Button>
        </div>
      ) : (
        loadedMore && (
          <Alert variant="info">{intl.formatMessage({ id: 'voting.list.allLoaded' })}</Alert>
        )
      )}
    </div>
  );
}
