import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * One Vitest run, four projects:
 * - unit: pure code and components in jsdom (contracts, locales, ui, mocks, app)
 * - storybook: every story as a test in Chromium (interaction + accessibility)
 * - bff, conformance: against a real PostgreSQL (embedded, or DATABASE_URL)
 */
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['{contracts,locales,ui,mocks,app}/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
