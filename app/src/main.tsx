import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@brnd/ui/styles.css';
import { App, createAppServices } from './App.tsx';
import { startMockApi } from './mock-mode.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// In `dev:mock` the worker must be listening before the first screen asks for data.
await startMockApi();

createRoot(container).render(
  <StrictMode>
    <App services={createAppServices()} />
  </StrictMode>,
);
