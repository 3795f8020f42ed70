import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { FixtureSelection } from '@/mocks/handlers';
import { FIXTURE_BUNDLE_ID, FIXTURE_CHECKOUT_HOST, FIXTURE_TOPUP_ACCOUNT } from '@/test/fixtureData';
import { shopParameters } from '@/test/storybook';
import { containing, shownText, storyPrice, storyText, storyTitle } from '@/test/storyText';
import { CartPage } from './CartPage';

const PATH = '/cart/:bundleId/:topupAccountId?';
const URL_NEW = `/cart/${FIXTURE_BUNDLE_ID}`;
const config = { checkoutHosts: [FIXTURE_CHECKOUT_HOST] };

const visitor: FixtureSelection = {
  'token.guest': 'success',
  'getBundle': 'success',
  'sendOtp': 'signup',
  'verifyOtp': 'success',
  'token.otp': 'success',
};

// A customer pays: the visitor's calls are dropped (null), the payment's added.
const payment: FixtureSelection = {
  'token.guest': null,
  'sendOtp': null,
  'verifyOtp': null,
  'token.otp': null,
  'canPurchase': 'allowed',
  'createOrder': 'newly-created',
  'addOrderDetails': 'success',
};

const meta = {
  title: 'checkout/CartPage',
  // Filled, Error and Mobile are compared with their visual baselines.
  tags: ['visual', 'visual-rtl'],
  component: CartPage,
  args: { redirect: fn() },
  parameters: shopParameters({ app: { path: PATH, url: URL_NEW, config }, fixtures: visitor }),
} satisfies Meta<typeof CartPage>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
type Ctx = Parameters<typeof storyText>[0];

/** The checkout's texts (t) and the shared ones (s: the code form, section-8 messages) in the story's locale. */
const textsOf = (ctx: Ctx) => ({ t: storyText(ctx, 'checkout'), s: storyText(ctx, 'shared') });

async function fillSignup(c: Canvas, ctx: Ctx) {
  const { t } = textsOf(ctx);
  await userEvent.type(c.getByLabelText(t('firstName')), 'Rana');
  await userEvent.type(c.getByLabelText(t('lastName')), 'Haddad');
  await userEvent.type(c.getByLabelText(t('phoneNumber')), '71123456');
  await userEvent.type(c.getByLabelText(t('email')), 'rana.haddad@example.com');
}

/** A visitor: the summary and the signup form, Lebanon (961) first and chosen. */
export const Filled: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const { t } = textsOf(ctx);
    const c = within(canvasElement);
    await expect(await c.findByText(shownText(storyTitle(ctx, 'Turkey 5GB 30 Days', { countryCode: 'TR' })))).toBeInTheDocument();
    await expect(c.getByText(shownText(storyPrice(ctx, 13)))).toBeInTheDocument();
    await expect(c.getByLabelText(t('dialCode'))).toHaveValue('LB');
  },
};

export const Mobile: Story = {
  ...Filled,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};

export const Loading: Story = {
  parameters: shopParameters({ fixtures: { 'getBundle': 'pending' } }),
  play: async ({ canvasElement, ...ctx }) => {
    const { t } = textsOf(ctx);
    await expect(within(canvasElement).getAllByText(t('loadingValue'))).toHaveLength(2);
  },
};

/** The bundle cannot be loaded (500 problem+json): an error with Retry, no 'NA' and no signup form (issue 12). */
export const Error: Story = {
  parameters: shopParameters({ fixtures: { 'getBundle': 500 } }),
  play: async (ctx) => {
    const c = within(ctx.canvasElement);
    const t = storyText(ctx, 'checkout');
    await expect(await c.findByText(t('planFailed'))).toBeInTheDocument();
    await expect(c.getByRole('button', { name: storyText(ctx, 'shared')('retry') })).toBeInTheDocument();
    await expect(c.queryByText('NA')).not.toBeInTheDocument();
  },
};

/** A customer whose plan failed to load is offered no Pay button. */
export const ErrorNoPay: Story = {
  parameters: shopParameters({ app: { session: 'customer' }, fixtures: { ...payment, 'getBundle': 500 } }),
  play: async (ctx) => {
    const c = within(ctx.canvasElement);
    await expect(await c.findByText(storyText(ctx, 'checkout')('planFailed'))).toBeInTheDocument();
    await expect(c.queryByRole('button', { name: storyText(ctx, 'checkout')('proceedToPay') })).not.toBeInTheDocument();
  },
};

export const ValidationErrors: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const { t } = textsOf(ctx);
    const c = within(canvasElement);
    await userEvent.type(c.getByLabelText(t('email')), 'rana@example');
    await userEvent.click(c.getByRole('button', { name: t('verifyEmail') }));
    await expect(c.getByText(t('firstNameRequired'))).toBeInTheDocument();
    await expect(c.getByText(t('emailInvalid'))).toBeInTheDocument();
    await expect(c.getByLabelText(t('firstName'))).toHaveFocus();
  },
};

