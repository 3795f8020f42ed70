import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { findScenario } from '@/mocks/handlers';
import type { Esim } from '@/shared/api/types';
import arShared from '@/shared/i18n/locales/ar.json';
import { AppProviders } from '@/test/AppProviders';
import ar from '../locales/ar.json';
import { ConsumptionBar } from './ConsumptionBar';
import type { Platform } from '@/shared/device/platform';
import { NAMESPACES } from '@/shared/i18n/catalogues';
import { createI18n } from '@/shared/i18n/i18n';
import { androidLink, fromIPhoneLink } from '../api/lpa';
import { EsimCard, supportMessage } from './EsimCard';

/** The first eSIM of the listEsimsByEmail fixture, with the API client's defaults filled in. */
function fixtureEsim(): Esim {
  const body = JSON.parse(findScenario('listEsimsByEmail', 'success').entries[0]?.body ?? '{}') as { data: { esims: Esim[] } };
  const e = body.data.esims[0];
  if (!e) throw new Error('fixture has no eSIM');
  return e;
}

/** Mid-plan for the fixture's Active bundle (it runs 2025-06-12 to 2025-07-12). */
const MID_PLAN = Date.parse('2025-06-20T08:00:00Z');

const renderCard = (platform: Platform, esim = fixtureEsim(), config = {}) =>
  render(
    <AppProviders session={'customer'} config={config}>
      <EsimCard esim={esim} bundles={esim.bundles} platform={platform} fetchedAt={MID_PLAN} />
    </AppProviders>,
  );

