import type { Locale } from '@brnd/locales/messages';
import { mailIntl } from './intl.ts';

/** The SMS the platform sends, with their values; the words live in locales/<lang>/sms.json. */
export interface SmsKinds {
  phoneCode: { code: string };
}

export type SmsKind = keyof SmsKinds;

const ids: Record<SmsKind, string> = { phoneCode: 'sms.code' };

export function smsText<K extends SmsKind>(kind: K, locale: Locale, values: SmsKinds[K]): string {
  return mailIntl(locale).formatMessage({ id: ids[kind] }, { ...values });
}
