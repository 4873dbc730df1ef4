import { useIntl } from 'react-intl';
import type { Referral } from '@brnd/contracts/api/referrals';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { useReferralLink } from '../shared/referral-link.ts';
import { useApiErrorToast } from '../shared/use-api-error-toast.ts';
import { useRemoveReferralMutation } from './referral-queries.ts';

export type RemoveAction = 'archive' | 'delete';

/**
 * Asks before archiving or deleting a link, saying what each does to it (decision 064). Deleting
 * cannot be undone; archiving keeps the link and its figures.
 */
export function RemoveDialog({
  referral,
  action,
  onClose,
}: {
  referral: Referral;
  action: RemoveAction;
  onClose(): void;
}) {
  const intl = useIntl();
  const toast = useToast();
  const showError = useApiErrorToast();
  const referralLink = useReferralLink();
  const mutation = useRemoveReferralMutation(action);
  const t = (id: string) => intl.formatMessage({ id: `referrals.${id}` });
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(`${action}Title`)}
      confirmLabel={t(`${action}Confirm`)}
      irreversible={action === 'delete'}
      busy={mutation.isPending}
      onConfirm={() =>
        mutation.mutate(referral.code, {
          onSuccess: () => {
            toast.success(t(action === 'archive' ? 'archived' : 'deleted'));
            onClose();
          },
          onError: (error) => {
            showError(error);
            onClose();
          },
        })
      }
    >
      <p>{referralLink(referral.code)}</p>
      <p>{t(`${action}Text`)}</p>
    </ConfirmDialog>
  );
}
