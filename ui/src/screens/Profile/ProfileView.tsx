import { useIntl } from 'react-intl';
import type { User } from '@brnd/contracts/api/accounts';
import { Tabs } from '../../components/Tabs/Tabs.tsx';
import type { FieldErrors } from '../shared/api-error.ts';
import { PasswordForm, type PasswordValues } from './PasswordForm.tsx';
import { PersonalDataForm, type PersonalDataValues } from './PersonalDataForm.tsx';
import styles from './ProfileView.module.css';

export interface ProfileViewProps {
  user: User;
  onSaveProfile(values: PersonalDataValues): void;
  savingProfile?: boolean;
  profileErrors?: FieldErrors;
  onChangePassword(values: PasswordValues): void;
  changingPassword?: boolean;
  passwordErrors?: FieldErrors;
  /** The tab shown first; stories open the Password tab with it. */
  defaultTab?: 'personal' | 'password';
}

export function ProfileView({
  user,
  onSaveProfile,
  savingProfile,
  profileErrors,
  onChangePassword,
  changingPassword,
  passwordErrors,
  defaultTab = 'personal',
}: ProfileViewProps) {
  const intl = useIntl();
  return (
    <section aria-labelledby="profile-title" className={styles.profile}>
      <h2 id="profile-title">{intl.formatMessage({ id: 'profile.title' })}</h2>
      <Tabs
        label={intl.formatMessage({ id: 'profile.title' })}
        defaultValue={defaultTab}
        tabs={[
          {
            value: 'personal',
            label: intl.formatMessage({ id: 'profile.tabs.personal' }),
            content: (
              <PersonalDataForm
                user={user}
                onSubmit={onSaveProfile}
                submitting={savingProfile}
                serverErrors={profileErrors}
              />
            ),
          },
          {
            value: 'password',
            label: intl.formatMessage({ id: 'profile.tabs.password' }),
            content: (
              <PasswordForm
                onSubmit={onChangePassword}
                submitting={changingPassword}
                serverErrors={passwordErrors}
              />
            ),
          },
        ]}
      />
    </section>
  );
}
