import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { HOME_LATEST_ARTICLES, REFERRAL_SALE_SHARE } from '@brnd/contracts/domain/constants';
import { useApiClient } from '../../api.tsx';
import { cardText } from '../../components/BrandCard/brand-display.ts';
import { ButtonLink } from '../../components/Button/Button.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { Link } from '../../navigation.tsx';
import biegam from '../../assets/partners/biegam.webp';
import kawaZiarno from '../../assets/partners/kawa-ziarno.webp';
import nordOptyk from '../../assets/partners/nord-optyk.webp';
import pixelForge from '../../assets/partners/pixel-forge.webp';
import zielonyKoszyk from '../../assets/partners/zielony-koszyk.webp';
import { blogQueryOptions } from '../shared/blog-queries.ts';
import { cardTitle } from '../shared/blog-text.ts';
import { HeroVideo } from './HeroVideo.tsx';
import { topVotedQueryOptions } from './home-brands.ts';
import styles from './HomeScreen.module.css';
import { BrandLogo } from '../../components/BrandLogo/BrandLogo.tsx';

const ROLES = ['issue', 'collect', 'buy', 'vote'] as const;
const FEATURES = ['tokens', 'sale', 'voting'] as const;
const AUDIENCES = ['brands', 'customers', 'buyers', 'voters'] as const;
const SCENARIOS = ['coffee', 'sports', 'games'] as const;
/** The buyback's share of subscription profit; customers own every brand token they hold. */
const STATS = [
  { key: 'buyback', value: 0.2 },
  { key: 'referral', value: REFERRAL_SALE_SHARE },
  { key: 'ownership', value: 1 },
] as const;
/** Fictitious partner companies, drawn as our own wordmarks. */
const PARTNERS = [
  { name: 'Kawa Ziarno', logo: kawaZiarno },
  { name: 'Biegam', logo: biegam },
  { name: 'PixelForge', logo: pixelForge },
  { name: 'Nord Optyk', logo: nordOptyk },
  { name: 'Zielony Koszyk', logo: zielonyKoszyk },
] as const;

function TopVoted() {
  const intl = useIntl();
  const api = useApiClient();
  const query = useQuery(topVotedQueryOptions(api));
  if (query.isPending)
    return <Spinner label={intl.formatMessage({ id: 'home.topVoted.loading' })} />;
  const brands = query.data ?? [];
  // A failed listing shows the same honest message as an empty one: there is nothing to rank.
  if (brands.length === 0) {
    return <p className={styles.muted}>{intl.formatMessage({ id: 'home.topVoted.empty' })}</p>;
  }
  return (
    // Scrolls sideways: focusable so keyboard users can scroll it too.
    <ol className={styles.strip} tabIndex={0} aria-labelledby="home-top">
      {brands.map((brand) => (
        <li key={brand.id} className={styles.brand}>
          <BrandLogo src={brand.image_url} name={brand.name} size={48} loading="lazy" />
          <Link to={`/brand/${brand.id}`} title={brand.name}>
            {cardText(brand.name)}
          </Link>
          <span className={styles.muted}>
            {intl.formatMessage({ id: 'home.topVoted.votes' }, { votes: brand.votes ?? 0 })}
          </span>
        </li>
      ))}
    </ol>
  );
}

