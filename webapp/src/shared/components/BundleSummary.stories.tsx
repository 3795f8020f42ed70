import type { Meta, StoryObj } from '@storybook/react-vite';
import { shownText, storyBundleTitle, storyPrice } from '@/test/storyText';
import { expect, within } from 'storybook/test';
import { fixtureBundles } from '@/test/fixtureData';
import { BundleSummary } from './BundleSummary';

const [turkey] = fixtureBundles('listAreaBundles');
if (!turkey) throw new Error('fixtures changed: bundle missing');

const meta = {
  title: 'shared/BundleSummary',
  // Filled, Error and Mobile are compared with their visual baselines.
  tags: ['visual'],
  component: BundleSummary,
  decorators: [(Story) => <article style={{ maxWidth: 360, padding: 16 }}>{Story()}</article>],
  args: { bundle: turkey, level: 3 },
  argTypes: { level: { control: 'inline-radio', options: [2, 3] } },
} satisfies Meta<typeof BundleSummary>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    // The provider's 'Turkey 1GB 7 Days', composed in the page's language.
    await expect(c.getByRole('heading', { level: 3 })).toHaveTextContent(shownText(storyBundleTitle(ctx, turkey)));
    // Prices in the locale's form (Intl, the USD code), always Latin digits.
    await expect(c.getByText(shownText(storyPrice(ctx, 4.5)))).toBeInTheDocument();
  },
};

/** A bundle without a price reads 'NA'. */
export const Empty: Story = { args: { bundle: { ...turkey, price: null } } };

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
