import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handlersFor } from '@/mocks/handlers';
import { FIXTURE_BASES } from '@/mocks/har';
import { createApiServices } from '@/shared/api/services';
import { memoryStorage } from '@/shared/api/memoryStorage';
import { fixtureConfig } from '@/test/fixtureConfig';
import { startMockServer } from '@/test/msw';
import { AppProviders } from '@/test/AppProviders';
import { unsignedToken } from '@/test/sessions';
import { SUB_KEY } from '../api/verifyEmailToken';
import { TokenPage } from './TokenPage';

const server = startMockServer();
afterEach(() => server.events.removeAllListeners());
const customer = unsignedToken({ sub: 'a470c1b3-781d-50d9-89e2-da2d07e0d0bd', email: 'rana.haddad@example.com', is_guest: false });
const guest = unsignedToken({ sub: 'guest-sub', email: 'guest@x.example', is_guest: true });

// No fixture exists for the token check (the spec does not show the request): these
// answers follow the decision in docs/contract.md.
const answer = (body: Record<string, unknown>, status = 200) =>
  http.get(`${FIXTURE_BASES.api}users/actions/verify-email-token/:token`, () => HttpResponse.json(body, { status }));

function setup(url: string, check?: ReturnType<typeof answer>) {
  server.use(...handlersFor({ 'token.guest': 'success' }));
  if (check) server.use(check);
  const requests: string[] = [];
  server.events.on('request:start', ({ request }) => void requests.push(new URL(request.url).pathname));
  const services = createApiServices(fixtureConfig(), memoryStorage());
  render(
    <AppProviders path="/token/:token?" url={url} services={services}>
      <TokenPage />
    </AppProviders>,
  );
  return { services, requests };
}

const landedHome = async () => expect(await screen.findByTestId('landed')).toHaveTextContent(/^Navigated to \/$/);

describe('TokenPage', () => {
  it('logs the customer in when the e-mail is confirmed, then goes home', async () => {
    const { services, requests } = setup(`/token/${customer}`, answer({ data: { data: { emailConfirmed: true } } }));
    await landedHome();
    expect(services.client.store.load()).toMatchObject({ token: customer, isGuest: 'false' });
    expect(requests).toContain(`/api/v1/users/actions/verify-email-token/${customer}`);
  });

  it.each([
    { name: 'the answer', body: { data: { data: { emailConfirmed: false, sub: 'sub-from-answer' } } }, want: 'sub-from-answer' },
    { name: 'the token', body: { data: { data: { emailConfirmed: false } } }, want: 'a470c1b3-781d-50d9-89e2-da2d07e0d0bd' },
  ])('stores the sub from $name when the e-mail is not confirmed', async ({ body, want }) => {
    const { services } = setup(`/token/${customer}`, answer(body));
    await landedHome();
    expect(window.localStorage.getItem(SUB_KEY)).toBe(want);
    expect(services.client.store.load().isGuest).not.toBe('false');
  });

  it.each([
    { name: 'a failed check', token: customer, check: answer({ title: 'Internal Server Error', status: 500, detail: 'x' }, 500) },
    { name: 'an answer without data', token: customer, check: answer({}) },
    { name: 'a guest token', token: guest, check: answer({ data: { data: { emailConfirmed: true } } }) },
  ])('logs $name and still goes home', async ({ token, check }) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { services } = setup(`/token/${token}`, check);
    await landedHome();
    expect(error).toHaveBeenCalledWith('token landing: check failed', expect.any(String));
    expect(services.client.store.load().isGuest).not.toBe('false');
  });

  it('goes home at once without a token', async () => {
    const { requests } = setup('/token');
    await landedHome();
    expect(requests).toEqual([]);
  });
});
