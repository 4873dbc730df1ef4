import { expect, test } from 'vitest';
import { DESKTOP, PHONE, screenshotSizes } from './sizes.ts';

test('a screen is captured at a phone and a desktop size, a component at a desktop size', () => {
  expect(screenshotSizes('/repo/ui/src/screens/Login/LoginView.stories.tsx', false)).toEqual([
    PHONE,
    DESKTOP,
  ]);
  expect(screenshotSizes('/repo/ui/src/components/Modal/Modal.stories.tsx', false)).toEqual([
    DESKTOP,
  ]);
  expect(screenshotSizes('/repo/emails/src/MailPreview.stories.tsx', false)).toEqual([DESKTOP]);
});

test('a story that sets its own viewport is captured once, at that viewport', () => {
  const sizes = screenshotSizes('/repo/ui/src/screens/Voting/VotingScreen.stories.tsx', true);
  expect(sizes).toEqual([{ name: 'story-viewport' }]);
});
