import { useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, isEndpointError } from '@brnd/contracts/api/errors';
import { createApiClient } from '@brnd/contracts/api/client';
import { cardProviderInit } from '@brnd/contracts/api/card-provider';
import { buyTokens, kantor } from '@brnd/contracts/api/orders';
import type { Sale } from '@brnd/contracts/api/sale';
import { BUY_TOAST_DURATION_MS } from '@brnd/contracts/domain/constants';
import { useApiClient } from '../../api.tsx';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { useLanguage } from '../../i18n.tsx';
import { useNavigation } from '../../navigation.tsx';
import { useSession } from '../../session.tsx';
import { apiErrorText } from '../shared/api-error.ts';
import { readStored, writeStored } from '../shared/storage.ts';
import { saleQueryOptions } from '../shared/sale-queries.ts';
import { cardRetryWait, type BuySearch } from './buy-form.ts';
import { cardDetailsFromSession, type CardDetails } from './card-details.ts';
import { createAttemptKeys } from '../shared/attempt-key.ts';
import { LOCAL_TOKENS_NUM, SESSION_CARD_ATTEMPT } from '../shared/buy-storage.ts';
import styles from './BuyTokenScreen.module.css';
import { BuyTokenView, type BuyTokenViewProps } from './BuyTokenView.tsx';

export interface BuyTokenScreenProps {
  /** `btc_brands` / `pln_brands` prefill the amount (and choose BTC or the card route). */
  search?: BuySearch;
}

/** /user/buytoken, step 1: choose a method and an amount, then create the order. */
export function BuyTokenScreen({ search = {} }: BuyTokenScreenProps) {
  const intl = useIntl();
  const api = useApiClient();
  const query = useQuery(saleQueryOptions(api));
  if (query.isPending) {
    return <Spinner size="large" label={intl.formatMessage({ id: 'sale.loading' })} />;
  }
  if (query.isError) {
    return (
      <div className={styles.state}>
        <Alert variant="danger">{apiErrorText(query.error, intl)}</Alert>
        <Button variant="secondary" busy={query.isFetching} onClick={() => void query.refetch()}>
          {intl.formatMessage({ id: 'sale.tryAgain' })}
        </Button>
      </div>
    );
  }
  return <BuyTokenOrders sale={query.data} search={search} />;
}

/** The orders the form asks for: a crypto order, or the card provider's two steps. */
function BuyTokenOrders({ sale, search }: { sale: Sale; search: BuySearch }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const api = useApiClient();
  const toast = useToast();
  const navigation = useNavigation();
  const { session } = useSession();
  const { language } = useLanguage();
  // A double click or a retry sends the same order under the same key: one order is made.
  const attempts = useRef(createAttemptKeys()).current;
  const initialCard = useMemo(() => cardDetailsFromSession(session), [session]);

  const cryptoOrder = useMutation({
    mutationFn: (body: { amount: string; selected_payMethod: 'BTC' | 'ETH' }) =>
      api.call(buyTokens, { body, headers: { 'idempotency-key': attempts.keyFor(body) } }),
    onSuccess: (answer) => {
      attempts.finish();
      navigation.navigate(`/user/buytoken/${answer.response.uuid}`);
    },
    onError: (error) => {
      // A refusal the endpoint declares (the sale has ended, a bad amount, too many open orders)
      // is said as such; a provider that is down or an undeclared failure is the spec's
      // 'Error! Please try again later'.
      const providerDown =
        isEndpointError(error, buyTokens, 'gatewayUnavailable') ||
        isEndpointError(error, buyTokens, 'priceUnavailable');
      if (error instanceof ApiError && error.declared && !providerDown) {
        toast.danger(apiErrorText(error, intl));
      } else {
        toast.warning(t('sale.buy.orderFailed'), { durationMs: BUY_TOAST_DURATION_MS });
      }
    },
  });

  const cardOrder = useMutation({
    mutationFn: async ({
      details,
      pln,
      tokens,
    }: {
      details: CardDetails;
      pln: number;
      tokens: number;
    }) => {
      // The provider is a third party on its own origin: it never gets our session token.
      const provider = createApiClient({ baseUrl: sale.cardProviderUrl });
      let init;
      try {
        init = await provider.call(cardProviderInit, {
          body: {
            ...details,
            quotedCurrency: 'PLN',
            baseCurrency: 'BRND',
            cryptoValue: tokens,
            fiatValue: pln,
            pageLang: language,
            transactionType: 'buy',
          },
        });
      } catch {
        throw new CardInitError();
      }
      const record = {
        cashTxHash: init.cashTxHash,
        amount: String(init.quotedCurrencyAmount),
        brnd_tokens: String(init.baseCurrencyAmount),
        tokeneo_response: JSON.stringify(init),
      };
      const recorded = await api.call(kantor, {
        body: record,
        headers: { 'idempotency-key': attempts.keyFor(record) },
      });
      writeStored('local', LOCAL_TOKENS_NUM, String(init.baseCurrencyAmount));
      return recorded.secondStepUrl || init.secondStepUrl;
    },
    onSuccess: (secondStepUrl) => navigation.assign?.(secondStepUrl),
    onError: (error) => {
      if (error instanceof CardInitError) toast.danger(t('errors.cardInitFailed'));
      else toast.danger(apiErrorText(error, intl));
    },
  });

  const buyCard: BuyTokenViewProps['onBuyCard'] = (order) => {
    const lastAttempt = Number(readStored('session', SESSION_CARD_ATTEMPT));
    const now = Date.now();
    if (
      cardRetryWait(
        Number.isFinite(lastAttempt) && lastAttempt > 0 ? lastAttempt : undefined,
        now,
      ) > 0
    ) {
      toast.danger(t('orders.errors.cardRetry'));
      return;
    }
    writeStored('session', SESSION_CARD_ATTEMPT, String(now));
    cardOrder.mutate(order);
  };

  return (
    <BuyTokenView
      sale={sale}
      search={search}
      initialCard={initialCard}
      onChooseIeo={() => navigation.assign?.(sale.ieoUrl)}
      onBuyCrypto={(order) => cryptoOrder.mutate(order)}
      onBuyCard={buyCard}
      busy={cryptoOrder.isPending || cardOrder.isPending}
    />
  );
}

/** The provider refused the initialisation: the spec's 'Your phone number was invalid'. */
class CardInitError extends Error {}
