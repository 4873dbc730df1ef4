import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Redemption } from '@brnd/contracts/api/brand-tokens';
import { COPIED_MESSAGE_DURATION_MS } from '@brnd/contracts/domain/constants';
import { Button } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import screen from '../shared/screen.module.css';
import table from '../shared/table.module.css';
import styles from './MyTokensScreen.module.css';
import { TableScroll } from '../shared/TableScroll.tsx';
type Translate = (id: string, values?: Record<string, string | number>) => string;

function useT(): Translate {
  const intl = useIntl();
  return (id, values) => intl.formatMessage({ id: `brandTokens.mine.${id}` }, values);
}

/** The code just received, large, with a copy button: the customer shows it at the counter. */
export function RedemptionCode({ redemption }: { redemption: Redemption }) {
  const t = useT();
  const [copy, setCopy] = useState<'copied' | 'failed' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copyCode = async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(redemption.code);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
    timer.current = setTimeout(() => setCopy(null), COPIED_MESSAGE_DURATION_MS);
  };
  return (
    <Card title={t('codeTitle', { offer: redemption.offer.title })}>
      <p>
        <span className="visually-hidden">{t('code')}: </span>
        <strong className={styles.code}>{redemption.code}</strong>
      </p>
      <p>{t('codeHelp', { brand: redemption.offer.brand_name })}</p>
      <div className={screen.actions}>
        <Button variant="secondary" onClick={() => void copyCode()}>
          {t('copy')}
        </Button>
        <span role="status" data-transient>
          {copy === 'copied' && t('copied')}
          {copy === 'failed' && t('copyFailed')}
        </span>
      </div>
    </Card>
  );
}

export function Redemptions({ redemptions }: { redemptions: Redemption[] }) {
  const intl = useIntl();
  const t = useT();
  return (
    <Card title={t('redemptionsTitle')}>
      {redemptions.length === 0 ? (
        <p className={screen.muted}>{t('redemptionsEmpty')}</p>
      ) : (
        <TableScroll label={t('redemptionsTitle')}>
          <table className={table.table}>
            <thead>
              <tr>
                <th scope="col">{t('reward')}</th>
                <th scope="col">{t('code')}</th>
                <th scope="col">{t('status')}</th>
              </tr>
            </thead>
            <tbody>
              {redemptions.map((redemption) => (
                <tr key={redemption.id}>
                  <td>
                    {redemption.offer.title}
                    <span className={screen.muted}> · {redemption.offer.brand_name}</span>
                  </td>
                  <td className={styles.mono}>{redemption.code}</td>
                  <td>
                    {redemption.used_at
                      ? t('used', {
                          date: intl.formatDate(redemption.used_at, { dateStyle: 'medium' }),
                        })
                      : t('unused')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Card>
  );
}
