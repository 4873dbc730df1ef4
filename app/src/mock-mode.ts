/**
 * `npm run dev:mock` runs the app in the browser with no back end: an MSW service worker answers
 * the API from the mocks' in-memory fake. The mode is fixed at build time, so production bundles
 * drop this import entirely (and with it msw and the fake).
 */
export async function startMockApi(): Promise<void> {
  if (import.meta.env.MODE !== 'mock') return;
  const { startMockWorker } = await import('@brnd/mocks/browser');
  await startMockWorker();
}
