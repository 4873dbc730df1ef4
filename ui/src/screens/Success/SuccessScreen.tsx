import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { COPIED_MESSAGE_DURATION_MS } from '@brnd/contracts/domain/constants';
import { Button, ButtonLink } from '../../components/Button/Button.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import { MessagePage } from '../shared/MessagePage.tsx';
import styles from './SuccessScreen.module.css';
import { useReferralLink } from '../shared/referral-link.ts';

export interface SuccessScreenProps {
  /** `indivi_code`: the referral code of a new individual account. */
  individualCode?: string;
  /** `brand_code`: the referral code of a new brand account. */
  brandCode?: string;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** After registration: the new account's referral link, ready to copy and share. */
export function SuccessScreen({ individualCode, brandCode }: SuccessScreenProps) {
  const intl = useIntl();
  const code = brandCode || individualCode;
  const referralLink = useReferralLink();
  const [copy, setCopy] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // A person's sign-up ends here with the account ready: signing in is the next step. A brand
  // registered from /newbrandaccount has no login of its own.
  const signsIn = !brandCode;
  const actions = (
    <>
      {signsIn && (
        <ButtonLink to="/login">{intl.formatMessage({ id: 'accounts.common.toLogin' })}</ButtonLink>
      )}
      <ButtonLink to="/" variant={signsIn ? 'secondary' : 'primary'}>
        {intl.formatMessage({ id: 'accounts.common.backHome' })}
      </ButtonLink>
      <ButtonLink to="/contact" variant={signsIn ? 'ghost' : 'secondary'}>
        {intl.formatMessage({ id: 'accounts.common.contactUs' })}
      </ButtonLink>
    </>
  );
  const confirmed = signsIn && <p>{intl.formatMessage({ id: 'accounts.success.confirmed' })}</p>;

  if (!code) {
    return (
      <MessagePage title={intl.formatMessage({ id: 'accounts.success.title' })} actions={actions}>
        {confirmed}
        <p>{intl.formatMessage({ id: 'accounts.success.noCode' })}</p>
      </MessagePage>
    );
  }

  const link = referralLink(code);
  const copyLink = async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
    timer.current = setTimeout(() => setCopy('idle'), COPIED_MESSAGE_DURATION_MS);
  };

  return (
    <MessagePage title={intl.formatMessage({ id: 'accounts.success.title' })} actions={actions}>
      {confirmed}
      <p>
        {intl.formatMessage({
          id: brandCode ? 'accounts.success.brandText' : 'accounts.success.userText',
        })}
      </p>
      <div className={styles.share}>
        <TextField
          label={intl.formatMessage({ id: 'accounts.success.linkLabel' })}
          value={link}
          readOnly
          onFocus={(event) => event.target.select()}
        />
        <Button type="button" variant="secondary" onClick={() => void copyLink()}>
          {intl.formatMessage({ id: 'accounts.success.copy' })}
        </Button>
      </div>
      <p role="status" className={styles.status} data-transient>
        {copy === 'copied' && intl.formatMessage({ id: 'accounts.success.copied' })}
        {copy === 'failed' && intl.formatMessage({ id: 'accounts.success.copyFailed' })}
      </p>
    </MessagePage>
  );
}
