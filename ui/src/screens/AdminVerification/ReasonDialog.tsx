import { useIntl } from 'react-intl';
import type * as v from 'valibot';
import { revalidateLogic } from '@tanstack/react-form';
import {
  RejectionInputSchema,
  RevocationInputSchema,
} from '@brnd/contracts/api/admin-verification';
import { Button } from '../../components/Button/Button.tsx';
import { Modal } from '../../components/Modal/Modal.tsx';
import type { FieldErrors } from '../shared/api-error.ts';
import { useAppForm } from '../shared/app-form.tsx';
import { submitHandler, useServerFieldErrors } from '../shared/forms.ts';
import styles from './AdminVerification.module.css';

interface ActionTexts {
  schema: v.GenericSchema<{ reason: string }>;
  title: string;
  text: string;
  confirm: string;
}

/** The two decisions the brand reads a reason for, each with its contract rule and texts. */
const ACTIONS = {
  reject: {
    schema: RejectionInputSchema,
    title: 'rejectTitle',
    text: 'rejectText',
    confirm: 'confirmReject',
  },
  revoke: {
    schema: RevocationInputSchema,
    title: 'revokeTitle',
    text: 'revokeText',
    confirm: 'confirmRevoke',
  },
} satisfies Record<string, ActionTexts>;

export type ReasonAction = keyof typeof ACTIONS;

export interface ReasonDialogProps {
  action: ReasonAction;
  /** The request being rejected or revoked; null closes the dialog. */
  target: { name: string; email: string } | null;
  submitting: boolean;
  serverErrors?: FieldErrors;
  onSubmit(reason: string): void;
  onCancel(): void;
}

/**
 * A rejection or a revocation is sent to the brand with its reason, so the reason is required.
 */
export function ReasonDialog({
  action,
  target,
  submitting,
  serverErrors,
  onSubmit,
  onCancel,
}: ReasonDialogProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `adminVerification.${id}` }, values);
  const texts: ActionTexts = ACTIONS[action];
  const form = useAppForm({
    defaultValues: { reason: '' },
    validationLogic: revalidateLogic(),
    validators: { onDynamic: texts.schema },
    onSubmit: ({ value }) => onSubmit(value.reason.trim()),
  });
  useServerFieldErrors(form, serverErrors);

  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) {
          form.reset();
          onCancel();
        }
      }}
      title={t(texts.title, { name: target?.name ?? '' })}
      description={t(texts.text, { email: target?.email ?? '' })}
    >
      <form noValidate onSubmit={submitHandler(form)}>
        <form.AppField name="reason">
          {(field) => (
            <field.TextAreaField label={t('reason')} rows={4} className={styles.reason} />
          )}
        </form.AppField>
        <div className={styles.dialogActions}>
          <Button
            variant="ghost"
            type="button"
            onClick={() => {
              form.reset();
              onCancel();
            }}
          >
            {t('cancel')}
          </Button>
          <Button type="submit" variant="danger" busy={submitting}>
            {t(texts.confirm)}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
