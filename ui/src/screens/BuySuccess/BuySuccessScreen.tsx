import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ButtonLink } from '../../components/Button/Button.tsx';
import { readStored } from '../shared/storage.ts';
import { MessagePage } from '../shared/MessagePage.tsx';
import { LOCAL_TOKENS_NUM } from '../shared/buy-storage.ts';

export interface BuySuccessScreenProps {
  /** Whole BRND the provider charged for (its return address carries them). */
  tokens?: string | undefined;
  /** `failed`: the card was not charged. */
  status?: 'paid' | 'failed' | undefined;
}

/**
 * /buysuccess: where the card provider sends the buyer back. The count is what the provider
 * charged for, or else the purchase's `tokens_num` stored when the order was made; both follow
 * the one PLN rule the credit uses (tokensForPln), so the number shown is the number credited
 * once the provider confirms. A failed payment says so and offers to try again.
 */
export function BuySuccessScreen({ tokens: returned, status }: BuySuccessScreenProps) {
  const intl = useIntl();
  const [tokens] = useState(() => {
    const stored = Number(returned ?? readStored('local', LOCAL_TOKENS_NUM));
    return Number.isFinite(stored) && stored > 0 ? Math.floor(stored) : null;
  });
  if (status === 'failed') {
    return (
      <MessagePage
        title={intl.formatMessage({ id: 'sale.success.failedTitle' })}
        actions={
          <>
            <ButtonLink to="/user/buytoken">
              {intl.formatMessage({ id: 'sale.success.tryAgain' })}
            </ButtonLink>
            <ButtonLink variant="secondary" to="/user/transactions">
              {intl.formatMessage({ id: 'sale.success.transactions' })}
            </ButtonLink>
          </>
        }
      >
        <p role="alert">{intl.formatMessage({ id: 'sale.success.failedText' })}</p>
      </MessagePage>
    );
  }
  return (
    <MessagePage
      title={intl.formatMessage({ id: 'sale.success.title' })}
      actions={
        <ButtonLink to="/user/dashboard">
          {intl.formatMessage({ id: 'sale.complete.dashboard' })}
        </ButtonLink>
      }
    >
      <p>
        {tokens === null
          ? intl.formatMessage({ id: 'sale.success.noCount' })
          : intl.formatMessage({ id: 'sale.success.tokens' }, { count: tokens })}
      </p>
      <p>{intl.formatMessage({ id: 'sale.success.text' })}</p>
    </MessagePage>
  );
}
