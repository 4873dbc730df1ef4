import { useIntl } from 'react-intl';
import type { Sale } from '@brnd/contracts/api/sale';
import { ProgressBar } from '../../components/ProgressBar/ProgressBar.tsx';
import { activeTier, saleFigures } from './sale-queries.ts';
import styles from './SaleFacts.module.css';
import { TableScroll } from './TableScroll.tsx';

/** 'Tier III · $0.0025 per BRND', or the price that applies when no tier is active. */
export function useTierText(): (sale: Sale) => string {
  const intl = useIntl();
  return (sale) => {
    const tier = activeTier(sale);
    const price = intl.formatNumber(tier?.price ?? sale.price, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 4,
    });
    return tier
      ? intl.formatMessage(
          { id: 'sale.buy.tierValue' },
          { tier: intl.formatMessage({ id: `sale.tierNames.${tier.name}` }), price },
        )
      : intl.formatMessage({ id: 'sale.buy.noTier' }, { price });
  };
}

/** Raised against the goal, as a bar with both figures under it. */
export function SaleProgress({ sale }: { sale: Sale }) {
  const intl = useIntl();
  const figures = saleFigures(sale);
  const tier = activeTier(sale);
  // The figures read side by side share one form: whole dollars when all of them are whole
  // ("$480,000" of "$1,000,000"), cents on all when one has cents, never "$480,000.00" of "$1,000,000".
  const whole = [figures.raised, figures.inActiveTier, sale.goal].every(Number.isInteger);
  const usd = (amount: number) =>
    intl.formatNumber(amount, {
      style: 'currency',
      currency: 'USD',
      ...(whole ? { maximumFractionDigits: 0 } : { minimumFractionDigits: 2 }),
    });
  const raised = usd(figures.raised);
  const goal = usd(sale.goal);
  const text = intl.formatMessage({ id: 'sale.progress.of' }, { raised, goal });
  return (
    <div className={styles.progress}>
      <ProgressBar
        value={Math.min(figures.raised, sale.goal)}
        max={sale.goal}
        label={intl.formatMessage({ id: 'sale.progress.label' })}
        valueText={text}
      />
      <p className={styles.figures}>
        <span>{intl.formatMessage({ id: 'sale.progress.raised' }, { raised })}</span>
        <span>{intl.formatMessage({ id: 'sale.progress.goal' }, { goal })}</span>
      </p>
      {tier && (
        <p className={styles.tierFigures}>
          {figures.soldOut.length > 0 &&
            intl.formatMessage(
              { id: 'sale.progress.soldOut' },
              {
                tiers: intl.formatList(
                  figures.soldOut.map((closed) =>
                    intl.formatMessage({ id: `sale.tierNames.${closed.name}` }),
                  ),
                ),
              },
            )}{' '}
          {intl.formatMessage(
            { id: 'sale.progress.inTier' },
            {
              tier: intl.formatMessage({ id: `sale.tierNames.${tier.name}` }),
              raised: usd(figures.inActiveTier),
            },
          )}
        </p>
      )}
    </div>
  );
}

/** The five tiers: tokens, price and total, the active one marked. */
export function TierTable({ sale }: { sale: Sale }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <>
      {/* The caption is read with the table, but shown above its scroll box: inside it, a line
          as wide as the table was cut off at a phone's edge. */}
      <p className={styles.caption} aria-hidden="true">
        {t('sale.tiers.caption')}
      </p>
      <TableScroll label={t('sale.tiers.caption')} className={styles.scroll}>
        <table className={styles.table}>
          <caption className="visually-hidden">{t('sale.tiers.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('sale.tiers.tier')}</th>
              <th scope="col">{t('sale.tiers.tokens')}</th>
              <th scope="col">{t('sale.tiers.price')}</th>
              <th scope="col">{t('sale.tiers.total')}</th>
            </tr>
          </thead>
          <tbody>
            {sale.tiers.map((tier) => (
              <tr key={tier.id} className={tier.active ? styles.active : undefined}>
                <th scope="row">
                  {intl.formatMessage({ id: `sale.tierNames.${tier.name}` })}
                  {tier.active && <span className={styles.badge}>{t('sale.tiers.active')}</span>}
                </th>
                <td>{intl.formatNumber(tier.tokens)}</td>
                <td>
                  {intl.formatNumber(tier.price, {
                    style: 'currency',
                    currency: 'USD',
                    minimumFractionDigits: 4,
                  })}
                </td>
                <td>
                  {intl.formatNumber(tier.total, {
                    style: 'currency',
                    currency: 'USD',
                    maximumFractionDigits: 0,
                  })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}

/** Pre ICO … Soft Cap with their months; active stages are marked in words, not colour only. */
export function StageList({ sale }: { sale: Sale }) {
  const intl = useIntl();
  return (
    <ol className={styles.stages}>
      {sale.stages.map((stage) => {
        const [year, month] = stage.month.split('-').map(Number);
        const when = intl.formatDate(Date.UTC(year ?? 1970, (month ?? 1) - 1, 1), {
          month: 'long',
          year: 'numeric',
          timeZone: 'UTC',
        });
        return (
          <li key={stage.name} className={stage.active ? styles.stageActive : styles.stage}>
            <span className={styles.stageName}>
              {intl.formatMessage({ id: `sale.stages.${stage.name}` })}
            </span>
            <span>{when}</span>
            <span className={styles.stageState}>
              {intl.formatMessage({
                id: stage.active ? 'sale.stages.active' : 'sale.stages.upcoming',
              })}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
