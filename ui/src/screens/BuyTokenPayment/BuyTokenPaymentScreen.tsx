import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@brnd/contracts/api/client';
import { isEndpointError } from '@brnd/contracts/api/errors';
import { verifyOrder } from '@brnd/contracts/api/orders';
import { ORDER_CHECK_INTERVAL_MS } from '@brnd/contracts/domain/constants';
import { useApiClient } from '../../api.tsx';
import { writeStored } from '../shared/storage.ts';
import { LOCAL_TOKENS_NUM } from '../shared/buy-storage.ts';
import { isStillOpen, paymentPhase } from './payment-view.ts';
import {
  OrderNotFound,
  OrderUnreachable,
  PaymentClosed,
  PaymentComplete,
  PaymentLoading,
  PaymentPending,
  ReconnectingNotice,
} from './BuyTokenPaymentView.tsx';
import { useOrderEvents } from '../shared/live-updates.ts';

export function orderQueryOptions(api: ApiClient, uuid: string) {
  return queryOptions({
    queryKey: ['order', uuid],
    queryFn: async () => (await api.call(verifyOrder, { params: { uuid } })).response,
    // Checked every 5 s while the order can still be paid; refetchInterval also keeps 5 s
    // between requests, since the next one is scheduled after the previous answer. A failed
    // check is tried again on the same beat (the buyer stays on the page, "reconnecting");
    // only an order that does not exist stops it.
    refetchInterval: (query) => {
      if (isOrderMissing(query.state.error)) return false;
      return query.state.data && !isStillOpen(query.state.data.status)
        ? false
        : ORDER_CHECK_INTERVAL_MS;
    },
    refetchIntervalInBackground: true,
    retry: false,
  });
}

/** Unknown, or another user's (the server answers both alike): "order not found". */
export function isOrderMissing(error: unknown): boolean {
  return isEndpointError(error, verifyOrder, 'notFound');
}

export interface BuyTokenPaymentScreenProps {
  uuid: string;
}

/** /user/buytoken/{uuid}, step 2: pay the crypto order, watched until it is paid or closed. */
export function BuyTokenPaymentScreen({ uuid }: BuyTokenPaymentScreenProps) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  // Pushed while the stream is open; polled every 5 s whenever it is not.
  const live = useOrderEvents(uuid);
  const query = useQuery({
    ...orderQueryOptions(api, uuid),
    ...(live ? { refetchInterval: false as const } : {}),
  });
  const phase = query.data ? paymentPhase(query.data.status) : undefined;
  // A check that failed for any other reason than a missing order: the last answer stays on
  // screen (address, QR, clock) and the next check runs in 5 s.
  const reconnecting = query.isError && !isOrderMissing(query.error);

  const paidTokens = phase === 'paid' ? query.data?.brnd_tokens : undefined;
  useEffect(() => {
    // Paid: the balance, the transactions and the sale's raised amount have all moved.
    if (paidTokens === undefined) return;
    // The tokens of this purchase, for the thank-you page (the spec's local value).
    writeStored('local', LOCAL_TOKENS_NUM, String(paidTokens));
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    void queryClient.invalidateQueries({ queryKey: ['transactions'] });
    void queryClient.invalidateQueries({ queryKey: ['sale'] });
  }, [paidTokens, queryClient]);

  if (isOrderMissing(query.error)) return <OrderNotFound />;
  // Never answered yet: not "loading" for ever, but a page that says the check fails and retries.
  if (!query.data && reconnecting) return <OrderUnreachable onCheck={() => void query.refetch()} />;
  const notice = reconnecting ? <ReconnectingNotice /> : null;
  if (!query.data || phase === 'preparing') {
    return <PaymentLoading notice={notice} preparing={Boolean(query.data)} />;
  }
  const order = query.data;
  if (phase === 'paid') return <PaymentComplete order={order} />;
  if (phase === 'closed') return <PaymentClosed order={order} />;
  return <PaymentPending order={order} notice={notice} />;
}
