// One flat config for the monorepo. It enforces the architecture (docs/architecture.md):
// - between workspaces: contracts, locales <- ui <- app; contracts <- mocks; contracts, locales
//   <- emails <- bff; a workspace reaches another by its package name, never by a relative path;
// - inside the bff: http -> services -> db, never back; the demo seed sits above services;
// - the chain build (contracts/chain: solc, anvil, ethers) stays out of browser code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const WORKSPACES = ['contracts', 'locales', 'emails', 'ui', 'mocks', 'app', 'bff', 'tests'];

// A relative import that climbs out of its folder into a workspace by name skips that package's
// public surface (its package.json exports) and hides the dependency from the lint below.
const acrossWorkspaces = {
  regex: `^(\\.\\./)+(${WORKSPACES.join('|')})/`,
  message: 'Import another workspace by its package name (@brnd/…), not by a relative path.',
};

const packages = (...names) =>
  names.map((name) => ({
    group: [name, `${name}/*`],
    message:
      'This import breaks the dependency direction between workspaces (docs/architecture.md).',
  }));

const layers = (...folders) =>
  folders.map((folder) => ({
    group: [`../${folder}/*`, `./${folder}/*`, `../../${folder}/*`],
    message: `The bff's layers run http -> services -> db; this import runs back up to ${folder}/ (docs/architecture.md).`,
  }));

const chainOutOfBrowser = packages('@brnd/contracts/chain').map((pattern) => ({
  ...pattern,
  message:
    'contracts/chain (solc, anvil, deploy keys) is for the bff and tests, never browser code.',
}));

// A screen folder reaches only its own files, ../shared and the design system: a piece two
// screens use lives in screens/shared or components (decision 059).
const acrossScreens = {
  regex: '^\\.\\./(?!shared/)[^./][^/]*/',
  message:
    "A screen imports no other screen's files: move the shared piece to ui/src/screens/shared or ui/src/components (decision 059).",
};

/** One no-restricted-imports rule per file group: a later rule replaces, not extends, an earlier one. */
const forbid = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns: [acrossWorkspaces, ...patterns.flat()] }],
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
    rules: forbid(
      packages('@brnd/ui', '@brnd/app', '@brnd/bff', '@brnd/mocks', '@brnd/locales', 'react'),
    ),
  },
  {
    files: ['locales/**'],
    rules: forbid(packages('@brnd/ui', '@brnd/app', '@brnd/bff', '@brnd/mocks', '@brnd/contracts')),
  },
  {
    files: ['ui/src/**'],
    ignores: ['ui/src/**/*.stories.tsx', 'ui/src/**/*.test.{ts,tsx}', 'ui/src/testing/**'],
    rules: forbid(
      packages('@brnd/app', '@brnd/bff', '@brnd/mocks', '@tanstack/react-router', 'msw'),
      chainOutOfBrowser,
    ),
  },
  {
    files: ['ui/src/**/*.stories.tsx', 'ui/src/**/*.test.{ts,tsx}', 'ui/src/testing/**'],
    rules: forbid(packages('@brnd/app', '@brnd/bff', '@tanstack/react-router'), chainOutOfBrowser),
  },
  {
    files: ['ui/src/screens/**'],
    ignores: ['ui/src/**/*.stories.tsx', 'ui/src/**/*.test.{ts,tsx}'],
    rules: forbid(
      packages('@brnd/app', '@brnd/bff', '@brnd/mocks', '@tanstack/react-router', 'msw'),
      chainOutOfBrowser,
      [acrossScreens],
    ),
  },
  {
    files: ['ui/src/screens/**/*.stories.tsx', 'ui/src/screens/**/*.test.{ts,tsx}'],
    rules: forbid(packages('@brnd/app', '@brnd/bff', '@tanstack/react-router'), chainOutOfBrowser, [
      acrossScreens,
    ]),
  },
  // The mocks also run in the browser (the MSW worker in Storybook and dev:mock).
  {
    files: ['mocks/**'],
    rules: forbid(packages('@brnd/ui', '@brnd/app', '@brnd/bff'), chainOutOfBrowser),
  },
  // The e-mail templates: rendered by the bff, shown by Storybook (decision 032).
  {
    files: ['emails/**'],
    rules: forbid(packages('@brnd/ui', '@brnd/app', '@brnd/bff', '@brnd/mocks'), chainOutOfBrowser),
  },
  {
    files: ['app/src/**'],
    // Mock mode (dev:mock) is dropped from production bundles; it may use the mocks.
    ignores: ['app/src/mock-mode.ts', 'app/src/mock-mode/**', 'app/src/**/*.test.{ts,tsx}'],
    rules: forbid(packages('@brnd/bff', '@brnd/mocks', 'msw'), chainOutOfBrowser),
  },
  // Tests may use the mocks (docs/architecture.md), like ui's tests.
  {
    files: ['app/src/**/*.test.{ts,tsx}'],
    rules: forbid(packages('@brnd/bff'), chainOutOfBrowser),
  },
  { files: ['bff/**'], rules: forbid(packages('@brnd/ui', '@brnd/app', '@brnd/mocks', 'react')) },
  {
    files: ['bff/src/db/**'],
    ignores: ['bff/src/**/*.test.ts'],
    rules: forbid(
      packages('@brnd/ui', '@brnd/app', '@brnd/mocks', 'react'),
      layers('services', 'http', 'jobs', 'seed'),
    ),
  },
  {
    files: ['bff/src/services/**'],
    ignores: ['bff/src/**/*.test.ts'],
    rules: forbid(
      packages('@brnd/ui', '@brnd/app', '@brnd/mocks', 'react'),
      layers('http', 'seed'),
    ),
  },
  // Everything else at the root (Storybook, scripts, tests) still reaches workspaces by name.
  { files: ['.storybook/**', 'scripts/**', 'tests/**'], rules: forbid() },
);
