import type { Meta, StoryObj } from '@storybook/react-vite';
import { playThanksPage } from '../shared/thanks-page-play.ts';
import { EmailVerifiedScreen } from './EmailVerifiedScreen.tsx';

const meta = {
  title: 'Screens/EmailVerified',
  component: EmailVerifiedScreen,
} satisfies Meta<typeof EmailVerifiedScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: (context) => playThanksPage(context, 'accounts.emailVerified.title'),
};
