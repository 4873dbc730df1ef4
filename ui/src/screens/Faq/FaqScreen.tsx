import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import {
  CARD_MIN_PLN,
  CONTEST_PRIZE_BRND,
  REFERRAL_REWARD_BRAND_BRND,
  REFERRAL_REWARD_USER_BRND,
  REFERRAL_SALE_SHARE,
  VOTE_WINDOW_HOURS,
  VOTES_PER_WINDOW,
  type Language,
} from '@brnd/contracts/domain/constants';
import { PREMIUM_STAKE_BRND } from '@brnd/contracts/domain/plans';
import { useLanguage } from '../../i18n.tsx';
import { Link } from '../../navigation.tsx';
import { LegalDocument, NumberedSections } from '../shared/LegalDocument.tsx';

const SHARED_QUESTIONS = [
  'q1',
  'q2',
  'q3',
  'q4',
  'q5',
  'q6',
  'q7',
  'q8',
  'q9',
  'q10',
  'q11',
  'q12',
] as const;

/**
 * The spec's FAQ has 12 questions in English and 13 in Polish. The locale files must hold the
 * same keys, so both carry all 13 questions; which ones a page lists is decided here, per
 * language. The Polish page adds VAT invoices for Polish companies, a question only Polish
 * brands ask.
 */
export const FAQ_QUESTIONS: Record<Language, readonly string[]> = {
  en: SHARED_QUESTIONS,
  po: [...SHARED_QUESTIONS, 'q13'],
};

/** The numbers the answers quote, from the constants the rest of the platform enforces. */
const ANSWER_VALUES = {
  cardMinimum: CARD_MIN_PLN,
  stake: PREMIUM_STAKE_BRND,
  userReward: REFERRAL_REWARD_USER_BRND,
  brandReward: REFERRAL_REWARD_BRAND_BRND,
  saleShare: REFERRAL_SALE_SHARE,
  votes: VOTES_PER_WINDOW,
  hours: VOTE_WINDOW_HOURS,
  prize: CONTEST_PRIZE_BRND,
};

/** /faq: numbered questions with a list of them on top, each linkable (`/faq#q7`). */
export function FaqScreen() {
  const intl = useIntl();
  const { language } = useLanguage();
  return (
    <LegalDocument
      title={intl.formatMessage({ id: 'faq.title' })}
      lead={intl.formatMessage(
        { id: 'faq.lead' },
        { contact: (chunks: ReactNode[]) => <Link to="/contact">{chunks}</Link> },
      )}
    >
      <NumberedSections
        sections={FAQ_QUESTIONS[language].map((id) => ({
          id,
          title: intl.formatMessage({ id: `faq.${id}.question` }),
          content: <p>{intl.formatMessage({ id: `faq.${id}.answer` }, ANSWER_VALUES)}</p>,
        }))}
      />
    </LegalDocument>
  );
}
