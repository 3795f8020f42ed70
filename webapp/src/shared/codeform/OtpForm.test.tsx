import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { handlersFor, type Selection } from '@/mocks/handlers';
import { createApiServices } from '@/shared/api/services';
import { memoryStorage } from '@/shared/api/memoryStorage';
import { fixtureConfig } from '@/test/fixtureConfig';
import { texts } from '@/shared/messages/messages';
import { startMockServer } from '@/test/msw';
import { PENDING_USER_KEY } from '@/shared/api/pendingUser';
import { CaptchaProvider } from '@/shared/captcha/CaptchaProvider';
import { AppProviders } from '@/test/AppProviders';
import { OtpForm } from './OtpForm';

const server = startMockServer();
const USER = 'e7ab0df2-2fee-5bdd-b616-73c43b51fdf9';
const EMAIL = 'rana.haddad@example.com';

function setup(selection: Selection, opts: { captcha?: 'never-ready'; userId?: string } = {}) {
  server.use(...handlersFor(selection));
  const services = createApiServices(fixtureConfig(), memoryStorage());
  const onVerified = vi.fn();
  const form = <OtpForm userId={opts.userId ?? USER} email={EMAIL} onVerified={onVerified} />;
  render(
    <AppProviders services={services} config={opts.captcha ? { captchaSiteKey: 'site-key' } : undefined}>
      {opts.captcha ? <CaptchaProvider load={() => new Promise(() => undefined)}>{form}</CaptchaProvider> : form}
    </AppProviders>,
  );
  return { services, onVerified, user: userEvent.setup() };
}

const verify = { 'token.guest': 'success', 'token.otp': 'success' } as const;

describe('OtpForm', () => {
  it('logs in: tokens stored, flag false, pending id removed, field cleared', async () => {
    window.localStorage.setItem(PENDING_USER_KEY, USER);
    const { services, onVerified, user } = setup({ ...verify, 'verifyOtp': 'success' });
    const field = await screen.findByLabelText('Verification code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(onVerified).toHaveBeenCalledTimes(1));
    const s = services.client.store.load();
    expect(s.isGuest).toBe('false');
    expect(s.token).toMatch(/^eyJ/);
    expect(s.refreshToken).not.toBe('');
    expect(window.localStorage.getItem(PENDING_USER_KEY)).toBeNull();
    expect(field).toHaveValue('');
  });

  it('verifies with the user id from storage, not the one in the URL (spec section 7)', async () => {
    // The fixture answers the stored id; the URL names another one.
    const STORED = USER;
    window.localStorage.setItem(PENDING_USER_KEY, STORED);
    const sent: { path: string; userId: unknown }[] = [];
    server.events.on('request:start', ({ request }) => {
      if (!request.url.includes('/users/otp/email/')) return;
      void request
        .clone()
        .json()
        .then((b: { userId?: unknown }) => sent.push({ path: new URL(request.url).pathname, userId: b.userId }));
    });
    const { onVerified, user } = setup({ ...verify, 'verifyOtp': 'success' }, { userId: '0b9f3c1e-6a2d-5e4f-8a7b-1c2d3e4f5a6b' });
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(onVerified).toHaveBeenCalledTimes(1));
    server.events.removeAllListeners();
    expect(sent).toEqual([{ path: expect.stringMatching(new RegExp(`/users/otp/email/${STORED}$`)), userId: STORED }]);
  });

  it('falls back to the URL user id only when storage has none', async () => {
    window.localStorage.removeItem(PENDING_USER_KEY);
    const paths: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/users/otp/email/')) paths.push(new URL(request.url).pathname);
    });
    const { onVerified, user } = setup({ ...verify, 'verifyOtp': 'success' });
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(onVerified).toHaveBeenCalledTimes(1));
    server.events.removeAllListeners();
    expect(paths).toEqual([expect.stringMatching(new RegExp(`/users/otp/email/${USER}$`))]);
  });

  it.each([
    { scenario: 'conflict', want: texts.conflict },
    { scenario: 'invalid-captcha', want: texts.invalidCaptcha },
    { scenario: 'invalid-otp', want: texts.invalidOtpRetry },
    { scenario: 'account-locked', want: texts.accountLocked },
    { scenario: 'bad-request', want: texts.unexpected },
    { scenario: 'server-error', want: texts.invalidOtp },
  ] as const)('verify $scenario shows "$want" and clears the field', async ({ scenario, want }) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { services, onVerified, user } = setup({ ...verify, 'verifyOtp': scenario });
    const field = await screen.findByLabelText('Verification code');
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    // The alert region is there from the start; the reason appears inside it.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(want));
    expect(screen.getByRole('alert').textContent).toBe(want);
    expect(field).toHaveValue('');
    // The cleared field is marked invalid and described by the reason (3.3.1).
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(want));
    expect(field).toHaveFocus();
    expect(onVerified).not.toHaveBeenCalled();
    expect(services.client.store.load().isGuest).not.toBe('false');
  });

  it.each([
    { name: 'empty', typed: '', want: 'Please enter the code from the e-mail.' },
    { name: 'not numeric', typed: '12ab', want: 'The code has digits only.' },
  ])('refuses an $name code without a request', async ({ typed, want }) => {
    // No handler: any request would fail the test (onUnhandledRequest: error).
    const { onVerified, user } = setup({});
    const field = await screen.findByLabelText('Verification code');
    if (typed) await user.type(field, typed);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(want)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('does nothing and logs when the captcha is not ready', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const { onVerified, user } = setup({}, { captcha: 'never-ready' });
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(info).toHaveBeenCalledWith(expect.stringContaining('captcha not ready'));
    // The error region is always there (so its changes are announced), and stays empty.
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(screen.getByLabelText('Verification code')).toHaveValue('123456');
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('resends the login code and keeps the new user id pending', async () => {
    const { user } = setup({ 'token.guest': 'success', 'sendOtp': 'login' });
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('A new code is on its way.')).toHaveAttribute('role', 'status');
    expect(window.localStorage.getItem(PENDING_USER_KEY)).toBe(USER);
  });
});