describe('EsimCard', () => {
  it("offers 'Install on this iPhone' from linkOnIphone on iOS, and no Android link", () => {
    const esim = fixtureEsim();
    renderCard('ios', esim);
    expect(screen.getByRole('link', { name: 'Install on this iPhone' })).toHaveAttribute('href', esim.linkOnIphone);
    expect(screen.queryByRole('link', { name: /Android/ })).not.toBeInTheDocument();
  });

  it("offers Android's one-tap link on Android, and no iPhone link", () => {
    const esim = fixtureEsim();
    renderCard('android', esim);
    const want = androidLink(fromIPhoneLink(esim.linkOnIphone));
    expect(want).toMatch(/^https:\/\/esimsetup\.android\.com\/esim_qrcode_provisioning\?carddata=LPA%3A1%24/);
    expect(screen.getByRole('link', { name: 'Install on this Android phone' })).toHaveAttribute('href', want);
    expect(screen.queryByRole('link', { name: /iPhone/ })).not.toBeInTheDocument();
  });

  it('offers both links next to the QR code on any other device', async () => {
    const esim = fixtureEsim();
    renderCard('other', esim);
    expect(screen.getByRole('link', { name: 'Install on an iPhone' })).toHaveAttribute('href', esim.linkOnIphone);
    expect(screen.getByRole('link', { name: 'Install on an Android phone' })).toHaveAttribute('href', androidLink(fromIPhoneLink(esim.linkOnIphone)));
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeInTheDocument();
  });

  it('opens WhatsApp with the ICCID and the plans, and hides it without a number', () => {
    const esim = fixtureEsim();
    const { unmount } = renderCard('other', esim);
    const link = screen.getByRole('link', { name: `Chat on WhatsApp about eSIM ${esim.iccid} (opens in a new tab)` });
    const href = new URL(link.getAttribute('href') ?? '');
    expect(href.origin + href.pathname).toBe('https://wa.me/96171555010');
    expect(href.searchParams.get('text')).toBe(`Hello, I need help with my eSIM. ICCID: ${esim.iccid}. Plan: Turkey 5GB, Turkey 1GB.`);
    expect(link).toHaveAttribute('target', '_blank');
    unmount();
    renderCard('other', esim, { whatsapp: '' });
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
  });

  it('speaks the customer\'s language: Arabic link and WhatsApp text', () => {
    const esim = fixtureEsim();
    render(
      <AppProviders session={'customer'} locale="ar">
        <EsimCard esim={esim} bundles={esim.bundles} platform="android" fetchedAt={MID_PLAN} />
      </AppProviders>,
    );
    expect(screen.getByRole('link', { name: ar.installOnThisAndroid })).toHaveAttribute('href', androidLink(fromIPhoneLink(esim.linkOnIphone)));
    const wa = new URL(screen.getByRole('link', { name: new RegExp(arShared.whatsappChat) }).getAttribute('href') ?? '');
    expect(wa.searchParams.get('text')).toBe(ar.whatsappAboutEsim.replace('{{iccid}}', esim.iccid).replace('{{plans}}', 'Turkey 5GB, Turkey 1GB'));
  });

  it('warns at 80% used, with the top-up button instead of the plain one', () => {
    const esim = fixtureEsim();
    const low = { ...esim, bundles: esim.bundles.map((b) => (b.bundleState === 'Active' ? { ...b, remainingQuantity: 1_000_000_000 } : b)) };
    renderCard('other', low);
    expect(screen.getByText('You have used 80% of your data.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Top up this eSIM' })).toHaveLength(1);
  });

  it('warns when the plan ends within 24 hours', () => {
    const esim = fixtureEsim();
    render(
      <AppProviders session={'customer'}>
        <EsimCard esim={esim} bundles={esim.bundles} platform="other" fetchedAt={Date.parse('2025-07-11T08:00:00Z')} />
      </AppProviders>,
    );
    expect(screen.getByText('This plan ends within 24 hours (Jul 12, 2025, 9:02 AM).')).toBeInTheDocument();
    expect(screen.queryByText(/of your data/)).not.toBeInTheDocument();
  });

  it('has no notice mid-plan with data left', () => {
    renderCard('other');
    expect(screen.queryByText(/ends within 24 hours|of your data/)).not.toBeInTheDocument();
  });

  it('copies the SM-DP+ address and the activation code from the LPA string, with a visible status', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderCard('other');
    expect(screen.getByText('smdp.cedarsim.example')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy SM-DP+ address' }));
    expect(writeText).toHaveBeenLastCalledWith('smdp.cedarsim.example');
    expect(await screen.findByText('Copied')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Copy Activation code' }));
    expect(writeText).toHaveBeenLastCalledWith('10326-D64AD-97847-DDE82');
  });

  it('says when copying fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderCard('other');
    await user.click(screen.getByRole('button', { name: 'Copy SM-DP+ address' }));
    expect(await screen.findByText('Copy failed')).toBeInTheDocument();
  });

  it('hides install help when the link is not an Apple install link', () => {
    renderCard('ios', { ...fixtureEsim(), linkOnIphone: 'https://evil.example/esim_qrcode_provisioning?carddata=LPA%3A1%24a.b%24C' });
    expect(screen.queryByRole('link', { name: /^Install/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Copy/ })).not.toBeInTheDocument();
  });

  it('skips covered countries without a usable name and has no top-up without canTopup', () => {
    const esim = fixtureEsim();
    const bundles = esim.bundles.map((b) => ({
      ...b,
      canTopup: false,
      roamingCountries: [
        { isoCode: 'XX', name: 'Unknown' },
        { isoCode: 'CY', name: 'Cyprus' },
        { isoCode: 'YY', name: ' ' },
      ],
    }));
    render(
      <AppProviders session={'customer'}>
        <EsimCard esim={esim} bundles={bundles} platform="other" />
      </AppProviders>,
    );
    expect(within(screen.getByRole('list', { name: 'Coverage' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Turkey', 'Cyprus']);
    expect(screen.queryByRole('link', { name: 'Top up this eSIM' })).not.toBeInTheDocument();
  });
});

describe('ConsumptionBar', () => {
  it.each([
    { name: 'part used', initial: 1_000_000_000, remaining: 250_000_000, now: '75', text: '750 MB used of 1.00 GB (75%)' },
    { name: 'nothing used', initial: 1_000_000_000, remaining: 1_000_000_000, now: '0', text: '0 MB used of 1.00 GB (0%)' },
    { name: 'initial 0 is 0', initial: 0, remaining: 0, now: '0', text: '0 MB used of 0.00 GB (0%)' },
  ])('$name', ({ initial, remaining, now, text }) => {
    render(<ConsumptionBar initialQuantity={initial} remainingQuantity={remaining} unlimited={false} />);
    expect(screen.getByRole('progressbar', { name: 'Data used' })).toHaveAttribute('aria-valuenow', now);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it("reads 'Unlimited' for unlimited plans, without a bar", () => {
    render(<ConsumptionBar initialQuantity={0} remainingQuantity={0} unlimited />);
    expect(screen.getByText('Unlimited')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

describe('supportMessage', () => {
  it.each([
    { name: 'one plan', plans: ['Turkey 5GB'], want: 'Hello, I need help with my eSIM. ICCID: 8996. Plan: Turkey 5GB.' },
    { name: 'same plan twice', plans: ['Turkey 5GB', 'Turkey 5GB'], want: 'Hello, I need help with my eSIM. ICCID: 8996. Plan: Turkey 5GB.' },
    { name: 'no plan name', plans: [''], want: 'Hello, I need help with my eSIM. ICCID: 8996.' },
  ])('$name', ({ plans, want }) => {
    const [base] = fixtureEsim().bundles;
    if (!base) throw new Error('fixture eSIM has no bundle');
    const bundles = plans.map((n) => ({ ...base, bundleDisplayName: n, description: '', name: '' }));
    const t = createI18n({ locale: 'en', namespaces: NAMESPACES }).getFixedT('en', 'profile');
    expect(supportMessage(t, '8996', bundles)).toBe(want);
  });
});
