import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQuery } from '@tanstack/react-query';
import { newsletter } from '@brnd/contracts/api/content';
import { useApiClient } from '../../api.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { useNavigation } from '../../navigation.tsx';
import { useSession } from '../../session.tsx';
import { apiErrorText } from '../shared/api-error.ts';
import { useSaleEvents } from '../shared/live-updates.ts';
import { saleQueryOptions } from '../shared/sale-queries.ts';
import { useApiErrorToast } from '../shared/use-api-error-toast.ts';
import type { BuySearch } from './ConverterCard.tsx';
import { IcoView } from './IcoView.tsx';

export interface IcoScreenProps {
  /** A referral code from `?code=`: a logged-out buyer registers with it. */
  code?: string;
}

/** /ico: the token sale page. */
export function IcoScreen({ code }: IcoScreenProps) {
  const intl = useIntl();
  const api = useApiClient();
  const query = useQuery(saleQueryOptions(api));
  useSaleEvents();
  const navigation = useNavigation();
  const { session } = useSession();
  const toast = useToast();
  const showError = useApiErrorToast();
  const [email, setEmail] = useState('');
  const subscribe = useMutation({
    mutationFn: (address: string) => api.call(newsletter, { body: { email: address } }),
    onSuccess: () => {
      setEmail('');
      toast.success(intl.formatMessage({ id: 'sale.newsletter.done' }));
    },
    onError: showError,
  });

  const buy = (search: BuySearch) => {
    if (session) {
      navigation.navigate('/user/buytoken', { search });
    } else if (code) {
      navigation.navigate('/register', { search: { code } });
    } else {
      navigation.navigate('/login', { search: { buytoken: '', ...search } });
    }
  };

  return (
    <IcoView
      sale={query.data}
      loading={query.isPending}
      loadError={query.isError ? apiErrorText(query.error, intl) : undefined}
      retrying={query.isFetching}
      onRetry={() => void query.refetch()}
      onBuy={buy}
      onBuyIeo={(ieoUrl) => navigation.assign?.(ieoUrl)}
      newsletter={{
        email,
        onEmailChange: setEmail,
        onSubscribe: (address) => subscribe.mutate(address),
        subscribing: subscribe.isPending,
      }}
    />
  );
}
