import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { shopParameters } from '@/test/storybook';
import { storyText } from '@/test/storyText';
import { OtpPage } from './OtpPage';

const meta = {
  title: 'auth/OtpPage',
  // Filled, Error and Mobile are compared with their visual baselines.
  tags: ['visual'],
  component: OtpPage,
  parameters: shopParameters({
    app: { path: '/otp/:email/:userId', url: '/otp/rana.haddad%40example.com/e7ab0df2-2fee-5bdd-b616-73c43b51fdf9' },
    fixtures: { 'token.guest': 'success', 'verifyOtp': 'success', 'token.otp': 'success', 'sendOtp': 'login' },
  }),
} satisfies Meta<typeof OtpPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const s = storyText(ctx, 'shared');
    await userEvent.type(await c.findByLabelText(s('otpCodeLabel')), '123456');
    await userEvent.click(c.getByRole('button', { name: s('otpVerify') }));
    await expect(await c.findByTestId('landed')).toHaveTextContent('Navigated to /profile');
  },
};

/** The server fails the verification (500 problem+json). */
export const Error: Story = {
  parameters: shopParameters({ fixtures: { 'verifyOtp': 500 } }),
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const s = storyText(ctx, 'shared');
    await userEvent.type(await c.findByLabelText(s('otpCodeLabel')), '123456');
    await userEvent.click(c.getByRole('button', { name: s('otpVerify') }));
    await expect(await c.findByRole('alert')).toBeInTheDocument();
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
