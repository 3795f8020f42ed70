import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/shared/testing/AppProviders';
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

  it('puts the title, description, keywords and social metadata in the document head', () => {
    render(
      <AppProviders>
        <HomePage />
      </AppProviders>,
    );
    expect(document.head.querySelector('title:last-of-type')?.textContent).toContain('number one eSIM service in Lebanon');
    const meta = (sel: string) => document.head.querySelector(`meta[${sel}]`)?.getAttribute('content') ?? '';
    expect(meta('name="description"')).toContain('200+ destinations');
    expect(meta('name="keywords"')).toContain('Turkey eSIM');
    expect(meta('property="og:title"')).toContain('number one eSIM service in Lebanon');
    expect(meta('name="twitter:card"')).toBe('summary_large_image');
  });
});
