import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../api.tsx';
import { Link } from '../../navigation.tsx';
import { cardText } from '../../components/BrandCard/brand-display.ts';
import { lastWinnerQueryOptions } from './voting-queries.ts';
import styles from './VotingScreen.module.css';
import { BrandLogo } from '../../components/BrandLogo/BrandLogo.tsx';

/** "Last month's winner": the newest closed contest month, or a note that none has closed yet. */
export function WinnerPanel() {
  const intl = useIntl();
  const api = useApiClient();
  const query = useQuery(lastWinnerQueryOptions(api));
  // The contest's history is a bonus on this page: if it fails, the page votes on without it.
  if (query.isError) return null;
  const heading = <h2 id="voting-winner">{intl.formatMessage({ id: 'voting.winner.title' })}</h2>;
  // While it loads, the panel holds its place so that the list below does not jump when it comes.
  if (query.isPending) {
    return (
      <section className={styles.winner} aria-labelledby="voting-winner" aria-busy="true">
        {heading}
        <p className={styles.winnerText} />
      </section>
    );
  }
  const winner = query.data[0];
  const [year, month] = (winner?.month ?? '').split('-').map(Number);
  return (
    <section className={styles.winner} aria-labelledby="voting-winner">
      {heading}
      {winner && year && month ? (
        <p className={styles.winnerText}>
          <BrandLogo src={winner.image_url} name={winner.name} size={48} />
          <span>
            {intl.formatMessage(
              { id: 'voting.winner.text' },
              {
                name: (
                  <Link key="name" to={`/brand/${winner.brand_id}`} title={winner.name}>
                    {cardText(winner.name)}
                  </Link>
                ),
                month: intl.formatDate(Date.UTC(year, month - 1, 15), {
                  month: 'long',
                  year: 'numeric',
                  timeZone: 'UTC',
                }),
                votes: winner.votes,
              },
            )}
          </span>
        </p>
      ) : (
        <p className={styles.winnerText}>{intl.formatMessage({ id: 'voting.winner.none' })}</p>
      )}
    </section>
  );
}
