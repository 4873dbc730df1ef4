import { useIntl } from 'react-intl';
import type { VerificationItem } from '@brnd/contracts/api/admin-verification';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog.tsx';

export interface ApproveDialogProps {
  /** The request to approve; null: closed. */
  item: VerificationItem | null;
  busy: boolean;
  onConfirm(item: VerificationItem): void;
  onCancel(): void;
}

/**
 * Approving verifies the applicant and tells them by e-mail: it cannot be taken back (only
 * revoked, with a reason). The operator sees, by name, which documents the terms still lack.
 */
export function ApproveDialog({ item, busy, onConfirm, onCancel }: ApproveDialogProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `adminVerification.${id}` }, values);
  const missing = (item?.documents ?? []).filter((document) => !document.held);
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onCancel();
      }}
      title={t('approveConfirm.title', { name: item?.name ?? '' })}
      confirmLabel={t('approveConfirm.action', { name: item?.name ?? '' })}
      busy={busy}
      onConfirm={() => {
        if (item && !busy) onConfirm(item);
      }}
    >
      <p>{t('approveConfirm.text', { name: item?.name ?? '' })}</p>
      {missing.length === 0 ? (
        <p>{t('approveConfirm.allHeld')}</p>
      ) : (
        <>
          <p>
            <strong>{t('approveConfirm.missing', { count: missing.length })}</strong>
          </p>
          <ul>
            {missing.map(({ document }) => (
              <li key={document}>{t(`documents.${document}`)}</li>
            ))}
          </ul>
        </>
      )}
    </ConfirmDialog>
  );
}
