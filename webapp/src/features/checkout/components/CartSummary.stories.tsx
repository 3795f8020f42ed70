import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { findScenario } from '@/mocks/handlers';
import type { Bundle } from '@/shared/api/types';
import { shownText, storyPrice, storyText } from '@/test/storyText';
import { CartSummary } from './CartSummary';

const bundle = (JSON.parse(findScenario('getBundle', 'success').entries[0]?.body ?? '{}') as { data: Bundle[] }).data[0] ?? null;

const meta = { title: 'checkout/CartSummary', tags: ['visual'], component: CartSummary } satisfies Meta<typeof CartSummary>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  args: { bundle },
  play: async ({ canvasElement, ...ctx }) => {
    await expect(within(canvasElement).getByText(shownText(storyPrice(ctx, 13)))).toBeInTheDocument();
  },
};

export const Loading: Story = { args: { bundle: null, loading: true } };

/** A bundle that loaded without a title or price: 'NA' (section 9). */
export const MissingValues: Story = {
  args: { bundle: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText('NA')).toHaveLength(2);
  },
};

/** The plan failed to load: an error with Retry instead of 'NA' (issue 12). */
export const Error: Story = {
  args: { bundle: null, failed: true, onRetry: fn() },
  play: async ({ canvasElement, args, ...ctx }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('alert')).toHaveTextContent(storyText(ctx, 'checkout')('planFailed'));
    await expect(c.queryByText('NA')).not.toBeInTheDocument();
    await userEvent.click(c.getByRole('button', { name: storyText(ctx, 'shared')('retry') }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Mobile: Story = { ...Filled, globals: { viewport: { value: 'mobile', isRotated: false } } };
