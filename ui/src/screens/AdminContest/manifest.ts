import { defineScreen } from '../screen-manifest.ts';

/** AdminContest's route: see ../screen-manifest.ts. */
export const adminContestScreen = defineScreen({
  title: 'contest',
  namespaces: ['adminContest'],
  load: () => import('./AdminContestScreen.tsx').then((module) => module.AdminContestScreen),
});
