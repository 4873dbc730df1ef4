import { useIntl, type IntlShape } from 'react-intl';
import {
  OEM_APP_STAKE_BRND,
  PLAN_FEATURES,
  PLAN_IDS,
  PLAN_LIMITS,
  PLANS,
  PREMIUM_STAKE_BRND,
  UNLIMITED,
  type FeatureSupport,
  type Limit,
  type PlanId,
  type PlanLimit,
} from '@brnd/contracts/domain/plans';
import { ButtonLink } from '../../components/Button/Button.tsx';
import { Tabs } from '../../components/Tabs/Tabs.tsx';
import styles from './PricingScreen.module.css';

/** The spec's tab values for the mobile view. */
export const PLAN_TABS: Record<PlanId, string> = {
  standard: 'stand',
  premium: 'pre',
  enterprise: 'enter',
  agency: 'agency',
};

const FAQ = ['choose', 'staking', 'oem', 'limits'] as const;

/** How each limit reads: a daily volume is per day, caps on supply and counts read "up to". */
const LIMIT_FORMAT: Record<PlanLimit, string> = {
  tokens: 'pricing.values.count',
  users: 'pricing.values.count',
  maxSupply: 'pricing.values.upTo',
  deals: 'pricing.values.upTo',
  giveaways: 'pricing.values.upTo',
  dailyVolume: 'pricing.values.perDay',
};

export function formatLimit(intl: IntlShape, limit: PlanLimit, value: Limit): string {
  if (value === UNLIMITED) return intl.formatMessage({ id: 'pricing.values.unlimited' });
  return intl.formatMessage({ id: LIMIT_FORMAT[limit] }, { value });
}

/** /pricing: the four plans, a table on wide screens and tabs on phones, and the plan FAQ. */
export function PricingScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{t('pricing.title')}</h1>
        <p className={styles.lead}>{t('pricing.lead')}</p>
      </header>

      <div className={styles.wide}>
        <PlanTable />
      </div>
      <div className={styles.narrow}>
        <Tabs
          label={t('pricing.tabsLabel')}
          defaultValue={PLAN_TABS.standard}
          tabs={PLAN_IDS.map((id) => ({
            value: PLAN_TABS[id],
            label: t(`pricing.plans.${id}.name`),
            content: <PlanCard id={id} />,
          }))}
        />
      </div>

      <section className={styles.faq} aria-labelledby="pricing-faq">
        <h2 id="pricing-faq">{t('pricing.faq.title')}</h2>
        {FAQ.map((key) => (
          <details key={key} className={styles.question}>
            <summary>{t(`pricing.faq.${key}.question`)}</summary>
            <p>
              {t(`pricing.faq.${key}.answer`, {
                stake: key === 'oem' ? OEM_APP_STAKE_BRND : PREMIUM_STAKE_BRND,
              })}
            </p>
          </details>
        ))}
      </section>
    </div>
  );
}

function planSummary(intl: IntlShape, id: PlanId) {
  return intl.formatMessage({ id: `pricing.plans.${id}.summary` }, { stake: PREMIUM_STAKE_BRND });
}

function PlanTable() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const columns = PLAN_IDS.length + 1;
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{t('pricing.tableCaption')}</caption>
      <thead>
        <tr>
          <td />
          {PLAN_IDS.map((id) => (
            <th key={id} scope="col" className={styles.planName}>
              {t(`pricing.plans.${id}.name`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">{t('pricing.bestFor')}</th>
          {PLAN_IDS.map((id) => (
            <td key={id} className={styles.summary}>
              {planSummary(intl, id)}
            </td>
          ))}
        </tr>
      </tbody>
      <tbody>
        <tr>
          <th scope="rowgroup" colSpan={columns} className={styles.group}>
            {t('pricing.limitsTitle')}
          </th>
        </tr>
        {PLAN_LIMITS.map((limit) => (
          <tr key={limit}>
            <th scope="row">{t(`pricing.limits.${limit}`)}</th>
            {PLAN_IDS.map((id) => (
              <td key={id}>{formatLimit(intl, limit, PLANS[id].limits[limit])}</td>
            ))}
          </tr>
        ))}
      </tbody>
      <tbody>
        <tr>
          <th scope="rowgroup" colSpan={columns} className={styles.group}>
            {t('pricing.featuresTitle')}
          </th>
        </tr>
        {PLAN_FEATURES.map((feature) => (
          <tr key={feature}>
            <th scope="row">{t(`pricing.features.${feature}`)}</th>
            {PLAN_IDS.map((id) => (
              <td key={id}>
                <Support value={PLANS[id].features[feature]} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td />
          {PLAN_IDS.map((id) => (
            <td key={id}>
              <PlanAction id={id} />
            </td>
          ))}
        </tr>
      </tfoot>
    </table>
  );
}

function PlanCard({ id }: { id: PlanId }) {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: key });
  const plan = PLANS[id];
  return (
    <section className={styles.card} aria-labelledby={`plan-${id}`}>
      <h2 id={`plan-${id}`}>{t(`pricing.plans.${id}.name`)}</h2>
      <p>{planSummary(intl, id)}</p>
      <h3>{t('pricing.limitsTitle')}</h3>
      <dl className={styles.values}>
        {PLAN_LIMITS.map((limit) => (
          <div key={limit}>
            <dt>{t(`pricing.limits.${limit}`)}</dt>
            <dd>{formatLimit(intl, limit, plan.limits[limit])}</dd>
          </div>
        ))}
      </dl>
      <h3>{t('pricing.featuresTitle')}</h3>
      <dl className={styles.values}>
        {PLAN_FEATURES.map((feature) => (
          <div key={feature}>
            <dt>{t(`pricing.features.${feature}`)}</dt>
            <dd>
              <Support value={plan.features[feature]} />
            </dd>
          </div>
        ))}
      </dl>
      <PlanAction id={id} />
    </section>
  );
}

/** Standard and Premium brands sign up themselves; the bigger plans start with a conversation. */
function PlanAction({ id }: { id: PlanId }) {
  const intl = useIntl();
  const plan = intl.formatMessage({ id: `pricing.plans.${id}.name` });
  const selfService = id === 'standard' || id === 'premium';
  return selfService ? (
    <ButtonLink
      to="/register"
      aria-label={intl.formatMessage({ id: 'pricing.cta.applyFor' }, { plan })}
    >
      {intl.formatMessage({ id: 'pricing.cta.apply' })}
    </ButtonLink>
  ) : (
    <ButtonLink
      to="/contact"
      variant="secondary"
      aria-label={intl.formatMessage({ id: 'pricing.cta.contactFor' }, { plan })}
    >
      {intl.formatMessage({ id: 'pricing.cta.contact' })}
    </ButtonLink>
  );
}

/** A check or a cross that says in words what it means. */
function Support({ value }: { value: FeatureSupport }) {
  const intl = useIntl();
  if (value === 'custom') {
    return (
      <span className={styles.support}>
        <Mark included />
        {intl.formatMessage({ id: 'pricing.support.custom' })}
      </span>
    );
  }
  return (
    <span className={styles.support}>
      <Mark included={value} />
      <span className="visually-hidden">
        {intl.formatMessage({
          id: value ? 'pricing.support.included' : 'pricing.support.notIncluded',
        })}
      </span>
    </span>
  );
}

function Mark({ included }: { included: boolean }) {
  return (
    <svg
      className={included ? styles.check : styles.cross}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      {included ? <path d="m5 12.5 4.5 4.5L19 7.5" /> : <path d="M7 7l10 10M17 7 7 17" />}
    </svg>
  );
}
