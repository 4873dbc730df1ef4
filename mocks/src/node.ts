import { setupServer } from 'msw/node';
import { createHandlers, fake, handlers } from './handlers.ts';
import { createFake, type FakeOptions } from './fake.ts';
import type { FakeSeed } from './seed.ts';

/** The request interceptor for Node tests, over the shared fake (reset it between tests). */
export const server = setupServer(...handlers);
export { fake };

/** A server over its own fake, for suites that must not share state with anyone. */
export function createMockServer(seed?: FakeSeed, options?: FakeOptions) {
  const ownFake = createFake(seed, options);
  return { server: setupServer(...createHandlers(ownFake)), fake: ownFake };
}
