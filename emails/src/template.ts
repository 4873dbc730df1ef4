import type { ReactElement } from 'react';
import type { Language } from '@brnd/contracts/domain/constants';
import type { MailIntl } from './intl.ts';

/** What every template is given besides its own values. */
export interface TemplateContext {
  intl: MailIntl;
  /** The app's public origin (APP_URL): links are built from it and the app's route table. */
  appUrl: string;
  /** The recipient's language: every link names it, so the page opens in it (decision 056). */
  language: Language;
}

/** One kind of e-mail: its subject line and its body, both in the recipient's language. */
export interface Template<P> {
  subject(intl: MailIntl, props: P): string;
  Body(props: P & TemplateContext): ReactElement;
}
