// One flat config for the monorepo. The dependency direction between workspaces
// (contracts, locales <- ui <- app; contracts <- mocks; contracts <- bff) is enforced here.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const forbid = (...groups) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: groups.map((group) => ({
        group: [group, `${group}/*`],
        message:
          'This import breaks the dependency direction between workspaces (see DESIGN.md §2).',
      })),
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules',
      '**/dist',
      '.data',
      'storybook-static',
      'test-results',
      'playwright-report',
      'mocks/public',
      'app/src/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['ui/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['contracts/**'],
    rules: forbid('@brnd/ui', '@brnd/app', '@brnd/bff', '@brnd/mocks', '@brnd/locales', 'react'),
  },
  {
    files: ['locales/**'],
    rules: forbid('@brnd/ui', '@brnd/app', '@brnd/bff', '@brnd/mocks', '@brnd/contracts'),
  },
  {
    files: ['ui/src/**'],
    ignores: ['ui/src/**/*.stories.tsx', 'ui/src/**/*.test.{ts,tsx}', 'ui/src/testing/**'],
    rules: forbid('@brnd/app', '@brnd/bff', '@brnd/mocks', '@tanstack/react-router', 'msw'),
  },
  {
    files: ['ui/src/**/*.stories.tsx', 'ui/src/**/*.test.{ts,tsx}', 'ui/src/testing/**'],
    rules: forbid('@brnd/app', '@brnd/bff', '@tanstack/react-router'),
  },
  { files: ['mocks/**'], rules: forbid('@brnd/ui', '@brnd/app', '@brnd/bff') },
  {
    files: ['app/src/**'],
    ignores: ['app/src/mock-mode.ts', 'app/src/**/*.test.{ts,tsx}'],
    rules: forbid('@brnd/bff', '@brnd/mocks', 'msw'),
  },
  // Tests may use the mocks (DESIGN.md §2), like ui's tests.
  { files: ['app/src/**/*.test.{ts,tsx}'], rules: forbid('@brnd/bff') },
  { files: ['bff/**'], rules: forbid('@brnd/ui', '@brnd/app', '@brnd/mocks', 'react') },
);
