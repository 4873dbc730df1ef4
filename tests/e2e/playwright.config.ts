import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://localhost:${port}`;
// Set once here, so the server (serve.ts) and the tests (workers inherit the environment) agree on
// where the embedded PostgreSQL lives: a test can run a command such as admin:create against it.
process.env.E2E_DATA_DIR ??= path.join(root, '.data', `e2e-${port}-${Date.now()}`);

/**
 * The real stack, started as `npm start` starts it (the root `test:e2e` script builds first):
 * the bff serving app/dist and the API on one port, on an empty database of its own.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  outputDir: fileURLToPath(new URL('../../test-results/e2e', import.meta.url)),
  use: {
    baseURL,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  webServer: {
    // serve.ts gives the bff a fresh DATA_DIR (so the embedded PostgreSQL starts empty) and
    // removes it when the run ends. DATABASE_URL, when set, passes through with the environment.
    command: 'node --import tsx tests/e2e/serve.ts',
    cwd: root,
    url: `${baseURL}/api/health`,
    // TRUST_PROXY: helpers that sign users up through the API speak as clients of their own
    // (X-Forwarded-For), so a whole run stays clear of the per-address sign-up throttle.
    env: { PORT: String(port), APP_URL: baseURL, TRUST_PROXY: 'true' },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
