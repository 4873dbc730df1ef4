import type { Meta, StoryObj } from '@storybook/react-vite';
import { playThanksPage } from '../shared/thanks-page-play.ts';
import { ContactSuccessScreen } from './ContactSuccessScreen.tsx';

const meta = {
  title: 'Screens/ContactSuccess',
  component: ContactSuccessScreen,
} satisfies Meta<typeof ContactSuccessScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: (context) => playThanksPage(context, 'accounts.contactSuccess.title'),
};
