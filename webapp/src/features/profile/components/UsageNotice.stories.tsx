import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { findScenario } from '@/mocks/handlers';
import type { Esim, EsimBundle } from '@/shared/api/types';
import { shopParameters } from '@/test/storybook';
import { consumption } from '@/shared/format/format';
import { localeOfStory, storyText } from '@/test/storyText';
import { UsageNotice } from './UsageNotice';

const esim = (JSON.parse(findScenario('listEsimsByEmail', 'success').entries[0]?.body ?? '{}') as { data: { esims: Esim[] } }).data.esims[0] as Esim;
const active = esim.bundles[0] as EsimBundle;
const TOPUP = `/topup-plans/TR/${esim.iccid}/${esim.accountId}/0`;

const meta = {
  title: 'profile/UsageNotice',
  component: UsageNotice,
  args: { bundle: { ...active, remainingQuantity: 500_000_000 }, notice: { lowData: true, expiresSoon: false }, topup: TOPUP },
  parameters: { layout: 'padded', ...shopParameters({ app: { session: 'customer' } }) },
} satisfies Meta<typeof UsageNotice>;
export default meta;
type Story = StoryObj<typeof meta>;

/** 90% of the data used, with the top-up button. */
export const Filled: Story = {
  play: async (ctx) => {
    const t = storyText(ctx, 'profile');
    const c = within(ctx.canvasElement);
    // 90% used, written as the locale writes it (French: '90 %').
    const percent = consumption(active.initialQuantity, 500_000_000, false, localeOfStory(ctx)).text;
    // Testing Library compares the text with its spaces collapsed (the narrow no-break space too).
    await expect(c.getByText(t('usageUsedShare', { percent }).replace(/\s+/g, ' '))).toBeInTheDocument();
    await expect(c.getByRole('link', { name: t('usageTopUp') })).toHaveAttribute('href', TOPUP);
  },
};

/** The plan ends within 24 hours. */
export const EndingSoon: Story = {
  args: { bundle: active, notice: { lowData: false, expiresSoon: true } },
  play: async (ctx) => {
    const t = storyText(ctx, 'profile');
    // The end date follows in the locale's format: match the sentence before it.
    await expect(within(ctx.canvasElement).getByText(t('usageEndsSoon').replace(/\.$/, ''), { exact: false })).toBeInTheDocument();
  },
};

/** Nothing left and the plan ends soon; this plan cannot be topped up, so: buy a new eSIM. */
export const UsedUpNoTopUp: Story = {
  args: { bundle: { ...active, remainingQuantity: 0, endTime: null }, notice: { lowData: true, expiresSoon: true }, topup: '' },
  play: async (ctx) => {
    const t = storyText(ctx, 'profile');
    const c = within(ctx.canvasElement);
    await expect(c.getByText(t('usageUsedAll'))).toBeInTheDocument();
    await expect(c.getByText(t('usageEndsSoon'))).toBeInTheDocument();
    await expect(c.getByRole('link', { name: t('usageBuyNew') })).toHaveAttribute('href', '/plans');
  },
};

export const Mobile: Story = { ...Filled, globals: { viewport: { value: 'mobile', isRotated: false } } };
