import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, waitFor } from 'storybook/test';
import { visitReferral } from '@brnd/contracts/api/referrals';
import { serverError } from '@brnd/mocks/scenarios';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { LOCAL_REFERRAL } from '../shared/storage.ts';
import { ReferralLandingScreen } from './ReferralLandingScreen.tsx';

/** The codes POST /api/referral received in the running story. */
const visits: unknown[] = [];
const recordVisit = http.post('*/api/referral', async ({ request }) => {
  visits.push(await request.json());
  return HttpResponse.json({ message: 'success' });
});

const meta = {
  title: 'Screens/ReferralLanding',
  component: ReferralLandingScreen,
  parameters: { msw: { handlers: [recordVisit] } },
  beforeEach: () => {
    visits.length = 0;
    localStorage.removeItem(LOCAL_REFERRAL);
  },
} satisfies Meta<typeof ReferralLandingScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A plain code: the click is counted, the code kept, and the visitor goes to sign-up. */
export const ToSignUp: Story = {
  args: { code: 'DEMOBRND' },
  play: async ({ loaded }) => {
    const { navigation } = storyRecorders(loaded);
    await waitFor(() =>
      expect(navigation.navigate).toHaveBeenCalledWith('/register', {
        search: { code: 'DEMOBRND' },
        replace: true,
      }),
    );
    await expect(visits).toEqual([{ referral_code: 'DEMOBRND' }]);
    await expect(localStorage.getItem(LOCAL_REFERRAL)).toBe('DEMOBRND');
  },
};

/** Already signed in: the click is counted, and the member goes to their dashboard. */
export const SignedInToDashboard: Story = {
  args: { code: 'DEMOBRND' },
  parameters: { session: 'demo' },
  play: async ({ loaded }) => {
    const { navigation } = storyRecorders(loaded);
    await waitFor(() =>
      expect(navigation.navigate).toHaveBeenCalledWith('/user/dashboard', { replace: true }),
    );
    await expect(visits).toEqual([{ referral_code: 'DEMOBRND' }]);
  },
};

/** A dash part with `ico` leads to the token sale. */
export const ToTokenSale: Story = {
  args: { code: 'DEMOBRND-ico' },
  play: async ({ loaded }) => {
    const { navigation } = storyRecorders(loaded);
    await waitFor(() =>
      expect(navigation.navigate).toHaveBeenCalledWith('/ico', {
        search: { code: 'DEMOBRND-ico' },
        replace: true,
      }),
    );
  },
};

/** A dash part with `vote` leads to the voting page. */
export const ToVoting: Story = {
  args: { code: 'DEMOBRND-vote' },
  play: async ({ loaded }) => {
    const { navigation } = storyRecorders(loaded);
    await waitFor(() =>
      expect(navigation.navigate).toHaveBeenCalledWith('/voting', {
        search: { code: 'DEMOBRND-vote' },
        replace: true,
      }),
    );
  },
};

/** The click cannot be recorded: the visitor is let in all the same, with the code kept. */
export const VisitFailed: Story = {
  args: { code: 'DEMOBRND' },
  parameters: { msw: { handlers: [serverError(visitReferral)] } },
  play: async ({ loaded }) => {
    const { navigation } = storyRecorders(loaded);
    await waitFor(() => expect(navigation.navigate).toHaveBeenCalledTimes(1));
    await expect(localStorage.getItem(LOCAL_REFERRAL)).toBe('DEMOBRND');
  },
};
