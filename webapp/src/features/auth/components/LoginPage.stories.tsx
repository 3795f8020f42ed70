import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { texts } from '@/shared/messages/messages';
import { shopParameters } from '@/shared/testing/storybook';
import { LoginPage } from './LoginPage';

const meta = {
  title: 'auth/LoginPage',
  // Filled, Error and Mobile are compared with their visual baselines.
  tags: ['visual'],
  component: LoginPage,
  parameters: shopParameters({ app: { path: '/login' }, fixtures: { 'identity.token.guest': 'success', 'users.otpSend': 'login' } }),
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

/** The empty form. */
export const Empty: Story = {};

/** The code is sent and the code page opens. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const c = await fill(canvasElement, 'rana.haddad@example.com');
    await expect(await c.findByTestId('landed')).toHaveTextContent('/otp/rana.haddad%40example.com/e7ab0df2-2fee-5bdd-b616-73c43b51fdf9');
  },
};

/** The send never answers. */
export const Loading: Story = {
  parameters: shopParameters({ fixtures: { 'users.otpSend': 'pending' } }),
  play: async ({ canvasElement }) => {
    const c = await fill(canvasElement, 'rana.haddad@example.com');
    await expect(await c.findByRole('status')).toHaveTextContent('Sending the code');
  },
};

/** The server fails the send (500 problem+json): its detail is shown as is (section 8). */
export const Error: Story = {
  parameters: shopParameters({ fixtures: { 'users.otpSend': 500 } }),
  play: async ({ canvasElement }) => {
    const c = await fill(canvasElement, 'rana.haddad@example.com');
    await waitFor(() => expect(c.getByRole('alert')).toHaveTextContent('users.otpSend failed on the server'));
  },
};

/** An unknown e-mail (the recorded 404). */
export const EmailNotFound: Story = {
  parameters: shopParameters({ fixtures: { 'users.otpSend': 'login-unknown-email' } }),
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
