import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { revalidateLogic } from '@tanstack/react-form';
import { changeMobile } from '@brnd/contracts/api/accounts';
import { DEFAULT_PHONE_COUNTRY } from '@brnd/contracts/domain/constants';
import { Alert } from '../../components/Alert/Alert.tsx';
import { AuthLayout } from '../../components/AuthLayout/AuthLayout.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Link } from '../../navigation.tsx';
import type { FieldErrors } from '../shared/api-error.ts';
import { useAppForm } from '../shared/app-form.tsx';
import { submitHandler, useServerFieldErrors } from '../shared/forms.ts';
import styles from '../shared/screen.module.css';

export const ConfirmPhoneFormSchema = v.pick(changeMobile.body, ['mobile']);

export interface ConfirmPhoneViewProps {
  /** The number given at sign-up, as the server has it. */
  mobile: string;
  /** /editPhone lets the user change the number; /confirmPhone only shows it. */
  editable: boolean;
  /** The e-mail code that authorises the phone steps; the edit link carries it. */
  code: string;
  onSubmit(mobile: string): void;
  submitting?: boolean;
  serverErrors?: FieldErrors;
  /** A refusal the server explained in its answer, shown as it was given. */
  failure?: string;
}

export function ConfirmPhoneView({
  mobile,
  editable,
  code,
  onSubmit,
  submitting = false,
  serverErrors,
  failure,
}: ConfirmPhoneViewProps) {
  const intl = useIntl();
  const form = useAppForm({
    defaultValues: { mobile },
    validationLogic: revalidateLogic(),
    validators: { onDynamic: ConfirmPhoneFormSchema },
    onSubmit: ({ value }) => onSubmit(v.parse(ConfirmPhoneFormSchema, value).mobile),
  });
  useServerFieldErrors(form, serverErrors);

  return (
    <AuthLayout
      title={intl.formatMessage({
        id: editable ? 'accounts.confirmPhone.editTitle' : 'accounts.confirmPhone.title',
      })}
      subtitle={intl.formatMessage({ id: 'accounts.confirmPhone.intro' })}
    >
      {failure && <Alert variant="danger">{failure}</Alert>}
      <form noValidate className={styles.form} onSubmit={submitHandler(form)}>
        <form.AppField name="mobile">
          {(field) => (
            <field.PhoneField
              label={intl.formatMessage({ id: 'accounts.fields.mobile' })}
              defaultCountry={DEFAULT_PHONE_COUNTRY}
              readOnly={!editable}
              autoComplete="tel"
            />
          )}
        </form.AppField>
        {!editable && (
          <div className={styles.row}>
            <Link to="/editPhone" options={{ search: { edit: '', code } }}>
              {intl.formatMessage({ id: 'accounts.confirmPhone.editNumber' })}
            </Link>
          </div>
        )}
        <Button type="submit" fullWidth busy={submitting}>
          {intl.formatMessage({ id: 'accounts.common.continue' })}
        </Button>
      </form>
    </AuthLayout>
  );
}
