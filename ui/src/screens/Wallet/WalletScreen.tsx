import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { claimPayout, updateWallet, walletChallenge } from '@brnd/contracts/api/wallet';
import type { EndpointBody } from '@brnd/contracts/api/endpoint';
import { useApiClient } from '../../api.tsx';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { apiErrorText, serverFieldErrors } from '../shared/api-error.ts';
import { useApiErrorToast } from '../shared/use-api-error-toast.ts';
import { createAttemptKeys } from '../shared/attempt-key.ts';
import type { WalletChallengeView } from './WalletProof.tsx';
import { injectedProvider, signWithProvider } from './wallet-signing.ts';
import { WalletView } from './WalletView.tsx';
import { payoutsQueryOptions, walletQueryOptions } from '../shared/wallet-queries.ts';

export function useUpdateWalletMutation() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof updateWallet>) => api.call(updateWallet, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  });
}

export function useWalletChallengeMutation() {
  const api = useApiClient();
  return useMutation({
    mutationFn: async (body: EndpointBody<typeof walletChallenge>) => ({
      ...(await api.call(walletChallenge, { body })),
      walletAddress: body.walletAddress,
    }),
  });
}

export function useClaimPayoutMutation() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  // One key per payout attempt: a double submit or a retry after a lost answer pays out once.
  const attempts = useRef(createAttemptKeys()).current;
  return useMutation({
    mutationFn: async (body: EndpointBody<typeof claimPayout>) => {
      const answer = await api.call(claimPayout, {
        body,
        headers: { 'idempotency-key': attempts.keyFor(body) },
      });
      attempts.finish();
      return answer;
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['wallet'] });
      await queryClient.invalidateQueries({ queryKey: ['payouts'] });
    },
  });
}

/** The wallet tab of the dashboard. */
export function WalletScreen() {
  const intl = useIntl();
  const api = useApiClient();
  const toast = useToast();
  const showError = useApiErrorToast();
  const walletQuery = useQuery(walletQueryOptions(api));
  const payoutsQuery = useQuery(payoutsQueryOptions(api));
  const ask = useWalletChallengeMutation();
  const save = useUpdateWalletMutation();
  const claim = useClaimPayoutMutation();
  const [challenge, setChallenge] = useState<WalletChallengeView | null>(null);
  const provider = injectedProvider();

  if (walletQuery.isPending || payoutsQuery.isPending) {
    return <Spinner size="large" label={intl.formatMessage({ id: 'common.loading' })} />;
  }
  const error = walletQuery.error ?? payoutsQuery.error;
  if (error || !walletQuery.data || !payoutsQuery.data) {
    return (
      <div>
        <Alert variant="danger">{apiErrorText(error, intl)}</Alert>
        <Button
          onClick={() => {
            void walletQuery.refetch();
            void payoutsQuery.refetch();
          }}
        >
          {intl.formatMessage({ id: 'accounts.common.tryAgain' })}
        </Button>
      </div>
    );
  }
  return (
    <WalletView
      // A saved address re-mounts the form with the stored, checksummed value.
      key={walletQuery.data.walletAddress ?? ''}
      wallet={walletQuery.data}
      payouts={payoutsQuery.data}
      savingAddress={ask.isPending}
      addressErrors={serverFieldErrors(ask.error)}
      onSaveAddress={(values) =>
        ask.mutate(values, {
          onSuccess: (issued) => {
            save.reset();
            setChallenge(issued);
          },
          onError: (failure) => {
            if (!serverFieldErrors(failure)) showError(failure);
          },
        })
      }
      proof={
        challenge
          ? {
              challenge,
              onSignInBrowser: provider
                ? () => signWithProvider(provider, challenge.message, challenge.walletAddress)
                : undefined,
              confirming: save.isPending,
              errors: serverFieldErrors(save.error),
              onCancel: () => setChallenge(null),
              onConfirm: (values) =>
                save.mutate(
                  { ...values, walletAddress: challenge.walletAddress, nonce: challenge.nonce },
                  {
                    onSuccess: () => {
                      setChallenge(null);
                      toast.success(intl.formatMessage({ id: 'wallet.saved' }));
                    },
                    onError: (failure) => {
                      if (!serverFieldErrors(failure)) showError(failure);
                    },
                  },
                ),
            }
          : undefined
      }
      claiming={claim.isPending}
      claimErrors={serverFieldErrors(claim.error)}
      onClaim={(tokens, done) =>
        claim.mutate(
          { brnd_tokens: tokens },
          {
            onSuccess: () => toast.success(intl.formatMessage({ id: 'wallet.claimed' })),
            onError: (failure) => {
              if (!serverFieldErrors(failure)) showError(failure);
            },
            onSettled: done,
          },
        )
      }
    />
  );
}
