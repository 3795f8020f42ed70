import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { shopParameters } from '@/test/storybook';
import { storyText } from '@/test/storyText';
import { LoginPage } from './LoginPage';

const meta = {
  title: 'auth/LoginPage',
  // Filled, Error and Mobile are compared with their visual baselines.
  tags: ['visual'],
  component: LoginPage,
  parameters: shopParameters({ app: { path: '/login' }, fixtures: { 'token.guest': 'success', 'sendOtp': 'login' } }),
} satisfies Meta<typeof LoginPage>;
export default meta;
type Story = StoryObj<typeof meta>;

type Ctx = Parameters<typeof storyText>[0];

/** fill asks for a code for `email`; it returns the canvas and the shared texts of the story's locale. */
const fill = async (canvasElement: HTMLElement, ctx: Ctx, email: string) => {
  const c = within(canvasElement);
  const t = storyText(ctx, 'auth');
  await userEvent.type(await c.findByLabelText(t('emailLabel')), email);
  await userEvent.click(c.getByRole('checkbox'));
  await userEvent.click(c.getByRole('button', { name: t('sendCode') }));
  return { c, s: storyText(ctx, 'shared') };
};

/** The empty form. */
export const Empty: Story = {};

/** The code is sent and the code page opens. */
export const Filled: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const { c } = await fill(canvasElement, ctx, 'rana.haddad@example.com');
    await expect(await c.findByTestId('landed')).toHaveTextContent('/otp/rana.haddad%40example.com/e7ab0df2-2fee-5bdd-b616-73c43b51fdf9');
  },
};

/** The send never answers. */
export const Loading: Story = {
  parameters: shopParameters({ fixtures: { 'sendOtp': 'pending' } }),
  play: async ({ canvasElement, ...ctx }) => {
    const { c, s } = await fill(canvasElement, ctx, 'rana.haddad@example.com');
    await expect(await c.findByRole('status')).toHaveTextContent(s('sendingCode'));
  },
};

/** The server fails the send (500 problem+json): its detail is shown as is (section 8). */
export const Error: Story = {
  parameters: shopParameters({ fixtures: { 'sendOtp': 500 } }),
  play: async ({ canvasElement, ...ctx }) => {
    const { c } = await fill(canvasElement, ctx, 'rana.haddad@example.com');
    await waitFor(() => expect(c.getByRole('alert')).toHaveTextContent('sendOtp failed on the server'));
  },
};

/** A 400 on the code send (spec section 8: 'Email not found.' with its hints). */
export const EmailNotFound: Story = {
  parameters: shopParameters({ fixtures: { 'sendOtp': 400 } }),
  play: async ({ canvasElement, ...ctx }) => {
    const { c, s } = await fill(canvasElement, ctx, 'nobody@example.com');
    // The alert region is there from the start; the failure appears inside it.
    const alert = c.getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(s('emailNotFound')));
    await expect(within(alert).getByRole('link', { name: s('hintNewUser') })).toHaveAttribute('href', '/plans');
  },
};

/** An unknown e-mail (the recorded 404): a failure other than 400 shows the server's detail (section 8). */
export const UnknownEmail: Story = {
  parameters: shopParameters({ fixtures: { 'sendOtp': 'login-unknown-email' } }),
  play: async ({ canvasElement, ...ctx }) => {
    const { c, s } = await fill(canvasElement, ctx, 'nobody@example.com');
    const alert = c.getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('User not found'));
    await expect(alert).not.toHaveTextContent(s('emailNotFound'));
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const t = storyText(ctx, 'auth');
    await userEvent.click(await c.findByRole('button', { name: t('sendCode') }));
    await expect(c.getByText(t('emailRequired'))).toBeInTheDocument();
  },
};
