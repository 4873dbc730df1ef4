import { useState } from 'react';
import { useIntl } from 'react-intl';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminContest,
  closeContestMonth,
  type ClosedMonth,
  type Standing,
} from '@brnd/contracts/api/admin-contest';
import type { ApiClient } from '@brnd/contracts/api/client';
import { CONTEST_PRIZE_BRND, CONTEST_TIME_ZONE } from '@brnd/contracts/domain/constants';
import { useApiClient } from '../../api.tsx';
import { Badge } from '../../components/Badge/Badge.tsx';
import { BrandLogo } from '../../components/BrandLogo/BrandLogo.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { Modal } from '../../components/Modal/Modal.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { apiErrorText } from '../shared/api-error.ts';
import { LoadFailure, LoadingPage } from '../shared/LoadStates.tsx';
import screen from '../shared/screen.module.css';
import table from '../shared/table.module.css';
import styles from './AdminContest.module.css';
import { ADMIN_TIME } from '../shared/admin-time.ts';
import { TableScroll } from '../shared/TableScroll.tsx';

const CONTEST_KEY = ['admin', 'contest'] as const;

export function adminContestQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: CONTEST_KEY,
    queryFn: () => api.call(adminContest),
  });
}

/** `2026-10` as the reader says it: "October 2026" / "październik 2026". */
function useMonthName() {
  const intl = useIntl();
  return (month: string) => {
    const [year, number] = month.split('-').map(Number) as [number, number];
    return intl.formatDate(Date.UTC(year, number - 1, 15), {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
  };
}

function BrandCell({ name, imageUrl }: { name: string; imageUrl: string }) {
  return (
    <span className={styles.brand}>
      <BrandLogo className={styles.logo} src={imageUrl} name={name} size={24} />
      {name}
    </span>
  );
}

function StandingsTable({ month, standings }: { month: string; standings: Standing[] }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `adminContest.${id}` }, values);
  const caption = t('standings', { month });
  return (
    <section aria-label={caption}>
      <h3>{caption}</h3>
      {standings.length === 0 ? (
        <p className={screen.muted}>{t('noVotes')}</p>
      ) : (
        <TableScroll label={caption}>
          <table className={table.table}>
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t('rank')}</th>
                <th scope="col">{t('brand')}</th>
                <th scope="col" className={styles.number}>
                  {t('votes')}
                </th>
              </tr>
            </thead>
            <tbody>
              {standings.map((row) => (
                <tr key={row.brand_id}>
                  <td>{intl.formatNumber(row.rank)}</td>
                  <td>
                    <BrandCell name={row.name} imageUrl={row.image_url} />
                  </td>
                  <td className={styles.number}>{intl.formatNumber(row.votes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

function HistoryTable({ winners }: { winners: ClosedMonth[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `adminContest.${id}` });
  const monthName = useMonthName();
  return (
    <section aria-label={t('history')}>
      <h3>{t('history')}</h3>
      {winners.length === 0 ? (
        <p className={screen.muted}>{t('noHistory')}</p>
      ) : (
        <TableScroll label={t('history')}>
          <table className={table.table}>
            <caption className="visually-hidden">{t('history')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('month')}</th>
                <th scope="col">{t('brand')}</th>
                <th scope="col" className={styles.number}>
                  {t('votes')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('prize')}
                </th>
                <th scope="col">{t('owner')}</th>
                <th scope="col">{t('closedAt')}</th>
              </tr>
            </thead>
            <tbody>
              {winners.map((row) => (
                <tr key={row.month}>
                  <th scope="row">{monthName(row.month)}</th>
                  <td>
                    <BrandCell name={row.name} imageUrl={row.image_url} />
                  </td>
                  <td className={styles.number}>{intl.formatNumber(row.votes)}</td>
                  <td className={styles.number}>{intl.formatNumber(row.prize)}</td>
                  <td>{row.owner_email ?? <Badge>{t('noOwner')}</Badge>}</td>
                  <td>
                    {intl.formatDate(row.closed_at, { ...ADMIN_TIME, timeZone: CONTEST_TIME_ZONE })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

/**
 * The console's contest section (/admin/contest): the running month's standings, the months
 * still to close (each closes once, whoever is first: this button or the scheduled job), and the
 * winners so far.
 */
export function AdminContestScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `adminContest.${id}` }, values);
  const monthName = useMonthName();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const contest = useQuery(adminContestQueryOptions(api));
  const [confirming, setConfirming] = useState<string | null>(null);

  const close = useMutation({
    mutationFn: (month: string) => api.call(closeContestMonth, { body: { month } }),
    onSuccess: ({ winner, closed_now }) => {
      const values = {
        month: monthName(winner.month),
        name: winner.name,
        votes: winner.votes,
      };
      if (closed_now) toast.success(t('closed', values));
      else toast.warning(t('alreadyClosed', values));
    },
    onError: (error, month) => {
      toast.danger(apiErrorText(error, intl, { month: monthName(month) }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CONTEST_KEY }),
  });

  let body;
  if (contest.isPending) {
    body = <LoadingPage label={t('loading')} />;
  } else if (contest.isError) {
    body = <LoadFailure error={contest.error} onRetry={() => void contest.refetch()} />;
  } else {
    const { month, standings, winners, open_months } = contest.data;
    body = (
      <>
        <section aria-label={t('toClose')}>
          <h3>{t('toClose')}</h3>
          {open_months.length === 0 ? (
            <p className={screen.muted}>{t('noneToClose')}</p>
          ) : (
            <ul className={styles.open}>
              {open_months.map((open) => (
                <li key={open}>
                  <Button
                    variant="secondary"
                    busy={close.isPending && close.variables === open}
                    onClick={() => setConfirming(open)}
                  >
                    {t('close', { month: monthName(open) })}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <StandingsTable month={monthName(month)} standings={standings} />
        <HistoryTable winners={winners} />
      </>
    );
  }

  return (
    <Card title={t('heading')}>
      <p className={screen.muted}>{t('intro', { prize: CONTEST_PRIZE_BRND })}</p>
      {body}
      <Modal
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={t('closeTitle', { month: confirming ? monthName(confirming) : '' })}
        description={t('closeText', {
          month: confirming ? monthName(confirming) : '',
          prize: CONTEST_PRIZE_BRND,
        })}
        footer={
          <div className={styles.dialogActions}>
            <Button variant="ghost" onClick={() => setConfirming(null)}>
              {t('cancel')}
            </Button>
            <Button
              onClick={() => {
                if (confirming) close.mutate(confirming);
                setConfirming(null);
              }}
            >
              {t('confirmClose')}
            </Button>
          </div>
        }
      />
    </Card>
  );
}
