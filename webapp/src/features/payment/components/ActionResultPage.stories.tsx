import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, within } from 'storybook/test';
import { memoryStorage } from '@/shared/api/memoryStorage';
import { rememberOrder } from '@/shared/order/lastOrder';
import { shopParameters } from '@/test/storybook';
import { storyText } from '@/test/storyText';
import { ActionResultPage } from './ActionResultPage';

type DL = Window & { dataLayer?: unknown[] };

/** A fresh remembered-purchases store per story, kept across re-renders. */
function Page() {
  const [storage] = useState(() => memoryStorage());
  return <ActionResultPage storage={storage} />;
}

const meta = {
  title: 'payment/ActionResultPage',
  // Filled, Error and Mobile are compared with their visual baselines.
  tags: ['visual'],
  component: ActionResultPage,
  render: () => <Page />,
  parameters: shopParameters({ app: { path: '/actionresult', url: '/actionresult?success=true&tranId=TX-1001&amt=13.00&currCode=USD' } }),
  beforeEach: () => {
    delete (window as DL).dataLayer;
    window.sessionStorage.removeItem('lastOrder');
    return () => document.head.querySelectorAll('script[data-tag-manager]').forEach((s) => s.remove());
  },
} satisfies Meta<typeof ActionResultPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const purchases = () => ((window as DL).dataLayer ?? []).filter((e) => (e as { event?: string }).event === 'purchase');

export const Filled: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const t = storyText(ctx, 'payment');
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1 })).toHaveTextContent(storyText(ctx, 'shared')('paymentSuccessTitle'));
    await expect(c.getByText(t('thanks'))).toBeInTheDocument();
    await expect(c.getByRole('link', { name: t('viewEsim') })).toHaveAttribute('href', '/profile');
    await expect(purchases()).toEqual([
      {
        event: 'purchase',
        ecommerce: { transaction_id: 'TX-1001', value: 13, currency: 'USD', items: [{ item_name: 'eSIM', item_id: 'TX-1001', price: 13, quantity: 1 }] },
      },
    ]);
  },
};

export const Mobile: Story = { ...Filled, globals: { viewport: { value: 'mobile', isRotated: false } } };

/** The payment failed (the provider's redirect says so). */
export const Error: Story = {
  parameters: shopParameters({ app: { url: '/actionresult?success=false&tranId=TX-1002' } }),
  play: async ({ canvasElement, ...ctx }) => {
    const shared = storyText(ctx, 'shared');
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1 })).toHaveTextContent(shared('paymentFailedTitle'));
    await expect(c.getByText(shared('paymentUnsuccessful'))).toBeInTheDocument();
    await expect(c.getByRole('link', { name: storyText(ctx, 'payment')('backToPlans') })).toHaveAttribute('href', '/plans');
    await expect(purchases()).toEqual([]);
  },
};

export const ErrorMobile: Story = { ...Error, globals: { viewport: { value: 'mobile', isRotated: false } } };

/** With a tag-manager id configured, its script is added to the head. */
export const WithTagManager: Story = {
  parameters: shopParameters({ app: { config: { tagManagerId: 'GTM-STORY01' } } }),
  play: async () => {
    const script = document.head.querySelector<HTMLScriptElement>('script[data-tag-manager="GTM-STORY01"]');
    await expect(script?.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-STORY01');
  },
};

/** A declined card after the cart remembered its plan: pay the same plan with another card. */
export const DeclinedRetry: Story = {
  tags: ['!visual'],
  parameters: shopParameters({ app: { url: '/actionresult?success=false&tranId=TX-1003' } }),
  beforeEach: () => rememberOrder({ bundleId: 'turkey-1gb', topupAccountId: '' }),
  play: async ({ canvasElement, ...ctx }) => {
    const t = storyText(ctx, 'payment');
    const c = within(canvasElement);
    await expect(c.getByRole('link', { name: t('retryPayment') })).toHaveAttribute('href', '/cart/turkey-1gb');
    await expect(c.getByRole('link', { name: t('backToPlans') })).toHaveAttribute('href', '/plans');
  },
};

/** A paid top-up: the plan is added to the eSIM already on the phone, no QR code to wait for. */
export const TopupPaid: Story = {
  tags: ['!visual'],
  beforeEach: () => rememberOrder({ bundleId: 'turkey-1gb', topupAccountId: 'acc-1' }),
  play: async ({ canvasElement, ...ctx }) => {
    const t = storyText(ctx, 'payment');
    const c = within(canvasElement);
    // Matched on the exact text: the French one holds a narrow no-break space.
    await expect(c.getByText((_, el) => el?.tagName === 'P' && el.textContent === t('thanksTopup'))).toBeInTheDocument();
    await expect(c.queryByText(t('thanks'))).toBeNull();
  },
};
