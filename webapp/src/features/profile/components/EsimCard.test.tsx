import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { findScenario } from '@/mocks/handlers';
import type { Esim } from '@/shared/api/types';
import { AppProviders } from '@/shared/testing/AppProviders';
import { ConsumptionBar } from './ConsumptionBar';
import { EsimCard, isIOS } from './EsimCard';

/** The first eSIM of the esims.byEmail fixture, with the API client's defaults filled in. */
function fixtureEsim(): Esim {
  const body = JSON.parse(findScenario('esims.byEmail', 'success').entries[0]?.body ?? '{}') as { data: { esims: Esim[] } };
  const e = body.data.esims[0];
  if (!e) throw new Error('fixture has no eSIM');
  return e;
}

const renderCard = (ios: boolean, esim = fixtureEsim()) =>
  render(
    <AppProviders session={'customer'}>
      <EsimCard esim={esim} bundles={esim.bundles} ios={ios} />
    </AppProviders>,
  );

describe('isIOS', () => {
  it.each([
    { name: 'iPhone', ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15', touch: 5, want: true },
    { name: 'iPad (iPadOS desktop mode)', ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15', touch: 5, want: true },
    { name: 'Mac', ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15', touch: 0, want: false },
    { name: 'Android', ua: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36', touch: 5, want: false },
  ])('$name: $want', ({ ua, touch, want }) => {
    expect(isIOS(ua, touch)).toBe(want);
  });
});

describe('EsimCard', () => {
  it("offers 'Install on this iPhone' from linkOnIphone on iOS only", () => {
    const esim = fixtureEsim();
    const { unmount } = renderCard(true, esim);
    expect(screen.getByRole('link', { name: 'Install on this iPhone' })).toHaveAttribute('href', esim.linkOnIphone);
    unmount();
    renderCard(false, esim);
    expect(screen.queryByRole('link', { name: 'Install on this iPhone' })).not.toBeInTheDocument();
  });

  it('copies the SM-DP+ address and the activation code from the LPA string, with a visible status', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderCard(false);
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
    renderCard(false);
    await user.click(screen.getByRole('button', { name: 'Copy SM-DP+ address' }));
    expect(await screen.findByText('Copy failed')).toBeInTheDocument();
  });

  it('hides install help when the link is not an Apple install link', () => {
    renderCard(true, { ...fixtureEsim(), linkOnIphone: 'https://evil.example/esim_qrcode_provisioning?carddata=LPA%3A1%24a.b%24C' });
    expect(screen.queryByRole('link', { name: 'Install on this iPhone' })).not.toBeInTheDocument();
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
        <EsimCard esim={esim} bundles={bundles} ios={false} />
      </AppProviders>,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Turkey', 'Cyprus']);
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
