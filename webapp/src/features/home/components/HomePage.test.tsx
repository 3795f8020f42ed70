import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/test/AppProviders';
import { HomePage } from './HomePage';

describe('HomePage', () => {
  it('shows the 11 destinations, Explore Destinations, four benefits, setup links and the contact block', () => {
    render(
      <AppProviders>
        <HomePage />
      </AppProviders>,
    );
    const dest = screen.getByRole('region', { name: 'Popular Destinations' });
    const cards = within(dest).getAllByRole('listitem').map((li) => li.textContent);
    expect(cards).toEqual(['Turkey', 'UAE', 'France', 'United States', 'United Kingdom', 'Italy', 'KSA', 'Europe', 'Spain', 'Greece', 'Italy']);
    expect(screen.getByRole('link', { name: 'Explore Destinations' })).toHaveAttribute('href', '/plans');
    expect(within(screen.getByRole('region', { name: 'Why choose us' })).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Android guide' })).toHaveAttribute('href', '/setup-guide/android');
    expect(screen.getByRole('link', { name: 'iOS guide' })).toHaveAttribute('href', '/setup-guide/ios');
    expect(screen.getByRole('link', { name: '+961 1 555 010' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@cedarsim.example' })).toBeInTheDocument();
  });

  it('speaks Arabic, right-to-left, with the destinations named in Arabic', () => {
    render(
      <AppProviders locale="ar">
        <HomePage />
      </AppProviders>,
    );
    const dest = screen.getByRole('region', { name: 'الوجهات الأكثر طلباً' });
    expect(within(dest).getAllByRole('listitem')[0]?.textContent).toBe('تركيا');
    expect(within(dest).getAllByRole('listitem')[7]?.textContent).toBe('أوروبا');
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('link', { name: '+961 1 555 010' })).toHaveAttribute('dir', 'ltr');
  });

  // The keywords and sharing tags are in the served index.html (HomeHead.test.tsx); the
  // page itself ensures its title and description, once each.
  it('sets the home title and one description', async () => {
    document.head.innerHTML = '';
    render(
      <AppProviders>
        <HomePage />
      </AppProviders>,
    );
    await new Promise((r) => setTimeout(r, 0));
    expect(document.title).toContain('number one eSIM service in Lebanon');
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    const descriptions = document.head.querySelectorAll('meta[name="description"]');
    expect(descriptions).toHaveLength(1);
    expect(descriptions[0]?.getAttribute('content')).toContain('200+ destinations');
  });
});
