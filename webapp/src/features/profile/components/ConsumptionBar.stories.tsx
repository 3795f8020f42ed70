import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { consumption, formatBytesGB, formatUsedMB } from '@/shared/format/format';
import { localeOfStory, storyText } from '@/test/storyText';
import { ConsumptionBar } from './ConsumptionBar';

const meta = {
  title: 'profile/ConsumptionBar',
  component: ConsumptionBar,
  args: { initialQuantity: 5_000_000_000, remainingQuantity: 3_117_450_112, unlimited: false },
  argTypes: {
    initialQuantity: { control: { type: 'number', min: 0, step: 100_000_000 } },
    remainingQuantity: { control: { type: 'number', min: 0, step: 100_000_000 } },
    unlimited: { control: 'boolean' },
  },
} satisfies Meta<typeof ConsumptionBar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Part of the data used. */
export const Filled: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const t = storyText(ctx, 'profile');
    const locale = localeOfStory(ctx);
    const c = within(canvasElement);
    const percent = consumption(5_000_000_000, 3_117_450_112, false, locale).text;
    const bar = c.getByRole('progressbar', { name: t('dataUsed') });
    await expect(bar).toHaveAttribute('aria-valuenow', '37.65');
    await expect(bar).toHaveAttribute('aria-valuetext', t('percentUsed', { percent }));
    // The line under the bar in the locale's numbers (French: decimal comma, '37,65 %'); Testing Library collapses its spaces.
    const line = t('usedOf', { used: formatUsedMB(5_000_000_000, 3_117_450_112, locale), total: formatBytesGB(5_000_000_000, locale), percent });
    await expect(c.getByText(line.replace(/\s+/g, ' '))).toBeInTheDocument();
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

/** Try any allowance and remainder with the Controls panel; the bar follows spec section 5's formula. */
export const Playground: Story = {
  args: { initialQuantity: 2_000_000_000, remainingQuantity: 500_000_000 },
  play: async ({ canvasElement }) => {
    // (2 GB - 0.5 GB) / 2 GB: 75 % used.
    await expect(within(canvasElement).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
  },
};
