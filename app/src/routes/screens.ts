/**
 * Every routed screen's manifest (decision 054), in one chunk the first page does not wait for
 * (decision 060): the routes hold only a path and a pick of this module; a route's loader imports
 * it before it fetches the screen's code, messages and data. `main.tsx` prefetches it once the
 * first page is up, so a navigation seldom waits for it.
 */
export { addBrandScreen } from '@brnd/ui/manifests/AddBrand';
export { adminBuybacksScreen } from '@brnd/ui/manifests/AdminBuybacks';
export { adminConsoleScreen } from '@brnd/ui/manifests/AdminConsole';
export { adminContestScreen } from '@brnd/ui/manifests/AdminContest';
export { adminNotificationsScreen } from '@brnd/ui/manifests/AdminNotifications';
export { adminOrderScreen, adminOrdersScreen } from '@brnd/ui/manifests/AdminOrders';
export { adminPayoutsScreen } from '@brnd/ui/manifests/AdminPayouts';
export { adminSaleScreen } from '@brnd/ui/manifests/AdminSale';
export { adminVerificationScreen } from '@brnd/ui/manifests/AdminVerification';
export { auditLogScreen } from '@brnd/ui/manifests/AuditLog';
export { blogScreen } from '@brnd/ui/manifests/Blog';
export { brandConsoleScreen } from '@brnd/ui/manifests/BrandConsole';
export { brandDetailScreen } from '@brnd/ui/manifests/BrandDetail';
export { burnsScreen } from '@brnd/ui/manifests/Burns';
export { buySuccessScreen } from '@brnd/ui/manifests/BuySuccess';
export { buyTokenPaymentScreen } from '@brnd/ui/manifests/BuyTokenPayment';
export { buyTokenScreen } from '@brnd/ui/manifests/BuyToken';
export { companyScreen } from '@brnd/ui/manifests/Company';
export { confirmEmailScreen } from '@brnd/ui/manifests/ConfirmEmail';
export { confirmPhoneScreen } from '@brnd/ui/manifests/ConfirmPhone';
export { contactScreen } from '@brnd/ui/manifests/Contact';
export { contactSuccessScreen } from '@brnd/ui/manifests/ContactSuccess';
export { dashboardHomeScreen } from '@brnd/ui/manifests/DashboardHome';
export { dashboardShellScreen } from '@brnd/ui/manifests/DashboardShell';
export { emailVerifiedScreen } from '@brnd/ui/manifests/EmailVerified';
export { faqScreen } from '@brnd/ui/manifests/Faq';
export { forgotPasswordScreen } from '@brnd/ui/manifests/ForgotPassword';
export { icoScreen } from '@brnd/ui/manifests/Ico';
export { loginScreen } from '@brnd/ui/manifests/Login';
export { myBrandsScreen } from '@brnd/ui/manifests/MyBrands';
export { myTokensScreen } from '@brnd/ui/manifests/MyTokens';
export { newBrandAccountScreen } from '@brnd/ui/manifests/NewBrandAccount';
export { phoneVerifyScreen } from '@brnd/ui/manifests/PhoneVerify';
export { pricingScreen } from '@brnd/ui/manifests/Pricing';
export { privacyPolicyScreen } from '@brnd/ui/manifests/PrivacyPolicy';
export { profileScreen } from '@brnd/ui/manifests/Profile';
export { referralLandingScreen } from '@brnd/ui/manifests/ReferralLanding';
export { referralsScreen } from '@brnd/ui/manifests/Referrals';
export { registerScreen } from '@brnd/ui/manifests/Register';
export { resetPasswordScreen } from '@brnd/ui/manifests/ResetPassword';
export { successScreen } from '@brnd/ui/manifests/Success';
export { termsOfServiceScreen } from '@brnd/ui/manifests/TermsOfService';
export { transactionsScreen } from '@brnd/ui/manifests/Transactions';
export { verifyEmailScreen } from '@brnd/ui/manifests/VerifyEmail';
export { votingScreen } from '@brnd/ui/manifests/Voting';
export { walletScreen } from '@brnd/ui/manifests/Wallet';
