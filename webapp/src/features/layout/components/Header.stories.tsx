import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { handlersFor } from '@/mocks/handlers';
import { Header } from './Layout';
import { StoryShell } from './StoryShell';

// A fixed clock: the date line is part of what the stories show.
const NOW = new Date('2026-11-22T10:00:00Z');
const registered = { token: 't', refreshToken: 'r', isGuest: 'false' };

type Args = { url: string; session: Record<string, string> };

const meta = {
  title: 'layout/Header',
  args: { url: '/', session: {} },
  render: ({ url, session }) => (
    <StoryShell url={url} session={session}>
      <Header now={NOW} />
    </StoryShell>
  ),
  parameters: { msw: { handlers: handlersFor({ 'users.currentUser': 'success' }) } },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const LoggedOut: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Sunday, November 22, 2026')).toBeVisible();
    await expect(c.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/login');
    await expect(c.getByRole('link', { name: 'Buy Now' })).toHaveAttribute('href', '/plans');
    for (const name of ['Plans', 'Setup Guide', 'FAQ', "Let's Talk"]) await expect(c.getByRole('link', { name })).toBeVisible();
  },
};

export const LoggedIn: Story = {
  args: { session: registered },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const button = await c.findByRole('button', { name: /Rana Haddad/ });
    await userEvent.click(button);
    await expect(c.getByText('rana.haddad@example.com')).toBeVisible();
    await expect(c.getByRole('link', { name: 'My eSIMs' })).toHaveAttribute('href', '/profile');
    await expect(c.getByRole('link', { name: 'Buy new eSIM' })).toHaveAttribute('href', '/plans');
    await expect(c.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/login');
  },
};

export const NameMissing: Story = {
  args: { session: registered },
  parameters: {
    msw: {
      handlers: [
        http.get('https://api.provider.test/api/v1/users/actions/get-current-user', () =>
          HttpResponse.json({ data: { data: { email: 'rana.haddad@example.com', firstName: '', lastName: 'Haddad' } } }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: /My Account/ }));
    await expect(await c.findByText('rana.haddad@example.com')).toBeVisible();
  },
};

export const FaqActive: Story = {
  args: { url: '/faq/esim-trabouleshooting' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'FAQ' })).toHaveAttribute('aria-current', 'page');
  },
};

export const Mobile: Story = {
  args: { session: registered },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const toggle = c.getByRole('button', { name: 'Menu' });
    await expect(toggle).toBeVisible();
    await expect(c.queryByRole('link', { name: 'Plans' })).toBeNull();
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(c.getByRole('link', { name: 'Plans' })).toBeVisible();
    await expect(await c.findByRole('button', { name: /Rana Haddad/ })).toBeVisible();
  },
};
