import { ThanksPage } from '../shared/ThanksPage.tsx';

/** /verify without a code: the e-mail address is confirmed. */
export function EmailVerifiedScreen() {
  return <ThanksPage titleId="accounts.emailVerified.title" textId="accounts.emailVerified.text" />;
}
