import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { fixtureBundles } from '@/test/fixtureData';
import { shopParameters } from '@/test/storybook';
import { storyText } from '@/test/storyText';
import { BundleGrid } from './BundleGrid';

const meta = {
  title: 'plans/BundleGrid',
  component: BundleGrid,
  parameters: shopParameters({ app: { path: '/plans' } }),
  args: { bundles: fixtureBundles('searchBundles'), loading: false, label: 'Search results' },
} satisfies Meta<typeof BundleGrid>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('article')).toHaveLength(6);
  },
};
export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
export const Loading: Story = { args: { loading: true } };
export const Empty: Story = {
  args: { bundles: [] },
  play: async ({ canvasElement, ...ctx }) => {
    await expect(within(canvasElement).getByText(storyText(ctx, 'plans')('noPlans'))).toBeInTheDocument();
  },
};
