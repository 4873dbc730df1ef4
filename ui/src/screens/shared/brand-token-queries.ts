import { useRef } from 'react';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  brandConsole,
  bulkGiveTokens,
  checkRedemption,
  claimTokens,
  createOffer,
  endOffer,
  giveTokens,
  issueBrandToken,
  myTokens,
  redeemOffer,
  stakingStatus,
  stakingTransactions,
  tokenHistory,
  transferTokens,
  type BrandToken,
} from '@brnd/contracts/api/brand-tokens';
import type { ApiClient } from '@brnd/contracts/api/client';
import type { EndpointBody } from '@brnd/contracts/api/endpoint';
import { ApiError } from '@brnd/contracts/api/errors';
import { useApiClient } from '../../api.tsx';

/** Every brand-token query starts with this key, so a move refreshes what it touched. */
export const BRAND_TOKENS_KEY = 'brandTokens';

export function brandConsoleQueryOptions(api: ApiClient, brandId: number) {
  return queryOptions({
    queryKey: [BRAND_TOKENS_KEY, 'console', brandId],
    queryFn: () => api.call(brandConsole, { params: { brandId } }),
    // A token still deploying is read again until the chain settles it.
    refetchInterval: (query) =>
      query.state.data?.tokens.some((token) => token.status === 'deploying') ? 3_000 : false,
  });
}

export function myTokensQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [BRAND_TOKENS_KEY, 'mine'],
    queryFn: () => api.call(myTokens),
  });
}

export function tokenHistoryQueryOptions(api: ApiClient, tokenId: string) {
  return queryOptions({
    queryKey: [BRAND_TOKENS_KEY, 'history', tokenId],
    queryFn: async () => (await api.call(tokenHistory, { params: { tokenId } })).moves,
  });
}

export function stakingStatusQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [BRAND_TOKENS_KEY, 'staking'],
    queryFn: () => api.call(stakingStatus),
  });
}

/**
 * One request id per intended action: a retry after a lost answer (network failure, server
 * error) sends the same id, so the server does it once; an answer (success or refusal) ends the
 * action and the next submit is a new one.
 */
/** `initial`: an earlier request's id, to send that request again. */
export function useRequestId(initial?: string) {
  const id = useRef<string>(initial ?? crypto.randomUUID());
  return {
    get current() {
      return id.current;
    },
    settle(error: unknown) {
      const answered = !error || (error instanceof ApiError && error.status < 500);
      if (answered) id.current = crypto.randomUUID();
    },
  };
}

/** A mutation that refreshes every brand-token query once it settles. */
function useTokenMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [BRAND_TOKENS_KEY] }),
  });
}

type WithoutRequestId<T> = Omit<T, 'request_id'>;

/** Mutations that carry a request id take it from `useRequestId` and renew it on an answer. */
function useIdempotentMutation<TBody extends { request_id: string }, TResult>(
  call: (body: TBody) => Promise<TResult>,
  initialRequestId?: string,
) {
  const requestId = useRequestId(initialRequestId);
  const mutation = useTokenMutation((body: WithoutRequestId<TBody>) =>
    call({ ...body, request_id: requestId.current } as TBody).then(
      (result) => {
        requestId.settle(undefined);
        return result;
      },
      (error: unknown) => {
        requestId.settle(error);
        throw error;
      },
    ),
  );
  return mutation;
}

/** `retried`: a token whose deployment failed; its own request is sent again. */
export function useIssueBrandTokenMutation(brandId: number, retried?: BrandToken) {
  const api = useApiClient();
  return useIdempotentMutation(
    (body: EndpointBody<typeof issueBrandToken>) =>
      api.call(issueBrandToken, { params: { brandId }, body }),
    retried?.request_id,
  );
}

export function useGiveTokensMutation(tokenId: string) {
  const api = useApiClient();
  return useIdempotentMutation((body: EndpointBody<typeof giveTokens>) =>
    api.call(giveTokens, { params: { tokenId }, body }),
  );
}

export function useBulkGiveMutation(tokenId: string) {
  const api = useApiClient();
  return useIdempotentMutation((body: EndpointBody<typeof bulkGiveTokens>) =>
    api.call(bulkGiveTokens, { params: { tokenId }, body }),
  );
}

export function useCreateOfferMutation(tokenId: string) {
  const api = useApiClient();
  return useTokenMutation((body: EndpointBody<typeof createOffer>) =>
    api.call(createOffer, { params: { tokenId }, body }),
  );
}

export function useEndOfferMutation() {
  const api = useApiClient();
  return useTokenMutation((offerId: string) => api.call(endOffer, { params: { offerId } }));
}

export function useCheckRedemptionMutation(brandId: number) {
  const api = useApiClient();
  return useTokenMutation((body: EndpointBody<typeof checkRedemption>) =>
    api.call(checkRedemption, { params: { brandId }, body }),
  );
}

export function useTransferTokensMutation(tokenId: string) {
  const api = useApiClient();
  return useIdempotentMutation((body: EndpointBody<typeof transferTokens>) =>
    api.call(transferTokens, { params: { tokenId }, body }),
  );
}

export function useClaimTokensMutation(tokenId: string) {
  const api = useApiClient();
  return useIdempotentMutation((body: EndpointBody<typeof claimTokens>) =>
    api.call(claimTokens, { params: { tokenId }, body }),
  );
}

export function useRedeemOfferMutation() {
  const api = useApiClient();
  const requestIds = useRef(new Map<string, string>());
  return useTokenMutation(async (offerId: string) => {
    // One id per offer until an answer comes: a double click redeems once.
    const requestId = requestIds.current.get(offerId) ?? crypto.randomUUID();
    requestIds.current.set(offerId, requestId);
    try {
      const result = await api.call(redeemOffer, {
        params: { offerId },
        body: { request_id: requestId },
      });
      requestIds.current.delete(offerId);
      return result;
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) requestIds.current.delete(offerId);
      throw error;
    }
  });
}

export function useStakingTransactionsMutation() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof stakingTransactions>) =>
      api.call(stakingTransactions, { body }),
  });
}
