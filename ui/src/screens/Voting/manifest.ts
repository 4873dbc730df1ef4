import { defineScreen } from '../screen-manifest.ts';
import {
  FIRST_SECTION,
  brandSectionQueryOptions,
  lastWinnerQueryOptions,
} from './voting-queries.ts';

/** Voting's route: see ../screen-manifest.ts. */
export const votingScreen = defineScreen({
  title: 'voting',
  namespaces: ['voting', 'accounts', 'validation'],
  load: () => import('./VotingScreen.tsx').then((module) => module.VotingScreen),
  queries: (api) => [
    brandSectionQueryOptions(api, FIRST_SECTION.section, FIRST_SECTION.industry),
    lastWinnerQueryOptions(api),
  ],
});
