import { useEffect, useState } from 'react';
import type { Locale } from '@brnd/locales/messages';
import { renderMail, type MailKind, type MailProps, type RenderedMail } from './render.tsx';

/** Where the stories' links point: a reviewer sees the app's real paths after it. */
export const PREVIEW_APP_URL = 'https://brnd.example';

/**
 * A mail as its recipient gets it, for Storybook: the subject, the HTML part's body (inline, so
 * the accessibility check reads the mail's own markup) and the plain-text part.
 */
export function MailPreview<K extends MailKind>({
  kind,
  locale,
  props,
}: {
  kind: K;
  locale: Locale;
  props: MailProps<K>;
}) {
  const [mail, setMail] = useState<RenderedMail | null>(null);
  useEffect(() => {
    let current = true;
    void renderMail(kind, { locale, appUrl: PREVIEW_APP_URL, props }).then((rendered) => {
      if (current) setMail(rendered);
    });
    return () => {
      current = false;
    };
  }, [kind, locale, props]);

  if (!mail) return <p role="status">…</p>;
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(mail.html)?.[1] ?? '';
  return (
    <article lang={locale} style={{ maxWidth: 640 }}>
      <h1 style={{ fontSize: 18 }}>{mail.subject}</h1>
      <section aria-label="HTML" dangerouslySetInnerHTML={{ __html: body }} />
      <h2 style={{ fontSize: 16 }}>Text</h2>
      <pre style={{ whiteSpace: 'pre-wrap', fontSize: 14 }}>{mail.text}</pre>
    </article>
  );
}
