import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import type { UseMutationResult } from '@tanstack/react-query';
import { ReferralDescriptionSchema, type Referral } from '@brnd/contracts/api/referrals';
import { REFERRAL_TARGETS, type ReferralTarget } from '@brnd/contracts/domain/referrals';
import { Button } from '../../components/Button/Button.tsx';
import { Modal } from '../../components/Modal/Modal.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { serverFieldErrors } from '../shared/api-error.ts';
import { useApiErrorToast } from '../shared/use-api-error-toast.ts';
import { useReferralLink } from '../shared/referral-link.ts';
import styles from './ReferralsScreen.module.css';
import { useCreateReferralMutation, useEditReferralMutation } from './referral-queries.ts';

function descriptionError(description: string): string | undefined {
  const result = v.safeParse(ReferralDescriptionSchema, description);
  return result.success ? undefined : result.issues[0].message;
}

export function EditDialog({ referral, onClose }: { referral: Referral; onClose(): void }) {
  const intl = useIntl();
  const referralLink = useReferralLink();
  return (
    <DescriptionDialog
      formId="referral-edit"
      title={intl.formatMessage({ id: 'referrals.editTitle' })}
      text={referralLink(referral.code)}
      submitLabel={intl.formatMessage({ id: 'referrals.save' })}
      successId="referrals.descriptionUpdated"
      initialDescription={referral.description}
      mutation={useEditReferralMutation()}
      toVariables={(description) => ({ code: referral.code, description })}
      onClose={onClose}
    />
  );
}

export function CreateDialog({ onClose }: { onClose(): void }) {
  const intl = useIntl();
  const [target, setTarget] = useState<ReferralTarget>('register');
  return (
    <DescriptionDialog
      formId="referral-create"
      title={intl.formatMessage({ id: 'referrals.createTitle' })}
      text={intl.formatMessage({ id: 'referrals.createText' })}
      submitLabel={intl.formatMessage({ id: 'referrals.create' })}
      successId="referrals.created"
      initialDescription=""
      mutation={useCreateReferralMutation()}
      toVariables={(description) => ({ description, target })}
      onClose={onClose}
    >
      <fieldset className={styles.targets}>
        <legend>{intl.formatMessage({ id: 'referrals.targetLabel' })}</legend>
        {REFERRAL_TARGETS.map((option) => (
          <label key={option} className={styles.target}>
            <input
              type="radio"
              name="target"
              value={option}
              checked={target === option}
              onChange={() => setTarget(option)}
            />
            {intl.formatMessage({ id: `referrals.targets.${option}` })}
          </label>
        ))}
      </fieldset>
    </DescriptionDialog>
  );
}

interface DescriptionDialogProps<Variables> {
  formId: string;
  title: string;
  text: string;
  submitLabel: string;
  /** The toast shown once saved. */
  successId: string;
  initialDescription: string;
  mutation: UseMutationResult<unknown, Error, Variables>;
  toVariables(description: string): Variables;
  onClose(): void;
  /** Fields after the description. */
  children?: ReactNode;
}

/** A link's description in a modal form: checked here first, then by the server. */
function DescriptionDialog<Variables>({
  formId,
  title,
  text,
  submitLabel,
  successId,
  initialDescription,
  mutation,
  toVariables,
  onClose,
  children,
}: DescriptionDialogProps<Variables>) {
  const intl = useIntl();
  const toast = useToast();
  const showError = useApiErrorToast();
  const [description, setDescription] = useState(initialDescription);
  const [errorId, setErrorId] = useState<string>();
  const fieldError = errorId ?? serverFieldErrors(mutation.error)?.description;

  const submit = () => {
    const invalid = descriptionError(description);
    setErrorId(invalid);
    if (invalid) return;
    mutation.mutate(toVariables(description), {
      onSuccess: () => {
        toast.success(intl.formatMessage({ id: successId }));
        onClose();
      },
      onError: (error) => {
        if (!serverFieldErrors(error)) showError(error);
      },
    });
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={text}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {intl.formatMessage({ id: 'referrals.cancel' })}
          </Button>
          <Button type="submit" form={formId} disabled={mutation.isPending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label={intl.formatMessage({ id: 'referrals.descriptionLabel' })}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          error={fieldError && intl.formatMessage({ id: fieldError })}
        />
        {children}
      </form>
    </Modal>
  );
}
