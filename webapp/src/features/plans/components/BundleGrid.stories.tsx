import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { fixtureBundles } from '@/test/fixtureData';
import { shopParameters } from '@/test/storybook';
import { misaligned, tallerThanANeighbour } from '@/test/rows';
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
/**
 * A title on two lines: Data, Coverage and the buttons of every card of its row stay in line
 * with it (subgrid rows, issue 24).
 */
export const LongTitle: Story = {
  args: {
    bundles: fixtureBundles('searchBundles').map((b, i) => (i === 1 ? { ...b, businessTitle: 'Turkey, Greece, Cyprus, Bulgaria and the Aegean islands', listingDisplayTitle: '' } : b)),
  },
  play: async ({ canvasElement }) => {
    const cards = within(canvasElement).getAllByRole('article');
    await expect(tallerThanANeighbour(cards, (c) => c.querySelector('h3'))).toBe(true);
    await expect(
      misaligned(cards, {
        data: [(c) => c.querySelector('dl'), 'top'],
        coverage: [(c) => (c.children.length > 3 ? c.children[2] ?? null : null), 'top'],
        buttons: [(c) => c.lastElementChild, 'top'],
        card: [(c) => c, 'bottom'],
      }),
    ).toEqual([]);
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
