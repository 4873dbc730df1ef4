import { defineScreen } from '../screen-manifest.ts';

/** AdminConsole's route: see ../screen-manifest.ts. */
export const adminConsoleScreen = defineScreen({
  title: 'admin',
  namespaces: ['admin', 'finance'],
  load: () => import('./AdminConsole.tsx').then((module) => module.AdminConsole),
});
