import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { containing, storyText } from '@/test/storyText';
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

/** The confirmation greets the customer; 'Proceed to Pay' pays. */
export const Filled: Story = {
  play: async ({ canvasElement, args, ...ctx }) => {
    const t = storyText(ctx, 'checkout');
    const c = within(canvasElement);
    await expect(c.getByText(containing(t('thanksName', { name: 'Rana Haddad' }).trim()))).toBeInTheDocument();
    await userEvent.click(c.getByRole('button', { name: t('proceedToPay') }));
    await expect(args.onPay).toHaveBeenCalledTimes(1);
  },
};

/** The order is being prepared: the button keeps the focus but does nothing. */
export const Loading: Story = {
  args: { state: { kind: 'busy' } },
  play: async ({ canvasElement, args, ...ctx }) => {
    const button = within(canvasElement).getByRole('button', { name: storyText(ctx, 'checkout')('proceedToPay') });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    await expect(args.onPay).not.toHaveBeenCalled();
  },
};

/** The pre-check refused: the server's own words, shown as sent. */
export const Refused: Story = {
  args: { state: { kind: 'refused', text: 'You already have an active Turkey eSIM.' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('You already have an active Turkey eSIM.');
  },
};

/** The payment failed: the spec's message (chosen in English), shown in the page's language with the support contacts. */
export const Error: Story = {
  args: { state: { kind: 'failed', text: 'Unexpected error, please contact support +961 1 555 010 or support@cedarsim.example' } },
  play: async ({ canvasElement, ...ctx }) => {
    const shown = storyText(ctx, 'shared')('paymentFailed', { phone: '+961 1 555 010', email: 'support@cedarsim.example' });
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(shown);
  },
};
export const Redirecting: Story = {
  args: { state: { kind: 'redirecting', url: 'https://pay.example.com/checkout' } },
  play: async ({ canvasElement, ...ctx }) => {
    const name = storyText(ctx, 'checkout')('redirecting');
    await expect(within(canvasElement).getByRole('button', { name })).toHaveAttribute('aria-disabled', 'true');
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
