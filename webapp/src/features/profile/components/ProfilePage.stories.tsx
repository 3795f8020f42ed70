import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { unsignedToken } from '@/test/sessions';
import { shopParameters } from '@/test/storybook';
import { fixClock, storyText } from '@/test/storyText';
import { ProfilePage } from './ProfilePage';


const meta = {
  title: 'profile/ProfilePage',
  // Filled, Error and Mobile are compared with their visual baselines.
  tags: ['visual', 'visual-rtl'],
  component: ProfilePage,
  // Rana Haddad, the fixtures' customer.
  parameters: shopParameters({
    app: { path: '/profile', session: 'customer' },
    fixtures: { 'listEsimsByEmail': 'success', 'getEsimInfo': 'success', 'getQrCode': 'success' },
  }),
  // Mid-plan of the fixtures' Active bundle, the same on every run ("As of", notices).
  beforeEach: () => fixClock(Date.parse('2025-06-20T08:00:00Z')),
} satisfies Meta<typeof ProfilePage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async (ctx) => {
    const { canvasElement } = ctx;
    const t = storyText(ctx, 'profile');
    const c = within(canvasElement);
    await expect(c.getByText(t('welcomeName', { name: 'Rana Haddad' }))).toBeInTheDocument();
    const first = await c.findByRole('article', { name: 'eSIM 89961010025061000016' });
    await userEvent.click(within(first).getByRole('button', { name: /Turkey 5GB/ }));
    await expect(await within(first).findByRole('progressbar', { name: t('dataUsed') })).toHaveAttribute('aria-valuenow', '37.65');
    // Help where the traveller is: WhatsApp about this eSIM, and about anything below the list.
    const chat = new RegExp(storyText(ctx, 'shared')('whatsappChat'));
    await expect(within(first).getByRole('link', { name: chat })).toHaveAttribute('href', expect.stringContaining(first.getAttribute('aria-labelledby')?.replace('esim-', '') ?? 'x'));
    await expect(c.getAllByRole('link', { name: chat }).length).toBeGreaterThan(1);
  },
};

export const ExpiredTab: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('tab', { name: storyText(ctx, 'profile')('tabExpired') }));
    await expect(await c.findByRole('article', { name: 'eSIM 89961010025030200028' })).toBeInTheDocument();
  },
};

export const PurchaseHistory: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const t = storyText(ctx, 'profile');
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('tab', { name: t('tabHistory') }));
    await expect(within(await c.findByRole('list', { name: t('historyLabel') })).getAllByRole('listitem')).toHaveLength(5);
  },
};

export const Loading: Story = {
  parameters: shopParameters({ fixtures: { 'listEsimsByEmail': 'pending' } }),
  play: async ({ canvasElement, ...ctx }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(storyText(ctx, 'profile')('loadingEsims'));
  },
};

export const Empty: Story = {
  parameters: shopParameters({
    app: { session: { token: unsignedToken({ email: 'karim.nassar@example.com', first_name: 'Karim', last_name: 'Nassar' }), refreshToken: 'r', isGuest: 'false' } },
    fixtures: { 'listEsimsByEmail': 'empty' },
  }),
  play: async ({ canvasElement, ...ctx }) => {
    await expect(await within(canvasElement).findByText(storyText(ctx, 'shared')('nothingToShow'))).toBeInTheDocument();
  },
};

/** The list fails (500 problem+json): the error with a retry. */
export const Error: Story = {
  parameters: shopParameters({ fixtures: { 'listEsimsByEmail': 500 } }),
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole('alert')).toHaveTextContent(storyText(ctx, 'profile')('esimsFailed'));
    await expect(c.getByRole('button', { name: storyText(ctx, 'shared')('retry') })).toBeInTheDocument();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('article', { name: 'eSIM 89961010025061000016' })).toBeInTheDocument();
  },
};
