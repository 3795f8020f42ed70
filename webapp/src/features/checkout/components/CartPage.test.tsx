import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFixtureHandlers, type Selection, type SelectionPair } from '@/mocks/handlers';
import { memoryStorage } from '@/shared/api/memoryStorage';
import { startMockServer } from '@/test/msw';
import { lastOrder } from '@/shared/order/lastOrder';
import { AppProviders } from '@/test/AppProviders';
import { FIXTURE_BUNDLE_ID, FIXTURE_CHECKOUT_HOST, FIXTURE_TOPUP_ACCOUNT } from '@/test/fixtureData';
import type { Locale } from '@/shared/i18n/locales';
import { CartPage } from './CartPage';
import ar from '../locales/ar.json';
import sharedAr from '@/shared/i18n/locales/ar.json';

const server = startMockServer();

const PAYMENT_FAILED = 'Unexpected error, please contact support +961 1 555 010 or support@cedarsim.example';

function use(selection: Selection | readonly SelectionPair[]) {
  const h = createFixtureHandlers(selection);
  server.use(...h.handlers);
  return h;
}

type RenderOpts = { topup?: boolean; customer?: boolean; hosts?: string[]; storage?: Storage; locale?: Locale };

function renderCart({ topup = false, customer = false, hosts = [FIXTURE_CHECKOUT_HOST], storage, locale }: RenderOpts = {}) {
  const redirect = vi.fn<(url: string) => void>();
  const url = topup ? `/cart/${FIXTURE_BUNDLE_ID}/${FIXTURE_TOPUP_ACCOUNT}` : `/cart/${FIXTURE_BUNDLE_ID}`;
  render(
    <AppProviders path="/cart/:bundleId/:topupAccountId?" url={url} config={{ checkoutHosts: hosts }} session={customer ? 'customer' : undefined} storage={storage} locale={locale}>
      <CartPage redirect={redirect} />
    </AppProviders>,
  );
  return { redirect, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;

/** fill pastes into a field: typing key by key is slow in jsdom and tests nothing more here. */
async function fill(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillSignup(user: User, email = 'rana.haddad@example.com') {
  await fill(user, screen.getByLabelText('First name'), 'Rana');
  await fill(user, screen.getByLabelText('Last name'), 'Haddad');
  await fill(user, screen.getByLabelText('Phone number'), '71123456');
  await fill(user, screen.getByLabelText('E-mail'), email);
}

const visitor: Selection = {
  'token.guest': 'success',
  'getBundle': 'success',
  'sendOtp': 'signup',
  'verifyOtp': 'success',
  'token.otp': 'success',
};

const payment: Selection = {
  'getBundle': 'success',
  'canPurchase': 'allowed',
  'createOrder': 'newly-created',
  'addOrderDetails': 'success',
};

describe('CartPage', () => {
  it('shows the heading, the summary, the links and the device text', async () => {
    use({ 'token.guest': 'success', 'getBundle': 'success' });
    renderCart();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Just one more step to get your eSIM');
    expect(await screen.findByText('Turkey 5GB 30 Days')).toBeInTheDocument();
    expect(screen.getByText('13.00 USD')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change plan' })).toHaveAttribute('href', '/plans');
    expect(screen.getAllByRole('link', { name: 'Terms and Conditions' })[0]).toHaveAttribute('href', '/terms-and-conditions');
    expect(screen.getAllByRole('link', { name: 'Privacy Policy' })[0]).toHaveAttribute('href', '/privacy');
    expect(screen.getByText(/eSIM-compatible devices that are carrier-unlocked/)).toBeInTheDocument();
  });

  it('says the plan could not be loaded, offers Retry and no Pay, and retries (issue 12)', async () => {
    use({ 'token.guest': 'success' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderCart({ customer: true });
    expect(await screen.findByText('The plan could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByText('NA')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Proceed to Pay' })).not.toBeInTheDocument();
    use({ 'getBundle': 'success' });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Proceed to Pay' })).toBeInTheDocument();
    expect(screen.queryByText('The plan could not be loaded.')).not.toBeInTheDocument();
    expect(screen.getByText('Total').nextElementSibling?.textContent).toMatch(/USD$/);
  });

  it('shows a visitor no signup form for a plan that failed to load', async () => {
    use({ 'token.guest': 'success' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderCart();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify your E-mail' })).not.toBeInTheDocument();
  });

  it('uses the top-up heading when a top-up account is given', () => {
    use({ 'token.guest': 'success', 'getBundle': 'success' });
    renderCart({ topup: true });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Just one more step to topup your eSIM');
  });

  it('talks about a top-up: no device-compatibility warning, no new eSIM promised', async () => {
    use({ 'getBundle': 'success' });
    renderCart({ customer: true, topup: true });
    expect(await screen.findByText(/Proceed to pay to add this plan to your eSIM/)).toBeInTheDocument();
    expect(screen.queryByText(/receive your eSIM/)).toBeNull();
    expect(screen.queryByText(/eSIM-compatible devices/)).toBeNull();
  });

  it('defaults the dial code to Lebanon, listed first', () => {
    use({ 'token.guest': 'success', 'getBundle': 'success' });
    renderCart();
    const select = screen.getByLabelText<HTMLSelectElement>('Country dial code');
    expect(select.value).toBe('LB');
    expect(select.options[0]).toHaveTextContent('+961 Lebanon');
  });

  it('shows the country picked among those sharing a dial code, and sends the code', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && request.url.includes('users/otp/send_email/')) void request.clone().json().then((b: Record<string, unknown>) => bodies.push(b));
    });
    use(visitor);
    const { user } = renderCart();
    await fillSignup(user);
    const select = screen.getByLabelText<HTMLSelectElement>('Country dial code');
    // Jamaica and the United States share +1: the select keeps showing the one picked.
    await user.selectOptions(select, 'JM');
    expect(select.selectedOptions[0]).toHaveTextContent('+1 Jamaica');
    // The recorded sign-up is Lebanese (its body is its match key): only the request is checked.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Verify your E-mail' }));
    await waitFor(() => expect(bodies.length).toBeGreaterThan(0));
    server.events.removeAllListeners();
    for (const b of bodies) expect(b).toMatchObject({ countryCode: '1', phone: '71123456' });
  });

  it.each([
    ['every field missing', '', ['First name is required', 'Last name is required', 'Phone number is required', 'E-mail is required']],
    ['a malformed e-mail', 'rana.haddad@example', ['Enter a valid e-mail address']],
  ])('refuses %s without a request', async (_name, email, errors) => {
    use({ 'token.guest': 'success', 'getBundle': 'success' });
    const { user } = renderCart();
    if (email) await fillSignup(user, email);
    await user.click(screen.getByRole('button', { name: 'Verify your E-mail' }));
    for (const e of errors) expect(screen.getByText(e)).toBeInTheDocument();
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
  });

  it('does not enforce the two checkboxes (section 5)', async () => {
    const h = use(visitor);
    const { user } = renderCart();
    await fillSignup(user);
    expect(screen.getByLabelText('I confirm that the information above is valid')).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Verify your E-mail' }));
    expect(await screen.findByLabelText('Verification code')).toBeInTheDocument();
    expect(h.unused()).toContain('verifyOtp/success#0');
  });

  it('takes a visitor from the form through the code to the logged-in confirmation', async () => {
    const storage = memoryStorage();
    const h = use(visitor);
    const { user } = renderCart({ storage });
    await fillSignup(user);
    await user.click(screen.getByRole('button', { name: 'Verify your E-mail' }));
    const code = await screen.findByLabelText('Verification code');
    // The pending user id is kept while the code is entered, and dropped once verified.
    expect(window.localStorage.getItem('pendingUserId')).toBe('e7ab0df2-2fee-5bdd-b616-73c43b51fdf9');
    await fill(user, code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: 'Proceed to Pay' })).toBeEnabled();
    expect(screen.getByText(/Thank you, Rana Haddad/)).toBeInTheDocument();
    expect(storage.getItem('isGuest')).toBe('false');
    expect(window.localStorage.getItem('pendingUserId')).toBeNull();
    expect(h.unused()).toEqual([]);
  });

  it('takes Arabic-Indic digits in the phone and the code, and sends them as ASCII digits (Arabic page)', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && /users\/otp\/(send_email|email)\//.test(request.url)) void request.clone().json().then((b: Record<string, unknown>) => bodies.push(b));
    });
    use(visitor);
    const { user } = renderCart({ locale: 'ar' });
    // The fixture's names: the signup body is part of the fixture's match key (docs/qa.md).
    await fill(user, await screen.findByLabelText(ar.firstName), 'Rana');
    await fill(user, screen.getByLabelText(ar.lastName), 'Haddad');
    // ٧١١٢٣٤٥٦ on an Arabic keyboard; ۳ is the Persian three.
    await fill(user, screen.getByLabelText(ar.phoneNumber), '\u0667\u0661\u0661\u0662\u06f3\u0664\u0665\u0666');
    await fill(user, screen.getByLabelText(ar.email), 'rana.haddad@example.com');
    await user.click(screen.getByRole('button', { name: ar.verifyEmail }));
    const code = await screen.findByLabelText(sharedAr.otpCodeLabel);
    await fill(user, code, '\u0661\u0662\u0663\u0664\u0665\u0666');
    await user.click(screen.getByRole('button', { name: sharedAr.otpVerify }));
    expect(await screen.findByRole('button', { name: ar.proceedToPay })).toBeEnabled();
    server.events.removeAllListeners();
    expect(bodies[0]).toMatchObject({ phone: '71123456', countryCode: '961' });
    expect(bodies[1]).toMatchObject({ otp: '123456' });
  });

  it('shows the server detail in red when the code cannot be sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    use({ ...visitor, 'sendOtp': 'server-error' });
    const { user } = renderCart();
    await fillSignup(user);
    await user.click(screen.getByRole('button', { name: 'Verify your E-mail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail service is temporarily unavailable. Please try again in a few minutes.');
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
  });

  it.each([
    ['invalid-otp', 'Invalid OTP please try again'],
    ['account-locked', 'Account is locked due to multiple failed attempts. Please try again later.'],
    ['conflict', 'Conflict error, contact support!'],
    ['server-error', 'Invalid OTP'],
  ] as const)('shows the %s verify error and clears the field', async (scenario, text) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    use({ ...visitor, 'verifyOtp': scenario });
    const { user } = renderCart();
    await fillSignup(user);
    await user.click(screen.getByRole('button', { name: 'Verify your E-mail' }));
    const code = await screen.findByLabelText<HTMLInputElement>('Verification code');
    await fill(user, code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${text.replace(/[.!]/g, '\\$&')}$`));
    expect(code.value).toBe('');
    expect(screen.queryByRole('button', { name: 'Proceed to Pay' })).not.toBeInTheDocument();
  });

  it('treats a guest session as a visitor', async () => {
    use({ 'token.guest': 'success', 'getBundle': 'success' });
    render(
      <AppProviders path="/cart/:bundleId" url={`/cart/${FIXTURE_BUNDLE_ID}`} session={{ token: 'x.y.z', isGuest: 'true' }}>
        <CartPage redirect={() => {}} />
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: 'Verify your E-mail' })).toBeInTheDocument();
  });

  it('pays: pre-check, new order, order line, then the link with currency and quantity', async () => {
    const h = use(payment);
    const { user, redirect } = renderCart({ customer: true });
    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1));
    const link = new URL(redirect.mock.calls[0]?.[0] ?? '');
    expect(link.host).toBe(FIXTURE_CHECKOUT_HOST);
    expect(link.searchParams.get('currency')).toBe('usd');
    expect(link.searchParams.get('quantity')).toBe('1');
    expect(link.searchParams.get('orderId')).toBe('3e2b37f2-e4b0-5ad0-a81a-aad25a1e3d1d');
    expect(screen.getByRole('button', { name: 'Redirecting...' })).toHaveAttribute('aria-disabled', 'true');
    expect(h.unused()).toEqual([]);
  });

  it('deletes an order that was not newly created and creates a new one', async () => {
    const h = use([
      ['getBundle', 'success'],
      ['canPurchase', 'allowed'],
      ['createOrder', 'existing'],
      ['deleteOrder', 'success'],
      ['createOrder', 'newly-created'],
      ['addOrderDetails', 'success'],
    ]);
    const deleted: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'DELETE') deleted.push(new URL(request.url).pathname);
    });
    const { user, redirect } = renderCart({ customer: true });
    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1));
    expect(deleted).toEqual(['/api/v1/orderfulfillment/orders/1c9eba5b-5a92-534e-ac15-4ae8525f1668']);
    expect(new URL(redirect.mock.calls[0]?.[0] ?? '').searchParams.get('orderId')).toBe('3e2b37f2-e4b0-5ad0-a81a-aad25a1e3d1d');
    expect(h.unused()).toEqual([]);
    server.events.removeAllListeners();
  });

  it('adds the order line to the top-up account', async () => {
    const h = use({ ...payment, 'addOrderDetails': 'topup' });
    const { user, redirect } = renderCart({ customer: true, topup: true });
    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1));
    expect(h.unused()).toEqual([]);
    // The result page learns from this that the payment was a top-up of this eSIM.
    expect(lastOrder()).toEqual({ bundleId: FIXTURE_BUNDLE_ID, topupAccountId: FIXTURE_TOPUP_ACCOUNT });
  });

  it('shows the reason of a refused pre-check and creates no order', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    use({ 'getBundle': 'success', 'canPurchase': 'refused' });
    const { user, redirect } = renderCart({ customer: true });
    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have an active Turkey eSIM. Please top it up from My eSIMs instead.');
    expect(screen.getByRole('button', { name: 'Proceed to Pay' })).toBeEnabled();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('refuses a checkout link outside the configured hosts', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    use(payment);
    const { user, redirect } = renderCart({ customer: true, hosts: ['pay.provider.test'] });
    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${PAYMENT_FAILED.replace(/[.+]/g, '\\$&')}$`));
    expect(redirect).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith('checkout: refused a checkout link outside the allowed hosts');
  });

  it('shows the payment-failure message when a step fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // No addOrderDetails fixture: the order line answers 501.
    use({ 'getBundle': 'success', 'canPurchase': 'allowed', 'createOrder': 'newly-created' });
    const { user, redirect } = renderCart({ customer: true });
    await user.click(screen.getByRole('button', { name: 'Proceed to Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_FAILED);
    expect(redirect).not.toHaveBeenCalled();
  });
});
