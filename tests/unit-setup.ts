import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// The unit files share one jsdom (isolate: false), and Testing Library registers its automatic
// cleanup only when it is first imported: without this, a file's rendered components stay in
// the document for the next file's queries.
afterEach(cleanup);
