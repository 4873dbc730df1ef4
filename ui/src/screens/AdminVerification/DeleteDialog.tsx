import { useIntl } from 'react-intl';
import { Button } from '../../components/Button/Button.tsx';
import { Modal } from '../../components/Modal/Modal.tsx';

export interface DeleteDialogProps {
  /** The company whose account is deleted; null: closed. */
  target: { name: string } | null;
  onConfirm(): void;
  onCancel(): void;
}

/** Deleting a company's account needs no reason (the terms allow it), only a confirmation. */
export function DeleteDialog({ target, onConfirm, onCancel }: DeleteDialogProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `adminVerification.${id}` }, values);
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={t('deleteTitle', { name: target?.name ?? '' })}
      description={t('deleteText')}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button variant="danger" onClick={onConfirm}>
            {t('confirmDelete')}
          </Button>
        </>
      }
    />
  );
}
