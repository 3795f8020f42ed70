import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { shopParameters } from '@/test/storybook';
import { shownText, storyText } from '@/test/storyText';
import { OtpForm } from './OtpForm';

const meta = {
  title: 'shared/OtpForm',
  // Filled, Error and Mobile are compared with their visual baselines.
  tags: ['visual'],
  component: OtpForm,
  args: { userId: 'e7ab0df2-2fee-5bdd-b616-73c43b51fdf9', email: 'rana.haddad@example.com', onVerified: fn() },
  argTypes: {
    email: { control: 'text' },
    userId: { control: 'text' },
    focusOnMount: { control: 'boolean' },
    onResend: { control: false },
  },
  parameters: shopParameters({
    fixtures: { 'token.guest': 'success', 'token.otp': 'success', 'sendOtp': 'login', 'verifyOtp': 'success' },
  }),
} satisfies Meta<typeof OtpForm>;
export default meta;
type Story = StoryObj<typeof meta>;

type Ctx = Parameters<typeof storyText>[0];

/** enter types a code and presses Verify; it returns the canvas and the shared texts of the story's locale. */
const enter = async (canvasElement: HTMLElement, ctx: Ctx, code = '123456') => {
  const c = within(canvasElement);
  const s = storyText(ctx, 'shared');
  await userEvent.type(await c.findByLabelText(s('otpCodeLabel')), code);
  await userEvent.click(c.getByRole('button', { name: s('otpVerify') }));
  return { c, s };
};

/** The empty code field. */
export const Empty: Story = {};

/** Verified: the customer is logged in. */
export const Filled: Story = {
  play: async ({ canvasElement, args, ...ctx }) => {
    const { c, s } = await enter(canvasElement, ctx);
    await waitFor(() => expect(args.onVerified).toHaveBeenCalled());
    await expect(c.getByLabelText(s('otpCodeLabel'))).toHaveValue('');
  },
};

/** The verification never answers. */
export const Loading: Story = {
  parameters: shopParameters({ fixtures: { 'verifyOtp': 'pending' } }),
  play: async ({ canvasElement, ...ctx }) => {
    const { c, s } = await enter(canvasElement, ctx);
    await expect(await c.findByRole('status')).toHaveTextContent(s('otpVerifying'));
    await expect(c.getByRole('button', { name: s('otpVerify') })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** The server fails the verification (500 problem+json). */
export const Error: Story = {
  parameters: shopParameters({ fixtures: { 'verifyOtp': 500 } }),
  play: async ({ canvasElement, ...ctx }) => {
    const { c } = await enter(canvasElement, ctx, '000000');
    await expect(await c.findByRole('alert')).toBeInTheDocument();
  },
};

export const InvalidCode: Story = {
  parameters: shopParameters({ fixtures: { 'verifyOtp': 'invalid-otp' } }),
  play: async ({ canvasElement, ...ctx }) => {
    const { c, s } = await enter(canvasElement, ctx, '000000');
    await waitFor(() => expect(c.getByRole('alert')).toHaveTextContent(s('invalidOtpRetry')));
  },
};

export const AccountLocked: Story = {
  parameters: shopParameters({ fixtures: { 'verifyOtp': 'account-locked' } }),
  play: async ({ canvasElement, ...ctx }) => {
    const { c, s } = await enter(canvasElement, ctx, '000000');
    await waitFor(() => expect(c.getByRole('alert')).toHaveTextContent(s('accountLocked')));
  },
};

export const Resent: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const s = storyText(ctx, 'shared');
    await userEvent.click(await c.findByRole('button', { name: s('otpResend') }));
    await expect(await c.findByText(s('otpResent'))).toHaveAttribute('role', 'status');
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  parameters: shopParameters({ fixtures: { 'verifyOtp': 'conflict' } }),
  play: async ({ canvasElement, ...ctx }) => {
    const { c, s } = await enter(canvasElement, ctx, '000000');
    await waitFor(() => expect(c.getByRole('alert')).toHaveTextContent(shownText(s('conflict'))));
  },
};

/** Set the address and whether the field takes the focus in the Controls panel: the form follows. */
export const Playground: Story = {
  args: { email: 'karim.nassar@example.com', focusOnMount: true },
  play: async ({ canvasElement, args, ...ctx }) => {
    const c = within(canvasElement);
    // "We sent a code to <address>": the address is the args'.
    await expect(c.getByText(args.email)).toBeInTheDocument();
    const field = c.getByLabelText(storyText(ctx, 'shared')('otpCodeLabel'));
    if (args.focusOnMount) await waitFor(() => expect(field).toHaveFocus());
    else await expect(field).not.toHaveFocus();
  },
};
