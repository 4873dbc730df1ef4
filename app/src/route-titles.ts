import type { Language } from '@brnd/contracts/domain/constants';

/**
 * Browser tab titles per page. Kept with the routes because they name routes, not screens; both
 * languages must list every key (the type enforces it).
 */
export type TitleKey =
  | 'home'
  | 'login'
  | 'register'
  | 'confirmEmail'
  | 'verifyEmail'
  | 'emailVerified'
  | 'confirmPhone'
  | 'phoneVerify'
  | 'forgotPassword'
  | 'resetPassword'
  | 'success'
  | 'contactSuccess'
  | 'serverError'
  | 'notFound'
  | 'dashboard'
  | 'profile'
  | 'pricing'
  | 'faq'
  | 'termsOfService'
  | 'privacyPolicy'
  | 'company'
  | 'contact'
  | 'blog';

const TITLES: Record<Language, Record<TitleKey, string>> = {
  en: {
    home: 'Loyalty tokens for brands',
    login: 'Sign in',
    register: 'Sign up',
    confirmEmail: 'Confirm your e-mail',
    verifyEmail: 'Verifying your e-mail',
    emailVerified: 'E-mail confirmed',
    confirmPhone: 'Confirm your mobile number',
    phoneVerify: 'Phone verification',
    forgotPassword: 'Forgot password',
    resetPassword: 'Reset password',
    success: 'Registration complete',
    contactSuccess: 'Thank you',
    serverError: 'Something went wrong',
    notFound: 'Page not found',
    dashboard: 'Dashboard',
    profile: 'Profile',
    pricing: 'Pricing',
    faq: 'FAQ',
    termsOfService: 'Terms of service',
    privacyPolicy: 'Privacy policy',
    company: 'Company',
    contact: 'Contact us',
    blog: 'Blog',
  },
  po: {
    home: 'Tokeny lojalnościowe dla marek',
    login: 'Logowanie',
    register: 'Rejestracja',
    confirmEmail: 'Potwierdź swój e-mail',
    verifyEmail: 'Weryfikujemy Twój e-mail',
    emailVerified: 'E-mail potwierdzony',
    confirmPhone: 'Potwierdź numer telefonu',
    phoneVerify: 'Weryfikacja telefonu',
    forgotPassword: 'Nie pamiętam hasła',
    resetPassword: 'Zmiana hasła',
    success: 'Rejestracja zakończona',
    contactSuccess: 'Dziękujemy',
    serverError: 'Coś poszło nie tak',
    notFound: 'Nie znaleziono strony',
    dashboard: 'Panel',
    profile: 'Profil',
    pricing: 'Cennik',
    faq: 'Najczęstsze pytania',
    termsOfService: 'Regulamin',
    privacyPolicy: 'Polityka prywatności',
    company: 'Firma',
    contact: 'Kontakt',
    blog: 'Blog',
  },
};

export function documentTitle(key: TitleKey, language: Language): string {
  return `${TITLES[language][key]} | BRND`;
}