export const SendCodeError: Story = {
  parameters: shopParameters({ fixtures: { 'sendOtp': 'server-error' } }),
  play: async ({ canvasElement, ...ctx }) => {
    const { t } = textsOf(ctx);
    const c = within(canvasElement);
    await fillSignup(c, ctx);
    await userEvent.click(c.getByRole('button', { name: t('verifyEmail') }));
    await waitFor(() => expect(c.getByRole('alert')).toHaveTextContent('The e-mail service is temporarily unavailable.'));
  },
};

export const CodeStep: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const { t, s } = textsOf(ctx);
    const c = within(canvasElement);
    await fillSignup(c, ctx);
    await userEvent.click(c.getByRole('button', { name: t('verifyEmail') }));
    await expect(await c.findByLabelText(s('otpCodeLabel'))).toBeInTheDocument();
  },
};

export const CodeError: Story = {
  parameters: shopParameters({ fixtures: { 'verifyOtp': 'invalid-otp' } }),
  play: async ({ canvasElement, ...ctx }) => {
    const { t, s } = textsOf(ctx);
    const c = within(canvasElement);
    await fillSignup(c, ctx);
    await userEvent.click(c.getByRole('button', { name: t('verifyEmail') }));
    await userEvent.type(await c.findByLabelText(s('otpCodeLabel')), '111111');
    await userEvent.click(c.getByRole('button', { name: s('otpVerify') }));
    await waitFor(() => expect(c.getByRole('alert')).toHaveTextContent(s('invalidOtpRetry')));
  },
};

/** The whole visitor path: form, code, then the page as a logged-in customer. */
export const VerifiedBecomesCustomer: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const { t, s } = textsOf(ctx);
    const c = within(canvasElement);
    await fillSignup(c, ctx);
    await userEvent.click(c.getByRole('button', { name: t('verifyEmail') }));
    await userEvent.type(await c.findByLabelText(s('otpCodeLabel')), '123456');
    await userEvent.click(c.getByRole('button', { name: s('otpVerify') }));
    await expect(await c.findByRole('button', { name: t('proceedToPay') })).toBeEnabled();
  },
};

export const LoggedIn: Story = {
  parameters: shopParameters({ app: { session: 'customer' }, fixtures: payment }),
  play: async ({ canvasElement, ...ctx }) => {
    const { t } = textsOf(ctx);
    const c = within(canvasElement);
    await expect(c.getByText(containing(t('thanksName', { name: 'Rana Haddad' }).trim()))).toBeInTheDocument();
    await expect(c.getByRole('button', { name: t('proceedToPay') })).toBeEnabled();
  },
};

export const LoggedInTopup: Story = {
  parameters: shopParameters({ app: { url: `${URL_NEW}/${FIXTURE_TOPUP_ACCOUNT}`, session: 'customer' }, fixtures: { ...payment, 'addOrderDetails': 'topup' } }),
  play: async ({ canvasElement, ...ctx }) => {
    const { t } = textsOf(ctx);
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1 })).toHaveTextContent(t('topupHeading'));
    // A top-up adds data to an eSIM already on the phone: no device warning, no new eSIM.
    await expect(await c.findByText((_, el) => el?.tagName === 'P' && !!el.textContent?.includes(t('accountReadyTopup')))).toBeInTheDocument();
    await expect(c.queryByText((_, el) => el?.tagName === 'P' && !!el.textContent?.includes(t('compatNote')))).toBeNull();
  },
};

export const Redirecting: Story = {
  ...LoggedIn,
  play: async ({ canvasElement, args, ...ctx }) => {
    const { t } = textsOf(ctx);
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: t('proceedToPay') }));
    await expect(await c.findByRole('button', { name: t('redirecting') })).toHaveAttribute('aria-disabled', 'true');
    await expect(args.redirect).toHaveBeenCalledWith(expect.stringContaining('currency=usd&quantity=1'));
  },
};

export const RefusedPreCheck: Story = {
  parameters: shopParameters({ app: { session: 'customer' }, fixtures: { ...payment, 'canPurchase': 'refused' } }),
  play: async ({ canvasElement, args, ...ctx }) => {
    const { t } = textsOf(ctx);
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: t('proceedToPay') }));
    await waitFor(() => expect(c.getByRole('alert')).toHaveTextContent('You already have an active Turkey eSIM.'));
    await expect(args.redirect).not.toHaveBeenCalled();
  },
};

/** The checkout link points at a host the configuration does not list. */
export const PaymentError: Story = {
  parameters: shopParameters({ app: { config: { checkoutHosts: ['pay.provider.test'] }, session: 'customer' }, fixtures: payment }),
  play: async ({ canvasElement, args, ...ctx }) => {
    const { t, s } = textsOf(ctx);
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: t('proceedToPay') }));
    await waitFor(() => expect(c.getByRole('alert')).toHaveTextContent(s('paymentFailed', { phone: '+961 1 555 010', email: 'support@cedarsim.example' })));
    await expect(args.redirect).not.toHaveBeenCalled();
  },
};

export const LoggedInMobile: Story = {
  ...LoggedIn,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};
