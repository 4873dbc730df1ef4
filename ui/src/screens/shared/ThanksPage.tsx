import { useIntl } from 'react-intl';
import { ButtonLink } from '../../components/Button/Button.tsx';
import { MessagePage } from './MessagePage.tsx';

/** The spec's success pages: thanks text with BACK TO HOME and CONTACT US. */
export function ThanksPage({ titleId, textId }: { titleId: string; textId: string }) {
  const intl = useIntl();
  return (
    <MessagePage
      title={intl.formatMessage({ id: titleId })}
      actions={
        <>
          <ButtonLink to="/">{intl.formatMessage({ id: 'accounts.common.backHome' })}</ButtonLink>
          <ButtonLink to="/contact" variant="secondary">
            {intl.formatMessage({ id: 'accounts.common.contactUs' })}
          </ButtonLink>
        </>
      }
    >
      <p>{intl.formatMessage({ id: textId })}</p>
    </MessagePage>
  );
}
