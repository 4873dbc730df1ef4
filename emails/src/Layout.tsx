import type { ReactNode } from 'react';
import {
  Body,
  Button,
  Container,
  Head,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { MailIntl } from './intl.ts';
import { colors, darkModeCss, fontFamily } from './theme.ts';

/** The frame of every mail: the BRND name, a card with the message, the team's signature. */
export function MailLayout({
  intl,
  preview,
  children,
}: {
  intl: MailIntl;
  /** The line inboxes show after the subject. */
  preview: string;
  children: ReactNode;
}) {
  return (
    <Html lang={intl.locale} dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{darkModeCss}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body
        className="mail-body"
        style={{ backgroundColor: colors.background, fontFamily, margin: 0, padding: '24px 8px' }}
      >
        <Container style={{ maxWidth: '560px', width: '100%' }}>
          <Text
            className="mail-text"
            style={{
              color: colors.primary,
              fontSize: '24px',
              fontWeight: 700,
              letterSpacing: '0.04em',
              margin: '0 0 16px',
            }}
          >
            {intl.formatMessage({ id: 'email.layout.brand' })}
          </Text>
          <Section
            className="mail-card"
            style={{
              backgroundColor: colors.surface,
              border: `1px solid ${colors.border}`,
              borderRadius: '12px',
              padding: '32px',
            }}
          >
            {children}
            <Text className="mail-text" style={paragraph}>
              {intl.formatMessage({ id: 'email.layout.team' })}
            </Text>
          </Section>
          <Text
            className="mail-muted"
            style={{ color: colors.muted, fontSize: '12px', lineHeight: '18px', margin: '16px 0' }}
          >
            {intl.formatMessage({ id: 'email.layout.footer' })}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

const paragraph = {
  color: colors.text,
  fontSize: '16px',
  lineHeight: '24px',
  margin: '0 0 16px',
} as const;

export function Paragraph({ children }: { children: ReactNode }) {
  return (
    <Text className="mail-text" style={paragraph}>
      {children}
    </Text>
  );
}

/** The reason operators gave, set apart so it is read as their words. */
export function Note({ children }: { children: ReactNode }) {
  return (
    <Text
      className="mail-note"
      style={{
        ...paragraph,
        backgroundColor: colors.dangerSoft,
        borderRadius: '8px',
        padding: '12px 16px',
      }}
    >
      {children}
    </Text>
  );
}

/** The one thing to do, as a button, with the address spelled out for clients without one. */
export function Action({ intl, href, label }: { intl: MailIntl; href: string; label: string }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Button
        className="mail-button"
        href={href}
        style={{
          backgroundColor: colors.primary,
          borderRadius: '8px',
          color: colors.onPrimary,
          fontSize: '16px',
          fontWeight: 600,
          padding: '12px 24px',
          textDecoration: 'none',
        }}
      >
        {label}
      </Button>
      <Text
        className="mail-muted mail-fallback"
        style={{ color: colors.muted, fontSize: '13px', lineHeight: '20px', margin: '16px 0 0' }}
      >
        {intl.formatMessage({ id: 'email.layout.linkFallback' })}{' '}
        <Link
          className="mail-link"
          href={href}
          style={{ color: colors.link, textDecorationLine: 'underline', wordBreak: 'break-all' }}
        >
          {href}
        </Link>
      </Text>
      <Hr style={{ borderColor: colors.border, margin: '24px 0 0' }} />
    </Section>
  );
}
