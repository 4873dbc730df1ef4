import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// The one place unit tests unmount what they rendered. The files share one jsdom (isolate: false),
// and a hook registered when a module is first imported (Testing Library's own cleanup, or one in
// a helper) runs for the first file only; a setup file runs again for every file.
afterEach(cleanup);
