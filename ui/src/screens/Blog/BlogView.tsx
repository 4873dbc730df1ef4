import { useIntl } from 'react-intl';
import type { Article } from '@brnd/contracts/api/blog';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { cx } from '../../components/class-names.ts';
import { cardTitle } from '../shared/blog-text.ts';
import styles from './BlogView.module.css';

export type BlogState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; articles: Article[] };

export interface BlogViewProps {
  state: BlogState;
  /** How many cards are shown (3 at first, 4 more per load). */
  visible: number;
  loadingMore?: boolean;
  selectedId?: string;
  onSelect(id: string): void;
  onLoadMore(): void;
  onRetry(): void;
}

function ArticleMeta({ article }: { article: Article }) {
  const intl = useIntl();
  return (
    <p className={styles.meta}>
      {article.creator &&
        `${intl.formatMessage({ id: 'blog.by' }, { creator: article.creator })} · `}
      <time dateTime={article.pubDate}>
        {intl.formatDate(article.pubDate, { dateStyle: 'long' })}
      </time>
    </p>
  );
}

export function BlogView({
  state,
  visible,
  loadingMore = false,
  selectedId,
  onSelect,
  onLoadMore,
  onRetry,
}: BlogViewProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });

  let body;
  if (state.status === 'loading') {
    body = (
      <div className={cx(styles.state, styles.loading)}>
        <Spinner size="large" label={t('blog.loading')} />
      </div>
    );
  } else if (state.status === 'error') {
    body = (
      <div className={styles.state}>
        <Alert variant="danger">{state.message}</Alert>
        <Button className={styles.more} variant="secondary" onClick={onRetry}>
          {t('blog.retry')}
        </Button>
      </div>
    );
  } else if (state.articles.length === 0) {
    body = <p className={styles.state}>{t('blog.empty')}</p>;
  } else {
    const shown = state.articles.slice(0, visible);
    const selected =
      state.articles.find((article) => article.id === selectedId) ?? state.articles[0]!;
    body = (
      <div className={styles.layout}>
        <nav aria-label={t('blog.articles')}>
          <ul className={styles.list}>
            {shown.map((article) => (
              <li key={article.id}>
                <button
                  type="button"
                  className={styles.card}
                  aria-current={article.id === selected.id ? 'true' : undefined}
                  title={article.title}
                  onClick={() => onSelect(article.id)}
                >
                  <span className={styles.cardTitle}>{cardTitle(article.title)}</span>
                  <ArticleMeta article={article} />
                </button>
              </li>
            ))}
          </ul>
          {shown.length < state.articles.length && (
            <Button
              className={styles.more}
              variant="secondary"
              fullWidth
              busy={loadingMore}
              onClick={onLoadMore}
            >
              {t('blog.loadMore')}
            </Button>
          )}
        </nav>
        <article className={styles.article} aria-labelledby="blog-article-title">
          <h2 id="blog-article-title">{selected.title}</h2>
          <ArticleMeta article={selected} />
          {/* The bff sanitises every article against an allow-list before it leaves the server. */}
          <div className={styles.body} dangerouslySetInnerHTML={{ __html: selected.content }} />
          {selected.link && (
            <p>
              <a href={selected.link} rel="noopener noreferrer">
                {t('blog.original')}
              </a>
            </p>
          )}
        </article>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <h1>{t('blog.title')}</h1>
      <p className={styles.lead}>{t('blog.lead')}</p>
      {body}
    </div>
  );
}
