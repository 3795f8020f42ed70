import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fixtureBundles } from '@/test/fixtureData';
import { storyBundleTitle, storyText } from '@/test/storyText';
import { TopupCard } from './TopupCard';

const bundle = fixtureBundles('listAreaBundles.topup')[1];
if (!bundle) throw new Error('fixtures changed: top-up bundle missing');

const meta = {
  title: 'topup/TopupCard',
  // Filled, Error and Mobile are compared with their visual baselines.
  tags: ['visual'],
  component: TopupCard,
  decorators: [(Story) => <div style={{ maxWidth: 360, padding: 16 }}>{Story()}</div>],
  args: { bundle, busy: false, disabled: false, onBuy: fn() },
} satisfies Meta<typeof TopupCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ canvasElement, args, ...ctx }) => {
    // The catalogue's 'Buy now', then the plan's title ('Turkey 5GB 30 Days' in the page's language).
    await userEvent.click(within(canvasElement).getByRole('button', { name: `${storyText(ctx, 'topup')('buyNow')} ${storyBundleTitle(ctx, bundle)}` }));
    await expect(args.onBuy).toHaveBeenCalledWith(bundle);
  },
};
/** This card's checks are running. */
export const Loading: Story = { args: { busy: true } };
export const WaitingForAnother: Story = { args: { disabled: true } };

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
