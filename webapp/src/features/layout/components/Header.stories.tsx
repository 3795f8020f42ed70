import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { FIXTURE_BASES } from '@/mocks/har';
import { shopParameters } from '@/shared/testing/storybook';
import { Header } from './Layout';

// A fixed clock: the date line is part of what the stories show.
const NOW = new Date('2026-11-22T10:00:00Z');
const meta = {
  title: 'layout/Header',
  // Filled, Error and Mobile are compared with their visual baselines.
  tags: ['visual'],
  component: Header,
  args: { now: NOW },
  parameters: shopParameters({ app: { path: '*', url: '/' }, fixtures: { 'users.currentUser': 'success' } }),
} satisfies Meta<typeof Header>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A visitor's header. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Sunday, November 22, 2026')).toBeVisible();
    await expect(c.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/login');
    await expect(c.getByRole('link', { name: 'Buy Now' })).toHaveAttribute('href', '/plans');
    for (const name of ['Plans', 'Setup Guide', 'FAQ', "Let's Talk"]) await expect(c.getByRole('link', { name })).toBeVisible();
  },
};

/** A customer's header with the account menu open. */
export const Filled: Story = {
  parameters: shopParameters({ app: { session: 'customer' } }),
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
  parameters: shopParameters({
    app: { session: 'customer' },
    handlers: [
      http.get(`${FIXTURE_BASES.api}users/actions/get-current-user`, () =>
        HttpResponse.json({ data: { data: { email: 'rana.haddad@example.com', firstName: '', lastName: 'Haddad' } } }),
      ),
    ],
  }),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: /My Account/ }));
    await expect(await c.findByText('rana.haddad@example.com')).toBeVisible();
  },
};

/** The current-user lookup fails (500 problem+json): ignored, the menu has no name (section 8). */
export const Error: Story = {
  parameters: shopParameters({ app: { session: 'customer' }, fixtures: { 'users.currentUser': 500 } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: /My Account/ })).toBeVisible();
  },
};

export const FaqActive: Story = {
  parameters: shopParameters({ app: { url: '/faq/esim-trabouleshooting' } }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'FAQ' })).toHaveAttribute('aria-current', 'page');
  },
};

export const Mobile: Story = {
  parameters: shopParameters({ app: { session: 'customer' } }),
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
