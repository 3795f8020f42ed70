import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { handlersFor, problemFor } from '@/mocks/handlers';
import { FIXTURE_BASES } from '@/mocks/har';
import { texts } from '@/shared/messages/messages';
import { startMockServer } from '@/test/msw';
import { PENDING_USER_KEY } from '@/shared/api/pendingUser';
import { AppProviders } from '@/test/AppProviders';
import { LoginPage } from './LoginPage';

const server = startMockServer();

function setup() {
  render(
    <AppProviders path="/login">
      <LoginPage />
    </AppProviders>,
  );
  return userEvent.setup();
}

async function submit(user: ReturnType<typeof userEvent.setup>, email: string, terms = true) {
  if (email) await user.type(await screen.findByLabelText('E-mail address'), email);
  if (terms) await user.click(screen.getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: 'Send code' }));
}

describe('LoginPage', () => {
  it('sends the login code, keeps the user id pending and opens the code page', async () => {
    server.use(...handlersFor({ 'token.guest': 'success', 'sendOtp': 'login' }));
    const user = setup();
    await submit(user, 'rana.haddad@example.com');
    expect(await screen.findByTestId('landed')).toHaveTextContent('Navigated to /otp/rana.haddad%40example.com/e7ab0df2-2fee-5bdd-b616-73c43b51fdf9');
    expect(window.localStorage.getItem(PENDING_USER_KEY)).toBe('e7ab0df2-2fee-5bdd-b616-73c43b51fdf9');
  });

  it("shows the server's detail for the recorded 404 of an unknown e-mail (section 8: status not 400)", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(...handlersFor([['token.guest', 'success'], ['sendOtp', 'login-unknown-email']]));
    const user = setup();
    await submit(user, 'nobody@example.com');
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('User not found'));
    expect(alert).not.toHaveTextContent(texts.emailNotFound);
    expect(window.localStorage.getItem(PENDING_USER_KEY)).toBeNull();
  });

  it("shows 'Email not found.' with both hints on a 400, the second linked to /plans", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(problemFor('sendOtp', 400), ...handlersFor({ 'token.guest': 'success' }));
    const user = setup();
    await submit(user, 'nobody@example.com');
    const alert = await screen.findByRole('alert');
    expect(await within(alert).findByText(texts.emailNotFound)).toBeInTheDocument();
    expect(within(alert).getByText(texts.hintCheckSpelling)).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: texts.hintNewUser })).toHaveAttribute('href', '/plans');
    expect(window.localStorage.getItem(PENDING_USER_KEY)).toBeNull();
  });

  it("shows the server's detail in red when the status is not 400", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const detail = 'The e-mail service is temporarily unavailable.';
    server.use(...handlersFor({ 'token.guest': 'success' }));
    // server.use prepends, so this answers before the fixture handler: the first try and
    // the retry after the guest login both fail.
    server.use(
      http.post(`${FIXTURE_BASES.api}users/otp/send_email/:email/true`, () =>
        HttpResponse.json({ title: 'Internal Server Error', status: 500, detail }, { status: 500 }),
      ),
    );
    const user = setup();
    await submit(user, 'rana.haddad@example.com');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(detail);
    expect(alert).not.toHaveTextContent(texts.emailNotFound);
    expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
  });

  it.each([
    { name: 'missing e-mail', email: '', terms: true, want: 'Please enter your e-mail address.' },
    { name: 'malformed e-mail', email: 'rana@', terms: true, want: 'Please enter a valid e-mail address.' },
    { name: 'terms not accepted', email: 'rana.haddad@example.com', terms: false, want: 'Please accept the terms and conditions.' },
  ])('refuses a $name without a request', async ({ email, terms, want }) => {
    const user = setup();
    await submit(user, email, terms);
    expect(await screen.findByText(want)).toBeInTheDocument();
    expect(screen.queryByTestId('landed')).not.toBeInTheDocument();
  });
});
