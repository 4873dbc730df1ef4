import admin from './admin.json' with { type: 'json' };
import adminContest from './adminContest.json' with { type: 'json' };
import adminVerification from './adminVerification.json' with { type: 'json' };
import finance from './finance.json' with { type: 'json' };
import burns from './burns.json' with { type: 'json' };
import common from './common.json' with { type: 'json' };
import nav from './nav.json' with { type: 'json' };
import footer from './footer.json' with { type: 'json' };
import toast from './toast.json' with { type: 'json' };
import language from './language.json' with { type: 'json' };
import accounts from './accounts.json' with { type: 'json' };
import home from './home.json' with { type: 'json' };
import dashboard from './dashboard.json' with { type: 'json' };
import profile from './profile.json' with { type: 'json' };
import pages from './pages.json' with { type: 'json' };
import email from './email.json' with { type: 'json' };
import sms from './sms.json' with { type: 'json' };
import validation from './validation.json' with { type: 'json' };
import errors from './errors.json' with { type: 'json' };
import legal from './legal.json' with { type: 'json' };
import pricing from './pricing.json' with { type: 'json' };
import faq from './faq.json' with { type: 'json' };
import terms from './terms.json' with { type: 'json' };
import privacy from './privacy.json' with { type: 'json' };
import company from './company.json' with { type: 'json' };
import contact from './contact.json' with { type: 'json' };
import blog from './blog.json' with { type: 'json' };
import wallet from './wallet.json' with { type: 'json' };
import titles from './titles.json' with { type: 'json' };
import transactions from './transactions.json' with { type: 'json' };
import voting from './voting.json' with { type: 'json' };
import brands from './brands.json' with { type: 'json' };
import orders from './orders.json' with { type: 'json' };
import companies from './companies.json' with { type: 'json' };
import uploads from './uploads.json' with { type: 'json' };
import sale from './sale.json' with { type: 'json' };
import referrals from './referrals.json' with { type: 'json' };
import brandTokens from './brandTokens.json' with { type: 'json' };

/** Polish: the same namespaces and keys as English: one file per namespace. */
export default {
  admin,
  adminContest,
  adminVerification,
  finance,
  burns,
  common,
  nav,
  footer,
  toast,
  language,
  accounts,
  home,
  dashboard,
  profile,
  pages,
  email,
  sms,
  validation,
  errors,
  legal,
  pricing,
  faq,
  terms,
  privacy,
  company,
  contact,
  blog,
  wallet,
  titles,
  transactions,
  voting,
  brands,
  orders,
  companies,
  uploads,
  sale,
  referrals,
  brandTokens,
};
