import { useIntl } from 'react-intl';
import { Button } from '../Button/Button.tsx';
import { Tooltip } from '../Tooltip/Tooltip.tsx';
import styles from './BrandCard.module.css';

/** What a brand's vote button shows (docs/product.md#voting). */
export type VoteState = 'can-vote' | 'voted' | 'limit';

export interface VoteButtonProps {
  brandId: number;
  brandName: string;
  voteState: VoteState;
  /** The limit message with the server's numbers, shown on the button when out of votes. */
  limitText: string;
  /** While this brand's vote is on its way. */
  busy?: boolean;
  onVote(brandId: number): void;
}

/**
 * Vote, or why not: a voted brand shows the 'voted' label and a disabled button that explains
 * itself; out of votes, the button explains the limit and stays focusable so keyboards reach it.
 */
export function VoteButton({
  brandId,
  brandName,
  voteState,
  limitText,
  busy = false,
  onVote,
}: VoteButtonProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const text = (
    <>
      {t('voting.vote.button')}
      <span className="visually-hidden"> {t('voting.vote.buttonFor', { name: brandName })}</span>
    </>
  );

  if (voteState === 'voted') {
    return (
      <>
        <span className={styles.voted}>{t('voting.card.voted')}</span>
        <Tooltip content={`${t('errors.alreadyVoted')} ${t('voting.vote.invite')}`}>
          {(described) => (
            <Button variant="secondary" disabled {...described}>
              {text}
            </Button>
          )}
        </Tooltip>
      </>
    );
  }
  if (voteState === 'limit') {
    return (
      <Tooltip content={limitText}>
        {(described) => (
          <Button
            variant="secondary"
            aria-disabled="true"
            className={styles.limited}
            {...described}
          >
            {text}
          </Button>
        )}
      </Tooltip>
    );
  }
  return (
    <Button busy={busy} onClick={() => onVote(brandId)}>
      {text}
    </Button>
  );
}
