import { render } from '@react-email/render';
import { pageLanguageOf } from '@brnd/contracts/domain/app-pages';
import type { Locale } from '@brnd/locales/messages';
import { mailIntl } from './intl.ts';
import { templates, type MailKind, type MailProps } from './kinds.ts';
import type { Template } from './template.ts';

export { MAIL_KINDS, type MailKind, type MailProps } from './kinds.ts';

export interface RenderedMail {
  subject: string;
  html: string;
  /** The plain-text part: the same words and every link written out. */
  text: string;
}

/** One e-mail in the recipient's language, as HTML with its plain-text part. */
export async function renderMail<K extends MailKind>(
  kind: K,
  options: { locale: Locale; appUrl: string; props: MailProps<K> },
): Promise<RenderedMail> {
  const intl = mailIntl(options.locale);
  const template = templates[kind] as unknown as Template<MailProps<K>>;
  const props = options.props as MailProps<K> & object;
  const language = pageLanguageOf(options.locale) ?? 'en';
  const element = (
    <template.Body {...props} intl={intl} appUrl={options.appUrl} language={language} />
  );
  const [html, text] = await Promise.all([
    render(element),
    render(element, {
      plainText: true,
      htmlToTextOptions: {
        // The button's line spells its link out already; the HTML's copy-this-address line is
        // for clients that cannot show buttons, which the text part does not need.
        selectors: [
          { selector: 'p.mail-fallback', format: 'skip' },
          { selector: 'img', format: 'skip' },
        ],
      },
    }),
  ]);
  return { subject: template.subject(intl, options.props), html, text: text.trim() };
}
