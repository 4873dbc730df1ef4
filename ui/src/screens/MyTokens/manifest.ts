import { defineScreen } from '../screen-manifest.ts';

/** MyTokens's route: see ../screen-manifest.ts. */
export const myTokensScreen = defineScreen({
  title: 'myTokens',
  namespaces: [],
  load: () => import('./MyTokensScreen.tsx').then((module) => module.MyTokensScreen),
});
