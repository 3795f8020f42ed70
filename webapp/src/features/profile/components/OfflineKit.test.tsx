import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handlersFor, type Selection } from '@/mocks/handlers';
import { createApiServices } from '@/shared/api/services';
import { memoryStorage } from '@/shared/api/memoryStorage';
import { fixtureConfig } from '@/test/fixtureConfig';
import { KitOwnerGuard } from '@/shared/offline/KitOwnerGuard';
import { readKit, saveKit } from '@/shared/offline/installKit';
import { accountKey } from '@/shared/query/queryClient';
import { AppProviders } from '@/test/AppProviders';
import { customerSession } from '@/test/sessions';
import { startMockServer } from '@/test/msw';
import { ProfilePage } from './ProfilePage';

const server = startMockServer();
const customer: Selection = { 'listEsimsByEmail': 'success', 'getEsimInfo': 'success', 'getQrCode': 'success' };

function servicesWithCustomer() {
  const storage = memoryStorage();
  const services = createApiServices(fixtureConfig(), storage);
  services.client.store.save(customerSession());
  return services;
}

const owner = () => accountKey({ token: '', refreshToken: '', isGuest: 'false', primaryProfileId: '', ...customerSession() });

function renderProfile(services = servicesWithCustomer()) {
  render(
    <AppProviders path="/profile" services={services}>
      <KitOwnerGuard />
      <ProfilePage />
    </AppProviders>,
  );
  return services;
}

const goOffline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('offline install kit on the profile', () => {
  it('saves the eSIMs the profile shows, for this customer', async () => {
    server.use(...handlersFor(customer));
    renderProfile();
    await screen.findByRole('heading', { level: 2, name: /89961010025061000016/ });
    await waitFor(async () => expect((await readKit(owner()))?.esims).toHaveLength(2));
    const kit = await readKit(owner());
    expect(kit?.esims.map((e) => e.iccid)).toEqual(['89961010025061000016', '89961010025062100039']);
    expect(kit?.esims[0]?.qrPng).toMatch(/^iVBOR/);
    expect(kit?.esims[0]?.smdp).not.toBe('');
  });

  it('offline, shows the saved QR code and codes with the saved time under an offline banner', async () => {
    await saveKit(
      owner(),
      [
        {
          iccid: '8996100000000000001',
          qrPng: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
          lpa: 'LPA:1$smdp.example.com$K2-ABC',
          smdp: 'smdp.example.com',
          activationCode: 'K2-ABC',
          iosLink: 'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.example.com%24K2-ABC',
          androidLink: 'https://esimsetup.android.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.example.com%24K2-ABC',
          plans: [{ name: 'Turkey 5GB', state: 'Active', startTime: '2026-11-20T10:00:00Z', endTime: '2026-11-27T10:00:00Z' }],
        },
      ],
      new Date('2026-11-23T18:30:00Z'),
    );
    goOffline();
    // No answer at all: the network is gone.
    renderProfile();
    // The banner is a status message (announced, not an error).
    const banner = await screen.findByText('You are offline. Showing the install details saved on this device.');
    expect(banner.closest('[role="status"]')).not.toBeNull();
    const card = await screen.findByRole('article', { name: 'eSIM 8996100000000000001' });
    expect(within(card).getByRole('img', { name: 'QR code to install the eSIM 8996100000000000001' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,iVBOR/));
    expect(within(card).getByText('smdp.example.com')).toBeInTheDocument();
    expect(within(card).getByText('K2-ABC')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Install on an Android phone' })).toHaveAttribute('href', expect.stringContaining('esimsetup.android.com'));
    expect(within(card).getByText('Turkey 5GB')).toBeInTheDocument();
    expect(within(card).getByText('Valid until Nov 27, 2026, 12:00 PM')).toBeInTheDocument();
    expect(screen.getByText('Saved Nov 23, 2026, 8:30 PM')).toBeInTheDocument();
    expect(screen.queryByText(/Your eSIMs could not be loaded/)).not.toBeInTheDocument();
  });

  it('offline with nothing saved, says how to keep the details for next time', async () => {
    goOffline();
    renderProfile();
    expect(await screen.findByText(/^No install details are saved on this device yet\./)).toBeInTheDocument();
  });

  it('is removed at logout, and a kit of another customer is never shown', async () => {
    server.use(...handlersFor(customer));
    const services = renderProfile();
    await waitFor(async () => expect(await readKit(owner())).not.toBeNull());
    await saveKit('someone-else', [], new Date());
    act(() => services.api.auth.logout());
    await waitFor(async () => expect(await readKit(owner())).toBeNull());
    expect(await readKit('someone-else')).toBeNull();
  });

  it('the install card button says when the card cannot be made', async () => {
    server.use(...handlersFor(customer));
    renderProfile();
    const card = await screen.findByRole('article', { name: 'eSIM 89961010025061000016' });
    // jsdom draws nothing: the button reports the failure instead of failing silently.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Save install card' }));
    expect(await within(card).findByText('The install card could not be made. Please try again.')).toBeInTheDocument();
  });
});
