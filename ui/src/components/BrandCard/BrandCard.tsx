import { useIntl } from 'react-intl';
import type { Brand } from '@brnd/contracts/api/brand-listings';
import { Link } from '../../navigation.tsx';
import { cardText } from './brand-display.ts';
import { VoteButton, type VoteState } from './VoteButton.tsx';

export type { VoteState };
import styles from './BrandCard.module.css';
import { BrandLogo } from '../BrandLogo/BrandLogo.tsx';

export interface BrandCardProps {
  brand: Pick<Brand, 'id' | 'name' | 'website' | 'image_url' | 'votes'>;
  voteState: VoteState;
  /** The limit message with the server's numbers, shown on the button when out of votes. */
  limitText: string;
  /** While this brand's vote is on its way. */
  busy?: boolean;
  onVote(brandId: number): void;
}

/** A brand on the voting page: logo, name, website, this month's votes and the vote button. */
export function BrandCard({ brand, voteState, limitText, busy = false, onVote }: BrandCardProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const votes = brand.votes ?? 0;

  return (
    <article className={styles.card} aria-label={brand.name}>
      <BrandLogo className={styles.logo} src={brand.image_url} name={brand.name} size={64} />
      <h3 className={styles.name}>
        <Link to={`/brand/${brand.id}`} title={brand.name}>
          {cardText(brand.name)}
        </Link>
      </h3>
      <p className={styles.website} title={brand.website}>
        {cardText(brand.website)}
      </p>
      <p className={styles.votes}>{t('voting.card.votes', { votes })}</p>
      <div className={styles.action}>
        <VoteButton
          brandId={brand.id}
          brandName={brand.name}
          voteState={voteState}
          limitText={limitText}
          busy={busy}
          onVote={onVote}
        />
      </div>
    </article>
  );
}
