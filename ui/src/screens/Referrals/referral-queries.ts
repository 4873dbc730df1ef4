import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { createReferral, editReferral, referrals } from '@brnd/contracts/api/referrals';
import type { ApiClient } from '@brnd/contracts/api/client';
import type { EndpointBody } from '@brnd/contracts/api/endpoint';
import { useApiClient } from '../../api.tsx';

export function referralsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['referrals'],
    queryFn: async () => (await api.call(referrals)).orders.rows,
  });
}

export function useEditReferralMutation() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof editReferral>) => api.call(editReferral, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['referrals'] }),
  });
}

export function useCreateReferralMutation() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof createReferral>) => api.call(createReferral, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['referrals'] }),
  });
}
