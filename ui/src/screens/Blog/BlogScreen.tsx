import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import {
  BLOG_FIRST_PAGE_SIZE,
  BLOG_LOAD_MORE_DELAY_MS,
  BLOG_PAGE_SIZE,
} from '@brnd/contracts/domain/constants';
import { useApiClient } from '../../api.tsx';
import { apiErrorText } from '../shared/api-error.ts';
import { blogQueryOptions } from '../shared/blog-queries.ts';
import { BlogView, type BlogState } from './BlogView.tsx';

export function BlogScreen() {
  const intl = useIntl();
  const api = useApiClient();
  const query = useQuery(blogQueryOptions(api));
  const [visible, setVisible] = useState(BLOG_FIRST_PAGE_SIZE);
  const [loadingMore, setLoadingMore] = useState(false);
  const [selectedId, setSelectedId] = useState<string>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const state: BlogState = query.isPending
    ? { status: 'loading' }
    : query.isError
      ? { status: 'error', message: apiErrorText(query.error, intl) }
      : { status: 'ready', articles: query.data.articles };

  return (
    <BlogView
      state={state}
      visible={visible}
      loadingMore={loadingMore}
      selectedId={selectedId}
      onSelect={(id) => {
        setSelectedId(id);
        document.getElementById('blog-article-title')?.scrollIntoView({ block: 'start' });
      }}
      onLoadMore={() => {
        if (loadingMore) return;
        setLoadingMore(true);
        // The spec's deliberate 2-second pause before the next four cards.
        timer.current = setTimeout(() => {
          setVisible((count) => count + BLOG_PAGE_SIZE);
          setLoadingMore(false);
        }, BLOG_LOAD_MORE_DELAY_MS);
      }}
      onRetry={() => void query.refetch()}
    />
  );
}
