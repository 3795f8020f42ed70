import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { handlersFor } from '@/mocks/handlers';
import { FIXTURE_BASES } from '@/mocks/har';
import { startMockServer } from '@/test/msw';
import { AppProviders } from '@/test/AppProviders';
import { LoginPage } from './LoginPage';
import { OtpPage } from './OtpPage';

// A 429 (too many code e-mails or code checks) tells the user to wait, and for how long
// (docs/contract.md, "Retries and the refresh rule").

const server = startMockServer();
// The first render of a page pays for its lazy imports; on the loaded 2-core CI machine
// that alone has taken 16 s, close to the project's 20 s default.
const SLOW = 60_000;

const tooMany = (detail: string, retryAfter: string) => () =>
  HttpResponse.json(
    { type: 'https://www.rfc-editor.org/rfc/rfc9110#status.429', title: 'Too Many Requests', status: 429, detail },
    { status: 429, headers: { 'Content-Type': 'application/problem+json', 'Retry-After': retryAfter } },
  );

describe('rate limits', () => {
  it('the login form says how long to wait after too many code e-mails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(...handlersFor({ 'token.guest': 'success' }));
    server.use(http.post(`${FIXTURE_BASES.api}users/otp/send_email/:email/true`, tooMany('Too many code e-mails for this address.', '600')));
    render(
      <AppProviders path="/login">
        <LoginPage />
      </AppProviders>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail address'), 'rana.haddad@example.com');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. Please wait 10 minutes and try again.'));
  }, SLOW);

  it('the code form says how long to wait after too many code checks', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(...handlersFor({ 'token.guest': 'success' }));
    server.use(http.post(`${FIXTURE_BASES.api}users/otp/email/:userId`, tooMany('Too many attempts.', '45')));
    render(
      <AppProviders path="/otp/:email/:userId" url="/otp/rana.haddad%40example.com/e7ab0df2-2fee-5bdd-b616-73c43b51fdf9">
        <OtpPage />
      </AppProviders>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. Please wait 45 seconds and try again.'));
  }, SLOW);
});