function LatestArticles() {
  const intl = useIntl();
  const api = useApiClient();
  const query = useQuery(blogQueryOptions(api));
  if (query.isPending) return <Spinner label={intl.formatMessage({ id: 'home.latest.loading' })} />;
  if (query.isError) {
    return <p className={styles.muted}>{intl.formatMessage({ id: 'home.latest.error' })}</p>;
  }
  const articles = query.data.articles.slice(0, HOME_LATEST_ARTICLES);
  if (articles.length === 0) {
    return <p className={styles.muted}>{intl.formatMessage({ id: 'home.latest.empty' })}</p>;
  }
  return (
    <ul className={styles.posts}>
      {articles.map((article) => (
        <li key={article.id}>
          <h3 title={article.title}>{cardTitle(article.title)}</h3>
          <p className={styles.muted}>
            <time dateTime={article.pubDate}>
              {intl.formatDate(article.pubDate, { dateStyle: 'long' })}
            </time>
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The public home page: what BRND is, for whom, the community's brands, and the way in. */
export function HomeScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  // The heading counts the brands it shows: a young contest has fewer than the listing's limit.
  const shown = useQuery(topVotedQueryOptions(useApiClient())).data?.length;
  return (
    <div className={styles.home}>
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={`${styles.inner} ${styles.heroGrid}`}>
          <div>
            <h1 id="home-title" className={styles.title}>
              {t('home.hero.title')}
            </h1>
            <p className={styles.lead}>{t('home.hero.lead')}</p>
            <ButtonLink to="/register">{t('home.applyNow')}</ButtonLink>
          </div>
          <HeroVideo />
        </div>
      </section>

      <section className={styles.section} aria-labelledby="home-what">
        <div className={styles.inner}>
          <h2 id="home-what">{t('home.whatWeDo.title')}</h2>
          <p className={styles.lead}>{t('home.whatWeDo.text')}</p>
          <ul className={styles.roles}>
            {ROLES.map((role) => (
              <li key={role}>{t(`home.whatWeDo.roles.${role}`)}</li>
            ))}
          </ul>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="home-top">
        <div className={styles.inner}>
          <h2 id="home-top">
            {intl.formatMessage(
              { id: 'home.topVoted.title' },
              shown ? { homeTopRated: shown } : undefined,
            )}
          </h2>
          <TopVoted />
        </div>
      </section>

      <section id="howitworks" className={styles.section} aria-labelledby="home-features">
        <div className={styles.inner}>
          <h2 id="home-features">{t('home.features.title')}</h2>
          <ul className={styles.grid}>
            {FEATURES.map((key) => (
              <li key={key} className={styles.card}>
                <h3>{t(`home.features.${key}.title`)}</h3>
                <p>{t(`home.features.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="users" className={styles.section} aria-labelledby="home-users">
        <div className={styles.inner}>
          <h2 id="home-users">{t('home.users.title')}</h2>
          <dl className={styles.audiences}>
            {AUDIENCES.map((key) => (
              <div key={key}>
                <dt>{t(`home.users.${key}.title`)}</dt>
                <dd>{t(`home.users.${key}.text`)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="home-stats">
        <div className={styles.inner}>
          <h2 id="home-stats">{t('home.stats.title')}</h2>
          <dl className={styles.stats}>
            {STATS.map(({ key, value }) => (
              <div key={key}>
                <dt>{t(`home.stats.${key}`)}</dt>
                <dd>{intl.formatNumber(value, { style: 'percent' })}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="home-latest">
        <div className={styles.inner}>
          <h2 id="home-latest">{t('home.latest.title')}</h2>
          <LatestArticles />
          <Link to="/blog">{t('home.latest.all')}</Link>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="home-partners">
        <div className={styles.inner}>
          <h2 id="home-partners">{t('home.partners.title')}</h2>
          <ul className={styles.logos}>
            {PARTNERS.map((partner) => (
              <li key={partner.name}>
                <img src={partner.logo} alt={partner.name} width={160} height={48} loading="lazy" />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="home-scenarios">
        <div className={styles.inner}>
          <h2 id="home-scenarios">{t('home.scenarios.title')}</h2>
          <ul className={styles.grid}>
            {SCENARIOS.map((key) => (
              <li key={key} className={styles.card}>
                <h3>{t(`home.scenarios.${key}.title`)}</h3>
                <p>{t(`home.scenarios.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={styles.join} aria-labelledby="home-join">
        <div className={styles.inner}>
          <h2 id="home-join">{t('home.join.title')}</h2>
          <p>{t('home.join.text')}</p>
          <ButtonLink to="/register">{t('home.applyNow')}</ButtonLink>
        </div>
      </section>
    </div>
  );
}
