import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { findScenario } from '@/mocks/handlers';
import type { Bundle } from '@/shared/api/types';
import { withAccount } from '@/shared/testing/AccountProviders';
import { TopupCard } from './TopupCard';

const bundle = (JSON.parse(findScenario('catalog.topupBundles', 'success').entries[0]?.body ?? '{}') as { data: Bundle[] }).data[1] as Bundle;

const meta = {
  title: 'topup/TopupCard',
  component: TopupCard,
  decorators: [withAccount(), (Story) => <div style={{ maxWidth: 360, padding: 16 }}>{Story()}</div>],
  args: { bundle, busy: false, disabled: false, onBuy: fn() },
} satisfies Meta<typeof TopupCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Buy now Turkey 5GB 30 Days' }));
    await expect(args.onBuy).toHaveBeenCalledWith(bundle);
  },
};
export const Busy: Story = { args: { busy: true } };
export const WaitingForAnother: Story = { args: { disabled: true } };
