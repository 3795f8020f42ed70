import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { storyText } from '@/shared/testing/storyText';
import { PayStep } from './PayStep';

const meta = {
  title: 'checkout/PayStep',
  component: PayStep,
  args: { onPay: fn(), name: 'Rana Haddad', state: { kind: 'idle' } },
  argTypes: {
    state: {
      description: "The 'Proceed to Pay' button's state (PayState): idle, busy, refused, failed or redirecting.",
      control: 'select',
      options: ['idle', 'busy', 'refused', 'failed', 'redirecting'],
      mapping: {
        idle: { kind: 'idle' },
        busy: { kind: 'busy' },
        refused: { kind: 'refused', text: 'You already have an active Turkey eSIM.' },
        failed: { kind: 'failed', text: 'Unexpected error, please contact support +961 1 555 010 or support@cedarsim.example' },
        redirecting: { kind: 'redirecting', url: 'https://pay.example.com/checkout' },
      },
    },
  },
} satisfies Meta<typeof PayStep>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {};
export const Loading: Story = { args: { state: { kind: 'busy' } } };
export const Refused: Story = { args: { state: { kind: 'refused', text: 'You already have an active Turkey eSIM.' } } };
export const Error: Story = {
  args: { state: { kind: 'failed', text: 'Unexpected error, please contact support +961 1 555 010 or support@cedarsim.example' } },
};
export const Redirecting: Story = {
  args: { state: { kind: 'redirecting', url: 'https://pay.example.com/checkout' } },
  play: async ({ canvasElement, ...ctx }) => {
    const name = storyText(ctx, 'checkout')('redirecting');
    await expect(within(canvasElement).getByRole('button', { name })).toHaveAttribute('aria-disabled', 'true');
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
