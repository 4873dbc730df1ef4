import { defineScreen } from '../screen-manifest.ts';

/** BrandConsole's route: see ../screen-manifest.ts. */
export const brandConsoleScreen = defineScreen({
  title: 'brandConsole',
  namespaces: [],
  load: () => import('./BrandConsoleScreen.tsx').then((module) => module.BrandConsoleScreen),
});
