import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { BrandToken, PlanUsage } from '@brnd/contracts/api/brand-tokens';
import { PLAN_LIMITS } from '@brnd/contracts/domain/plans';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { Link } from '../../navigation.tsx';
import { planLimitText } from '../shared/brand-token-errors.ts';
import table from '../shared/table.module.css';
import screen from '../shared/screen.module.css';
import { reachedLimits, type ConsoleData } from './console-data.ts';
import { IssueTokenForm } from './IssueTokenForm.tsx';
import { VolumeChart } from './VolumeChart.tsx';
import styles from './BrandConsole.module.css';
import { TableScroll } from '../shared/TableScroll.tsx';

/** The console's first section: the plan's usage, each token's figures and chart, issuing. */
export function Overview({ data }: { data: ConsoleData }) {
  const tokensRow = data.plan.usage.find((row) => row.limit === 'tokens');
  const mayIssue = !tokensRow || tokensRow.max === null || tokensRow.used < tokensRow.max;
  return (
    <>
      <div className={styles.grid}>
        <PlanCard plan={data.plan} />
        {data.tokens.length === 0 && <IssueTokenForm brandId={data.brand.id} plan={data.plan} />}
      </div>
      {data.tokens.map((token) => (
        <TokenCard key={token.id} token={token} data={data} />
      ))}
      {data.tokens.length > 0 && mayIssue && (
        <IssueTokenForm brandId={data.brand.id} plan={data.plan} another />
      )}
    </>
  );
}

export function PlanCard({ plan }: { plan: PlanUsage }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `brandTokens.${id}` }, values);
  const reached = reachedLimits(plan);
  const planName = t(`plans.${plan.plan}`);
  const rows = [...plan.usage].sort(
    (a, b) => PLAN_LIMITS.indexOf(a.limit) - PLAN_LIMITS.indexOf(b.limit),
  );
  return (
    <Card title={t('plan.name', { plan: planName })}>
      <p className={screen.muted}>{t(`plan.source.${plan.source}`)}</p>
      <TableScroll label={t('plan.name', { plan: planName })}>
        <table className={table.table}>
          <thead>
            <tr>
              <th scope="col">{t('plan.limit')}</th>
              <th scope="col">{t('plan.usage')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.limit}>
                <th scope="row">{t(`limitNames.${row.limit}`)}</th>
                <td>
                  {row.max === null
                    ? t('plan.unlimited', { used: row.used })
                    : t('plan.used', { used: row.used, max: row.max })}
                  {reached.includes(row) && (
                    <span className={styles.full}> ({t('plan.full')})</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {reached.length > 0 && (
        <div className={styles.limitNotes}>
          {reached.map((row) => (
            // At the limit, not beyond it: a note of what the plan allows, not a refusal.
            <Alert key={row.limit} variant="info">
              {planLimitText(intl, row.limit, plan.plan, row.max ?? 0, 'brandTokens.plan.atLimit')}
            </Alert>
          ))}
        </div>
      )}
      <p className={styles.compare}>
        <Link to="/pricing">{t('plan.compare')}</Link>
      </p>
    </Card>
  );
}

function TokenCard({ token, data }: { token: BrandToken; data: ConsoleData }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `brandTokens.${id}` }, values);
  const stats = data.stats.find((entry) => entry.token_id === token.id);
  const today = stats?.daily.at(-1)?.given ?? 0;
  const [retrying, setRetrying] = useState(false);
  const number = (value: number) => intl.formatNumber(value);
  return (
    <Card title={t('token.heading', { name: token.name, ticker: token.ticker })}>
      {token.status === 'deploying' && (
        <Alert variant="info">{t('issue.deploying', { ticker: token.ticker })}</Alert>
      )}
      {token.status === 'failed' && (
        <>
          <Alert variant="danger">{t('issue.failed', { ticker: token.ticker })}</Alert>
          {retrying ? (
            <IssueTokenForm brandId={data.brand.id} plan={data.plan} initial={token} />
          ) : (
            <div className={screen.actions}>
              <Button onClick={() => setRetrying(true)}>{t('issue.submit')}</Button>
            </div>
          )}
        </>
      )}
      <dl className={styles.figures}>
        <div>
          <dt>{t('stats.holders')}</dt>
          <dd>{number(stats?.holders ?? 0)}</dd>
        </div>
        <div>
          <dt>{t('stats.issued')}</dt>
          <dd>{number(stats?.issued ?? 0)}</dd>
        </div>
        <div>
          <dt>{t('stats.redeemed')}</dt>
          <dd>{number(stats?.redeemed ?? 0)}</dd>
        </div>
        <div>
          <dt>{t('stats.today')}</dt>
          <dd>{number(today)}</dd>
        </div>
        <div>
          <dt>{t('token.cap')}</dt>
          <dd>{token.cap === null ? t('token.noCap') : number(token.cap)}</dd>
        </div>
      </dl>
      <p className={screen.muted}>
        {t(`token.status.${token.status}`)}
        {token.address && (
          <>
            {' · '}
            {t('token.contract')}: <span className={styles.mono}>{token.address}</span>
          </>
        )}
      </p>
      {stats && (
        <>
          <h3>{t('chart.title', { days: stats.daily.length })}</h3>
          <VolumeChart daily={stats.daily} />
        </>
      )}
    </Card>
  );
}
