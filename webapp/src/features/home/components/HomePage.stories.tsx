import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { HomePage } from './HomePage';

const meta = { title: 'home/HomePage', component: HomePage } satisfies Meta<typeof HomePage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(within(c.getByRole('region', { name: 'Popular Destinations' })).getAllByRole('listitem')).toHaveLength(11);
    await expect(c.getByRole('link', { name: 'Explore Destinations' })).toHaveAttribute('href', '/plans');
  },
};
export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
