import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ButtonLink } from '../../components/Button/Button.tsx';
import { MessagePage } from '../shared/MessagePage.tsx';
import { LOCAL_EMAIL, readStored } from '../shared/storage.ts';

/** After sign-up: the e-mail with the verification link is on its way. */
export function ConfirmEmailScreen() {
  const intl = useIntl();
  const [email] = useState(() => readStored('local', LOCAL_EMAIL));
  return (
    <MessagePage
      title={intl.formatMessage({ id: 'accounts.confirmEmail.title' })}
      actions={
        <ButtonLink to="/">{intl.formatMessage({ id: 'accounts.common.backHome' })}</ButtonLink>
      }
    >
      <p>
        {email
          ? intl.formatMessage(
              { id: 'accounts.confirmEmail.sentTo' },
              { email: <strong key="email">{email}</strong> },
            )
          : intl.formatMessage({ id: 'accounts.confirmEmail.sent' })}
      </p>
      <p>{intl.formatMessage({ id: 'accounts.confirmEmail.next' })}</p>
    </MessagePage>
  );
}
