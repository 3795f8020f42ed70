import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { findScenario, handlersFor, type Selection } from '@/mocks/handlers';
import { createApiServices } from '@/shared/api/services';
import { memoryStorage } from '@/shared/api/memoryStorage';
import { fixtureConfig } from '@/test/fixtureConfig';
import { texts } from '@/shared/messages/messages';
import { startMockServer } from '@/test/msw';
import { AppProviders } from '@/test/AppProviders';
import { sessionOf, unsignedToken, type SessionChoice } from '@/test/sessions';
import { ProfilePage } from './ProfilePage';

const server = startMockServer();

const customer: Selection = { 'listEsimsByEmail': 'success', 'getEsimInfo': 'success', 'getQrCode': 'success' };

function setup(selection: Selection, session: SessionChoice = 'customer') {
  server.use(...handlersFor(selection));
  render(
    <AppProviders path="/profile" session={session}>
      <ProfilePage />
    </AppProviders>,
  );
  return userEvent.setup();
}

const esimHeadings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('ProfilePage', () => {
  it('welcomes the customer by the token claims and lists active eSIMs', async () => {
    setup(customer);
    expect(screen.getByText('Welcome Rana Haddad')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Active eSIM', selected: true })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: /89961010025061000016/ });
    // Processing, Queued and Active go under Active eSIM.
    expect(esimHeadings()).toEqual(['eSIM 89961010025061000016', 'eSIM 89961010025062100039']);
    const first = screen.getByRole('article', { name: 'eSIM 89961010025061000016' });
    expect(within(first).getAllByRole('button', { expanded: false }).map((b) => b.textContent)).toEqual(['Turkey 5GBActive', 'Turkey 1GBQueued']);
    expect(within(first).getByRole('link', { name: 'Top up this eSIM' })).toHaveAttribute(
      'href',
      '/topup-plans/TR/89961010025061000016/cee6adbd-1bbf-5a6b-9dd1-0b6cda99b5e4/0',
    );
    expect(within(first).getByRole('img', { name: 'QR code to install the eSIM 89961010025061000016' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,iVBOR/),
    );
    expect(within(within(first).getByRole('list', { name: 'Coverage' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Turkey']);
  });

  it('puts Depleted, Expired and Revoked under Expired eSIM', async () => {
    const user = setup(customer);
    await user.click(await screen.findByRole('tab', { name: 'Expired eSIM' }));
    expect(await screen.findByRole('heading', { level: 2 })).toHaveTextContent('89961010025030200028');
    expect(esimHeadings()).toHaveLength(1);
  });

  it('sorts the purchase history newest first', async () => {
    const user = setup(customer);
    await user.click(await screen.findByRole('tab', { name: 'Purchase History' }));
    const list = await screen.findByRole('list', { name: 'Purchases, newest first' });
    const titles = within(list)
      .getAllByRole('button')
      .map((b) => b.textContent?.replace(/(Active|Queued|Processing|Depleted|Expired)$/, ''));
    expect(titles).toEqual([
      expect.stringMatching(/^UAE|^United Arab Emirates/),
      // The time keeps its period on its line (a no-break space).
      'Turkey 1GB, Jun 20, 2025, 8:40\u00a0PM',
      'Turkey 5GB, Jun 10, 2025, 11:15\u00a0AM',
      expect.stringContaining('Mar 12, 2025'),
      expect.stringContaining('Mar 2, 2025'),
    ]);
  });

  it('loads a plan on expand: status, Beirut dates, consumption', async () => {
    const user = setup(customer);
    const first = await screen.findByRole('article', { name: 'eSIM 89961010025061000016' });
    const plan = within(first).getByRole('button', { name: /Turkey 5GB/ });
    await user.click(plan);
    expect(plan).toHaveAttribute('aria-expanded', 'true');
    const bar = await within(first).findByRole('progressbar', { name: 'Data used' });
    expect(bar).toHaveAttribute('aria-valuenow', '37.65');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(within(first).getByText('Jun 12, 2025, 9:02 AM')).toBeInTheDocument();
    expect(within(first).getByText('Jul 12, 2025, 9:02 AM')).toBeInTheDocument();
    expect(within(first).getByText('1883 MB used of 5.00 GB (37.65%)')).toBeInTheDocument();
  });

  it("shows 'Nothing to show' in every tab when the customer has no eSIM", async () => {
    const token = unsignedToken({ email: 'karim.nassar@example.com', first_name: 'Karim', last_name: 'Nassar', is_guest: false });
    const user = setup({ 'listEsimsByEmail': 'empty' }, { token, refreshToken: 'r', isGuest: 'false' });
    expect(await screen.findByText(texts.nothingToShow)).toBeInTheDocument();
    expect(screen.getByText('Welcome Karim Nassar')).toBeInTheDocument();
    for (const tab of ['Expired eSIM', 'Purchase History']) {
      await user.click(screen.getByRole('tab', { name: tab }));
      expect(screen.getByText(texts.nothingToShow)).toBeInTheDocument();
    }
  });

  it('says so when the list cannot be loaded, and retries', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = setup({});
    expect(await screen.findByRole('alert')).toHaveTextContent('Your eSIMs could not be loaded.');
    server.use(...handlersFor(customer));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'eSIM 89961010025061000016' })).toBeInTheDocument();
  });

  it('retries failed plan details in place, without a reload (issue 12)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = setup({ 'listEsimsByEmail': 'success', 'getQrCode': 'success' });
    const first = await screen.findByRole('article', { name: 'eSIM 89961010025061000016' });
    const plan = within(first).getByRole('button', { name: /Turkey 5GB/ });
    await user.click(plan);
    expect(await within(first).findByText('The plan details could not be loaded.')).toBeInTheDocument();
    server.use(...handlersFor({ 'getEsimInfo': 'success' }));
    await user.click(within(first).getByRole('button', { name: 'Retry' }));
    expect(await within(first).findByRole('progressbar', { name: 'Data used' })).toBeInTheDocument();
    expect(plan).toHaveAttribute('aria-expanded', 'true');
  });

  it('fetches the eSIM list once across a silent token refresh (query keys never hold the token)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const counts = { esims: 0, refresh: 0 };
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/esims/useremails/')) counts.esims += 1;
      if (request.url.includes('/connect/token')) counts.refresh += 1;
    });
    // The first eSIM-list call finds the access token expired (401): the client refreshes
    // it silently and retries; the new token changes the session, not the customer.
    let expired = true;
    server.use(...handlersFor({ ...customer, 'token.refresh': 'success' }));
    // Added last, so it answers first.
    server.use(
      http.get(/\/esims\/useremails\//, () => {
        if (!expired) return undefined;
        expired = false;
        return HttpResponse.json({ type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'token expired' }, { status: 401, headers: { 'Content-Type': 'application/problem+json' } });
      }),
    );
    // The stored token is another string for the same customer as the refreshed one.
    const refreshed = (JSON.parse(findScenario('token.refresh', 'success').entries[0]?.body ?? '{}') as { access_token: string }).access_token;
    const claims = JSON.parse(atob(refreshed.split('.')[1]?.replace(/-/g, '+').replace(/_/g, '/') ?? '')) as Record<string, unknown>;
    const before = unsignedToken({ ...claims, iat: 1 });
    const services = createApiServices(fixtureConfig(), memoryStorage());
    services.client.store.save({ ...sessionOf('customer'), token: before });
    render(
      <AppProviders path="/profile" services={services}>
        <ProfilePage />
      </AppProviders>,
    );
    await screen.findByRole('article', { name: 'eSIM 89961010025061000016' });
    // Give a second fetch, if the refresh caused one, every chance to start.
    await new Promise((r) => setTimeout(r, 300));
    server.events.removeAllListeners();
    expect(services.client.store.load().token).toBe(refreshed);
    expect(counts.refresh).toBe(1);
    // One refused call and its one retry: the session change fetched nothing more.
    expect(counts.esims).toBe(2);
  });
});
