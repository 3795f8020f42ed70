import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { texts } from '@/shared/messages/messages';
import { shopParameters } from '@/shared/testing/storybook';
import { OtpForm } from './OtpForm';

const meta = {
  title: 'shared/OtpForm',
  // Filled, Error and Mobile are compared with their visual baselines.
  tags: ['visual'],
  component: OtpForm,
  args: { userId: 'e7ab0df2-2fee-5bdd-b616-73c43b51fdf9', email: 'rana.haddad@example.com', onVerified: fn() },
  parameters: shopParameters({
    fixtures: { 'identity.token.guest': 'success', 'identity.token.otp': 'success', 'users.otpSend': 'login', 'users.otpVerify': 'success' },
  }),
} satisfies Meta<typeof OtpForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const enter = async (canvasElement: HTMLElement, code = '123456') => {
  const c = within(canvasElement);
  await userEvent.type(await c.findByLabelText('Verification code'), code);
  await userEvent.click(c.getByRole('button', { name: 'Verify' }));
  return c;
};

/** The empty code field. */
export const Empty: Story = {};

/** Verified: the customer is logged in. */
export const Filled: Story = {
  play: async ({ canvasElement, args }) => {
    const c = await enter(canvasElement);
    await waitFor(() => expect(args.onVerified).toHaveBeenCalled());
    await expect(c.getByLabelText('Verification code')).toHaveValue('');
  },
};

/** The verification never answers. */
export const Loading: Story = {
  parameters: shopParameters({ fixtures: { 'users.otpVerify': 'pending' } }),
  play: async ({ canvasElement }) => {
    const c = await enter(canvasElement);
    await expect(await c.findByRole('status')).toHaveTextContent('Verifying the code');
    await expect(c.getByRole('button', { name: 'Verify' })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** The server fails the verification (500 problem+json). */
export const Error: Story = {
  parameters: shopParameters({ fixtures: { 'users.otpVerify': 500 } }),
  play: async ({ canvasElement }) => {
    const c = await enter(canvasElement, '000000');
    await expect(await c.findByRole('alert')).toBeInTheDocument();
  },
};

export const InvalidCode: Story = {
  parameters: shopParameters({ fixtures: { 'users.otpVerify': 'invalid-otp' } }),
  play: async ({ canvasElement }) => {
    const c = await enter(canvasElement, '000000');
    await waitFor(() => expect(c.getByRole('alert')).toHaveTextContent(texts.invalidOtpRetry));
  },
};

export const AccountLocked: Story = {
  parameters: shopParameters({ fixtures: { 'users.otpVerify': 'account-locked' } }),
  play: async ({ canvasElement }) => {
    const c = await enter(canvasElement, '000000');
    await waitFor(() => expect(c.getByRole('alert')).toHaveTextContent(texts.accountLocked));
  },
};

export const Resent: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'Resend code' }));
    await expect(await c.findByText('A new code is on its way.')).toHaveAttribute('role', 'status');
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  parameters: shopParameters({ fixtures: { 'users.otpVerify': 'conflict' } }),
  play: async ({ canvasElement }) => {
    const c = await enter(canvasElement, '000000');
    await waitFor(() => expect(c.getByRole('alert')).toHaveTextContent(texts.conflict));
  },
};
