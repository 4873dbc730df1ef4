import { useIntl } from 'react-intl';
import { ButtonLink } from '../../components/Button/Button.tsx';
import { MessagePage } from '../shared/MessagePage.tsx';

/** Any path the app does not know. */
export function NotFoundScreen() {
  const intl = useIntl();
  return (
    <MessagePage
      title={intl.formatMessage({ id: 'pages.notFound.title' })}
      actions={<ButtonLink to="/">{intl.formatMessage({ id: 'pages.backHome' })}</ButtonLink>}
    >
      <p>{intl.formatMessage({ id: 'pages.notFound.text' })}</p>
    </MessagePage>
  );
}
