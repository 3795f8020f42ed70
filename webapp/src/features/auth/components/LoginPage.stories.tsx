import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { handlersFor } from '@/mocks/handlers';
import { FIXTURE_BASES } from '@/mocks/har';
import { texts } from '@/shared/messages/messages';
import { withAccount } from '@/shared/testing/AccountProviders';
import { LoginPage } from './LoginPage';

const meta = {
  title: 'auth/LoginPage',
  component: LoginPage,
  decorators: [withAccount({ path: '/login' })],
  parameters: { msw: { handlers: handlersFor({ 'identity.token.guest': 'success', 'users.otpSend': 'login' }) } },
} satisfies Meta<typeof LoginPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const fill = async (canvasElement: HTMLElement, email: string) => {
  const c = within(canvasElement);
  await userEvent.type(await c.findByLabelText('E-mail address'), email);
  await userEvent.click(c.getByRole('checkbox'));
  await userEvent.click(c.getByRole('button', { name: 'Send code' }));
  return c;
};

/** Empty form. */
export const Empty: Story = {};

/** Filled: the code is sent and the code page opens. */
export const CodeSent: Story = {
  play: async ({ canvasElement }) => {
    const c = await fill(canvasElement, 'rana.haddad@example.com');
    await expect(await c.findByTestId('landed')).toHaveTextContent('/otp/rana.haddad%40example.com/e7ab0df2-2fee-5bdd-b616-73c43b51fdf9');
  },
};

/** Loading: the send never answers. */
export const Sending: Story = {
  parameters: {
    msw: { handlers: [http.post(`${FIXTURE_BASES.api}users/otp/send_email/*`, () => delay('infinite')), ...handlersFor({ 'identity.token.guest': 'success' })] },
  },
  play: async ({ canvasElement }) => {
    const c = await fill(canvasElement, 'rana.haddad@example.com');
    await expect(await c.findByRole('status')).toHaveTextContent('Sending the code');
  },
};

/** Error: an unknown e-mail. */
export const EmailNotFound: Story = {
  parameters: { msw: { handlers: handlersFor({ 'identity.token.guest': 'success', 'users.otpSend': 'login-unknown-email' }) } },
  play: async ({ canvasElement }) => {
    const c = await fill(canvasElement, 'nobody@example.com');
    // The alert region is there from the start; the failure appears inside it.
    const alert = c.getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(texts.emailNotFound));
    await expect(within(alert).getByRole('link', { name: texts.hintNewUser })).toHaveAttribute('href', '/plans');
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'Send code' }));
    await expect(c.getByText('Please enter your e-mail address.')).toBeInTheDocument();
  },
};
