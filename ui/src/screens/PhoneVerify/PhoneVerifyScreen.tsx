import { useState } from 'react';
import { useIntl } from 'react-intl';
import { SMS_RESEND_COOLDOWN_MS } from '@brnd/contracts/domain/constants';
import { isEndpointError } from '@brnd/contracts/api/errors';
import { useMutation } from '@tanstack/react-query';
import { SUCCESS, confirmMobile, resendCode } from '@brnd/contracts/api/accounts';
import type { EndpointBody } from '@brnd/contracts/api/endpoint';
import { useApiClient } from '../../api.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { useNavigation } from '../../navigation.tsx';
import { DeadLinkPage } from '../shared/LoadStates.tsx';
import { LOCAL_MOBILE, readStored } from '../shared/storage.ts';
import { useApiErrorToast } from '../shared/use-api-error-toast.ts';
import { PhoneVerifyView } from './PhoneVerifyView.tsx';

export function useConfirmMobileMutation() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof confirmMobile>) => api.call(confirmMobile, { body }),
  });
}

export function useResendCodeMutation() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof resendCode>) => api.call(resendCode, { body }),
  });
}

export interface PhoneVerifyScreenProps {
  /** The e-mail verification code from the query string; a link without one is dead. */
  code?: string;
}

export function PhoneVerifyScreen({ code }: PhoneVerifyScreenProps) {
  return code ? <PhoneVerify code={code} /> : <DeadLinkPage />;
}

function PhoneVerify({ code }: { code: string }) {
  const intl = useIntl();
  const navigation = useNavigation();
  const toast = useToast();
  const showError = useApiErrorToast();
  const verify = useConfirmMobileMutation();
  const resend = useResendCodeMutation();
  const [resendAvailableAt, setResendAvailableAt] = useState<number>();

  const verificationFailed = () =>
    toast.danger(intl.formatMessage({ id: 'errors.verificationFailed' }));

  return (
    <PhoneVerifyView
      code={code}
      submitting={verify.isPending}
      resending={resend.isPending}
      expired={isEndpointError(verify.error, confirmMobile, 'codeExpired')}
      taken={isEndpointError(verify.error, confirmMobile, 'phoneTaken')}
      resendAvailableAt={resendAvailableAt}
      onSubmit={(smsCode) =>
        verify.mutate(
          { mobile_verification_code: smsCode, verification_code: code },
          {
            onSuccess: (answer) => {
              // The account is confirmed: the registration success page shows its referral link.
              if (answer.message === SUCCESS) {
                navigation.navigate('/success', { search: { indivi_code: answer.referral_code } });
              } else verificationFailed();
            },
            onError: (error) => {
              // A dead code and a taken number are explained on the page, next to the links.
              if (isEndpointError(error, confirmMobile, 'codeExpired')) return;
              if (isEndpointError(error, confirmMobile, 'phoneTaken')) return;
              if (isEndpointError(error, confirmMobile, 'verificationFailed')) verificationFailed();
              else showError(error);
            },
          },
        )
      }
      onResend={() => {
        const mobile = readStored('local', LOCAL_MOBILE);
        resend.mutate(
          { verification_code: code, ...(mobile ? { mobile } : {}) },
          {
            onSuccess: (answer) => {
              if (answer.message !== SUCCESS) {
                toast.danger(answer.message);
                return;
              }
              verify.reset();
              setResendAvailableAt(Date.now() + SMS_RESEND_COOLDOWN_MS);
              toast.success(intl.formatMessage({ id: 'accounts.phoneVerify.resent' }));
            },
            onError: (error) => {
              // Inside the server's cooldown the timer says when to ask again; no toast needed.
              if (isEndpointError(error, resendCode, 'smsCooldown')) {
                setResendAvailableAt(Date.now() + error.body.values.seconds * 1000);
              } else showError(error);
            },
          },
        );
      }}
    />
  );
}
