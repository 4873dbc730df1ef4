import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { Holding, Offer, Redemption } from '@brnd/contracts/api/brand-tokens';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog.tsx';
import { brandTokenErrorText } from '../shared/brand-token-errors.ts';
import { useRedeemOfferMutation } from '../shared/brand-token-queries.ts';
import screen from '../shared/screen.module.css';
import styles from './MyTokensScreen.module.css';

/**
 * The brands' rewards the customer can redeem. Redeeming burns the offer's price in brand tokens,
 * which cannot be undone, so the button opens a confirmation that names the price and the reward.
 */
export function Offers({
  offers,
  holdings,
  onRedeemed,
}: {
  offers: Offer[];
  holdings: Holding[];
  onRedeemed(redemption: Redemption): void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `brandTokens.mine.${id}` }, values);
  const redeem = useRedeemOfferMutation();
  const [failure, setFailure] = useState<{ offerId: string; error: unknown } | null>(null);
  const [confirming, setConfirming] = useState<Offer | null>(null);
  const balance = (tokenId: string) =>
    holdings.find((holding) => holding.token.id === tokenId)?.ledger_balance ?? 0;
  const what = confirming && {
    price: confirming.price,
    ticker: confirming.ticker,
    offer: confirming.title,
    brand: confirming.brand_name,
  };
  return (
    <Card title={t('offersTitle')}>
      {offers.length === 0 ? (
        <p className={screen.muted}>{t('offersEmpty')}</p>
      ) : (
        <ul className={styles.offers}>
          {offers.map((offer) => {
            const missing = offer.price - balance(offer.token_id);
            return (
              <li key={offer.id} className={styles.offer}>
                <div>
                  <strong>{offer.title}</strong>{' '}
                  <span className={screen.muted}>· {offer.brand_name}</span>
                  {offer.description && <p className={screen.muted}>{offer.description}</p>}
                </div>
                <Button
                  onClick={() => {
                    setFailure(null);
                    setConfirming(offer);
                  }}
                  busy={redeem.isPending && redeem.variables === offer.id}
                  disabled={missing > 0 || redeem.isPending}
                >
                  {t('redeem', { price: offer.price, ticker: offer.ticker })}
                </Button>
                {missing > 0 && (
                  <p className={screen.muted}>
                    {t('notEnough', { missing, ticker: offer.ticker })}
                  </p>
                )}
                {failure?.offerId === offer.id && (
                  <Alert variant="danger">{brandTokenErrorText(failure.error, intl)}</Alert>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !redeem.isPending) setConfirming(null);
        }}
        title={what ? t('confirmRedeem.title', what) : ''}
        confirmLabel={what ? t('redeem', what) : ''}
        busy={redeem.isPending}
        onConfirm={() => {
          if (!confirming || redeem.isPending) return;
          const offerId = confirming.id;
          redeem.mutate(offerId, {
            onSuccess: ({ redemption }) => onRedeemed(redemption),
            onError: (error) => setFailure({ offerId, error }),
            onSettled: () => setConfirming(null),
          });
        }}
      >
        {what && <p>{t('confirmRedeem.text', what)}</p>}
      </ConfirmDialog>
    </Card>
  );
}
