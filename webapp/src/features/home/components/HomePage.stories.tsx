import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { storyText } from '@/test/storyText';
import { HomePage } from './HomePage';

const meta = { title: 'home/HomePage', component: HomePage } satisfies Meta<typeof HomePage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const t = storyText(ctx, 'home');
    await expect(within(c.getByRole('region', { name: t('destinationsHeading') })).getAllByRole('listitem')).toHaveLength(11);
    await expect(c.getByRole('link', { name: t('exploreDestinations') })).toHaveAttribute('href', '/plans');
  },
};
export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
