import { ThanksPage } from '../shared/ThanksPage.tsx';

/** /contactsuccess: where the phone verification and the contact form end. */
export function ContactSuccessScreen() {
  return (
    <ThanksPage titleId="accounts.contactSuccess.title" textId="accounts.contactSuccess.text" />
  );
}
