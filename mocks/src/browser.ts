import { setupWorker } from 'msw/browser';
import { fake, handlers } from './handlers.ts';

/** The service worker over the shared fake (its script: mocks/public/mockServiceWorker.js). */
export const worker = setupWorker(...handlers);
export { fake };

const STORAGE_KEY = 'brnd.mocks.state.v1';

/**
 * Starts the worker for `npm run dev:mock`. With `persist` (the default) the fake's state lives in
 * localStorage, so a sign-up, a session or an order survives reloads and links opened in new tabs.
 * `resetMockState()` from the console starts over.
 */
export async function startMockWorker({ persist = true } = {}): Promise<void> {
  if (persist) {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved) {
      try {
        fake.importState(saved);
      } catch {
        localStorage.removeItem(STORAGE_KEY);
      }
    }
    worker.events.on('response:mocked', () => {
      localStorage.setItem(STORAGE_KEY, fake.exportState());
    });
    Object.assign(window, {
      resetMockState: () => {
        fake.reset();
        localStorage.removeItem(STORAGE_KEY);
      },
    });
  }
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
}
