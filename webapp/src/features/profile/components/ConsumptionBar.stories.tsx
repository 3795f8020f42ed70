import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { consumption } from '@/shared/format/format';
import { localeOfStory } from '@/shared/testing/storyText';
import { ConsumptionBar } from './ConsumptionBar';

const meta = {
  title: 'profile/ConsumptionBar',
  component: ConsumptionBar,
  args: { initialQuantity: 5_000_000_000, remainingQuantity: 3_117_450_112, unlimited: false },
} satisfies Meta<typeof ConsumptionBar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Part of the data used. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '37.65');
  },
};
/** Nothing used yet. */
export const Empty: Story = { args: { remainingQuantity: 5_000_000_000 } };
export const Unlimited: Story = {
  args: { unlimited: true },
  play: async ({ canvasElement, ...ctx }) => {
    // 'Unlimited' in the story's locale, from the formatter the bar uses.
    await expect(within(canvasElement).getByText(consumption(0, 0, true, localeOfStory(ctx)).text)).toBeInTheDocument();
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
