import type { Meta, StoryObj } from '@storybook/react-vite';
import { polish } from '../../testing/polish.ts';
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
export const DefaultPolish = polish(Default);
