import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { type Brand } from '@brnd/contracts/api/brand-listings';
import { vote, voteStatus } from '@brnd/contracts/api/brands';
import { isEndpointError } from '@brnd/contracts/api/errors';
import { VOTE_WINDOW_HOURS, VOTES_PER_WINDOW } from '@brnd/contracts/domain/constants';
import { useApiClient } from '../../api.tsx';
import type { VoteState } from '../../components/BrandCard/BrandCard.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { useNavigation, type NavigateOptions } from '../../navigation.tsx';
import { useSession } from '../../session.tsx';
import { apiErrorText } from './api-error.ts';

import { BRANDS_KEY } from './brand-queries.ts';

export { BRANDS_KEY };

type BrandLike = Pick<Brand, 'id' | 'votes' | 'voted' | 'can_vote'>;

/** Applies `change` to the brand rows of every cached brand query (lists and single brands). */
function updateCachedBrands(
  queryClient: QueryClient,
  change: <B extends BrandLike>(brand: B) => B,
): void {
  queryClient.setQueriesData<unknown>({ queryKey: [BRANDS_KEY] }, (data: unknown) => {
    if (Array.isArray(data)) return data.map((row: BrandLike) => change(row));
    if (data && typeof data === 'object' && 'id' in data) return change(data as BrandLike);
    return data;
  });
}

export function voteState(brand: BrandLike): VoteState {
  if (brand.voted === 1) return 'voted';
  if (brand.can_vote === '0') return 'limit';
  return 'can-vote';
}

/** The rule's own numbers of the limit message, for a visitor or until the server answers. */
const RULE_LIMIT_VALUES = { voteLimit: VOTES_PER_WINDOW, timeInHours: VOTE_WINDOW_HOURS };

const VOTE_STATUS_KEY = ['vote-status'];

/**
 * The limit message's numbers as the server states them for this user (the wait until their
 * oldest vote of the window expires); the rule's own numbers for a visitor or until it answers.
 */
export function useVoteLimitValues(): { voteLimit: number; timeInHours: number } {
  const api = useApiClient();
  const { session } = useSession();
  const status = useQuery({
    queryKey: VOTE_STATUS_KEY,
    queryFn: () => api.call(voteStatus),
    enabled: session !== null,
  }).data;
  return status
    ? { voteLimit: status.voteLimit, timeInHours: status.timeInHours }
    : RULE_LIMIT_VALUES;
}

export interface VoteOptions {
  /**
   * Where a logged-out voter comes back to after logging in: the login page's search
   * (`{ voting: '' }` on the voting page, `{ redirect: '/brand/7' }` elsewhere).
   */
  loginSearch: NavigateOptions['search'];
  /** A referral code in the page's query: a logged-out voter registers with it instead. */
  referralCode?: string;
}

/**
 * Voting for a brand from any screen. A visitor without a session is sent to log in (or to
 * register with the referral code they came with). The answer updates every cached list at
 * once: a success puts the brand and the vote window as the server states them; 'already voted'
 * marks the brand voted; the limit marks every brand as out of votes until the next answer says
 * otherwise. Errors are matched by their kind in the endpoint's catalogue (decision 051).
 */
export function useVote({ loginSearch, referralCode }: VoteOptions) {
  const api = useApiClient();
  const intl = useIntl();
  const toast = useToast();
  const queryClient = useQueryClient();
  const navigation = useNavigation();
  const { session } = useSession();

  const sendToLogin = useCallback(() => {
    if (referralCode) navigation.navigate('/register', { search: { code: referralCode } });
    else navigation.navigate('/login', { search: loginSearch });
  }, [navigation, referralCode, loginSearch]);

  const mutation = useMutation({
    mutationFn: (brandId: number) => api.call(vote, { body: { brand_id: brandId } }),
    onSuccess: (answer) => {
      // The answer states the voter's new standing: the brand's and the window's.
      const { brand: voted, status } = answer;
      updateCachedBrands(queryClient, (brand) =>
        brand.id === voted.id ? { ...brand, ...voted } : { ...brand, can_vote: voted.can_vote },
      );
      queryClient.setQueryData(VOTE_STATUS_KEY, status);
      toast.success(intl.formatMessage({ id: 'voting.vote.thanks' }));
      // The favourites and the other lists change order with the new vote.
      void queryClient.invalidateQueries({ queryKey: [BRANDS_KEY], refetchType: 'none' });
    },
    onError: (error, brandId) => {
      if (isEndpointError(error, vote, 'unauthorized')) {
        sendToLogin();
        return;
      }
      if (isEndpointError(error, vote, 'alreadyVoted')) {
        updateCachedBrands(queryClient, (brand) =>
          brand.id === brandId ? { ...brand, voted: 1 } : brand,
        );
        toast.danger(
          `${intl.formatMessage({ id: 'errors.alreadyVoted' })} ${intl.formatMessage({ id: 'voting.vote.invite' })}`,
        );
        return;
      }
      if (isEndpointError(error, vote, 'voteLimit')) {
        updateCachedBrands(queryClient, (brand) => ({ ...brand, can_vote: '0' }));
        void queryClient.invalidateQueries({ queryKey: VOTE_STATUS_KEY });
        toast.danger(intl.formatMessage({ id: 'voting.vote.limitExceeded' }));
        return;
      }
      toast.danger(apiErrorText(error, intl));
    },
  });

  const castVote = useCallback(
    (brandId: number) => {
      if (!session) {
        sendToLogin();
        return;
      }
      mutation.mutate(brandId);
    },
    [session, sendToLogin, mutation],
  );

  return {
    castVote,
    /** The brand whose vote is on its way, to show its button busy. */
    votingFor: mutation.isPending ? mutation.variables : undefined,
  };
}
