import { expect, test } from 'vitest';
import { DESKTOP, PHONE, screenshotSizes } from './sizes.ts';

test('a screen is captured at a phone and a desktop size, a component at a desktop size', () => {
  expect(screenshotSizes('screens-login-view--default', false)).toEqual([PHONE, DESKTOP]);
  expect(screenshotSizes('components-modal--open', false)).toEqual([DESKTOP]);
  expect(screenshotSizes('emails-templates--verify-email', false)).toEqual([DESKTOP]);
});

test('a story that sets its own viewport is captured once, at that viewport', () => {
  const sizes = screenshotSizes('screens-voting-screen--on-phone', true);
  expect(sizes).toEqual([{ name: 'story-viewport' }]);
});
