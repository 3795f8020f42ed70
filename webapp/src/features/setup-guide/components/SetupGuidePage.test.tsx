import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/test/AppProviders';
import { SetupGuidePage } from './SetupGuidePage';

function renderGuide(url: string) {
  render(
    <AppProviders path="/setup-guide/:item?" url={url}>
      <SetupGuidePage />
    </AppProviders>,
  );
}

const steps = () => within(screen.getByRole('tabpanel')).getAllByRole('listitem');

describe('SetupGuidePage', () => {
  it.each([
    { url: '/setup-guide/android', tab: 'Android', count: 15 },
    { url: '/setup-guide/ios', tab: 'iOS', count: 11 },
    { url: '/setup-guide', tab: 'iOS', count: 11 },
    { url: '/setup-guide/windows', tab: 'iOS', count: 11 },
  ])('$url preselects $tab with $count steps', ({ url, tab, count }) => {
    renderGuide(url);
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent(tab);
    expect(steps()).toHaveLength(count);
    for (const s of steps()) expect(within(s).getByRole('img')).toHaveAttribute('src', expect.stringMatching(/\/images\/setup\/[a-z]+\.svg$/));
  });

  describe("without an item, the visitor's phone", () => {
    afterEach(() => vi.unstubAllGlobals());
    it.each([
      { ua: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36', url: '/setup-guide', tab: 'Android' },
      { ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', url: '/setup-guide', tab: 'iOS' },
      { ua: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126 Safari/537.36', url: '/setup-guide', tab: 'iOS' },
      { ua: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36', url: '/setup-guide/ios', tab: 'iOS' },
    ])('$tab for $url on $ua', ({ ua, url, tab }) => {
      vi.stubGlobal('navigator', { userAgent: ua, maxTouchPoints: 5 });
      renderGuide(url);
      expect(screen.getByRole('tab', { selected: true })).toHaveTextContent(tab);
    });
  });

  it('says which phones the Android steps describe', () => {
    renderGuide('/setup-guide/android');
    expect(within(screen.getByRole('tabpanel')).getByText(/Samsung Galaxy phone \(One UI\)/)).toBeInTheDocument();
  });

  it('switches tabs by click and by arrow keys', async () => {
    const user = userEvent.setup();
    renderGuide('/setup-guide');
    await user.click(screen.getByRole('tab', { name: 'Android' }));
    expect(steps()).toHaveLength(15);
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'iOS' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'iOS' })).toHaveAttribute('aria-selected', 'true');
    expect(steps()).toHaveLength(11);
  });
});
