import { useIntl } from 'react-intl';
import { Button, ButtonLink } from '../../components/Button/Button.tsx';
import { MessagePage } from '../shared/MessagePage.tsx';

export interface ServerErrorScreenProps {
  /** Tries the failed page again; by default the browser goes back to it. */
  onRetry?(): void;
}

/** /500: where a page goes when the server could not answer it. */
export function ServerErrorScreen({
  onRetry = () => window.history.back(),
}: ServerErrorScreenProps) {
  const intl = useIntl();
  return (
    <MessagePage
      title={intl.formatMessage({ id: 'pages.serverError.title' })}
      actions={
        <>
          <Button onClick={onRetry}>{intl.formatMessage({ id: 'pages.tryAgain' })}</Button>
          <ButtonLink to="/" variant="secondary">
            {intl.formatMessage({ id: 'pages.backHome' })}
          </ButtonLink>
        </>
      }
    >
      <p>{intl.formatMessage({ id: 'pages.serverError.text' })}</p>
    </MessagePage>
  );
}
