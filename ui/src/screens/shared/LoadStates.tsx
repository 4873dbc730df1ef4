import { useIntl } from 'react-intl';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button, ButtonLink } from '../../components/Button/Button.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { isDeadLink } from './account-queries.ts';
import { apiErrorText } from './api-error.ts';
import { MessagePage } from './MessagePage.tsx';
import styles from './screen.module.css';

/** While a page's data loads: the spinner says what is loading. */
export function LoadingPage({ label }: { label: string }) {
  return (
    <div className={styles.page}>
      <Spinner size="large" label={label} />
    </div>
  );
}

/**
 * A link whose code is missing, unknown, used or expired. Signing in restarts the phone steps
 * with a fresh code, so that is where the user goes.
 */
export function DeadLinkPage({ title }: { title?: string }) {
  const intl = useIntl();
  return (
    <MessagePage
      title={title ?? intl.formatMessage({ id: 'accounts.common.loadFailedTitle' })}
      actions={
        <ButtonLink to="/login">{intl.formatMessage({ id: 'accounts.common.toLogin' })}</ButtonLink>
      }
    >
      <Alert variant="danger">{intl.formatMessage({ id: 'errors.linkInvalid' })}</Alert>
    </MessagePage>
  );
}

/** A page whose data came from a link's code could not load: a dead link, or an outage. */
export function LoadFailure({
  error,
  onRetry,
  title,
}: {
  error: unknown;
  onRetry(): void;
  title?: string;
}) {
  const intl = useIntl();
  if (isDeadLink(error)) return <DeadLinkPage title={title} />;
  return (
    <MessagePage
      title={title ?? intl.formatMessage({ id: 'accounts.common.loadFailedTitle' })}
      actions={
        <Button onClick={onRetry}>{intl.formatMessage({ id: 'accounts.common.tryAgain' })}</Button>
      }
    >
      <Alert variant="danger">{apiErrorText(error, intl)}</Alert>
    </MessagePage>
  );
}
