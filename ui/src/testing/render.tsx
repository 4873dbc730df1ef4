import '@testing-library/jest-dom/vitest';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { Language } from '@brnd/contracts/domain/constants';
import type { Session } from '../session.tsx';
import { StoryProviders, createTestQueryClient } from './StoryProviders.tsx';
import { createStoryRecorders } from './story-recorders.ts';

/** Renders inside the providers the stories get, for jsdom unit tests. */
export function renderWithProviders(
  ui: ReactElement,
  { language = 'en', session = null }: { language?: Language; session?: Session | null } = {},
) {
  const recorders = createStoryRecorders(() => vi.fn());
  const user = userEvent.setup();
  const result = render(
    <StoryProviders
      language={language}
      session={session}
      recorders={recorders}
      queryClient={createTestQueryClient()}
    >
      {ui}
    </StoryProviders>,
  );
  return { ...result, recorders, user };
}
