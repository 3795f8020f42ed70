import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { handlersFor } from '@/mocks/handlers';
import { FIXTURE_BASES } from '@/mocks/har';
import { texts } from '@/shared/messages/messages';
import { withAccount } from '@/shared/testing/AccountProviders';
import { OtpForm } from './OtpForm';

const guest = { 'identity.token.guest': 'success', 'identity.token.otp': 'success', 'users.otpSend': 'login' } as const;

const meta = {
  title: 'auth/OtpForm',
  component: OtpForm,
  decorators: [withAccount()],
  args: { userId: 'e7ab0df2-2fee-5bdd-b616-73c43b51fdf9', email: 'rana.haddad@example.com', onVerified: fn() },
  parameters: { msw: { handlers: handlersFor({ ...guest, 'users.otpVerify': 'success' }) } },
} satisfies Meta<typeof OtpForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const enter = async (canvasElement: HTMLElement, code = '123456') => {
  const c = within(canvasElement);
  await userEvent.type(await c.findByLabelText('Verification code'), code);
  await userEvent.click(c.getByRole('button', { name: 'Verify' }));
  return c;
};

/** Idle: the empty code field. */
export const Empty: Story = {};

/** Filled and verified: the customer is logged in. */
export const Verified: Story = {
  play: async ({ canvasElement, args }) => {
    const c = await enter(canvasElement);
    await waitFor(() => expect(args.onVerified).toHaveBeenCalled());
    await expect(c.getByLabelText('Verification code')).toHaveValue('');
  },
};

/** Loading: the verification never answers. */
export const Verifying: Story = {
  parameters: {
    msw: { handlers: [http.post(`${FIXTURE_BASES.api}users/otp/email/*`, () => delay('infinite')), ...handlersFor(guest)] },
  },
  play: async ({ canvasElement }) => {
    const c = await enter(canvasElement);
    await expect(await c.findByRole('status')).toHaveTextContent('Verifying the code');
    await expect(c.getByRole('button', { name: 'Verify' })).toHaveAttribute('aria-disabled', 'true');
  },
};

export const InvalidCode: Story = {
  parameters: { msw: { handlers: handlersFor({ ...guest, 'users.otpVerify': 'invalid-otp' }) } },
  play: async ({ canvasElement }) => {
    const c = await enter(canvasElement, '000000');
    await waitFor(() => expect(c.getByRole('alert')).toHaveTextContent(texts.invalidOtpRetry));
  },
};

export const AccountLocked: Story = {
  parameters: { msw: { handlers: handlersFor({ ...guest, 'users.otpVerify': 'account-locked' }) } },
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
  parameters: { msw: { handlers: handlersFor({ ...guest, 'users.otpVerify': 'conflict' }) } },
  play: async ({ canvasElement }) => {
    const c = await enter(canvasElement, '000000');
    await waitFor(() => expect(c.getByRole('alert')).toHaveTextContent(texts.conflict));
  },
};
