import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ButtonLink } from '../../components/Button/Button.tsx';
import { readStored } from '../shared/storage.ts';
import { MessagePage } from '../shared/MessagePage.tsx';
import { LOCAL_TOKENS_NUM } from '../BuyToken/buy-storage.ts';

/**
 * /buysuccess: where the card provider sends the buyer back. The count is the purchase's
 * `tokens_num`, stored when the order was made; they are credited once the provider confirms.
 */
export function BuySuccessScreen() {
  const intl = useIntl();
  const [tokens] = useState(() => {
    const stored = Number(readStored('local', LOCAL_TOKENS_NUM));
    return Number.isFinite(stored) && stored > 0 ? Math.floor(stored) : null;
  });
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
